/**
 * Next compiles instrumentation.ts for the edge runtime too (`npm run dev` does on every start).
 * The server-only imports (database, sandbox pool, machines) must fall away in that compile; when
 * they sat after an early return, `next dev` failed on `pg` ("Can't resolve 'fs'") and answered
 * every page with a 500. esbuild, given the edge's value of NEXT_RUNTIME, drops dead branches the
 * same way webpack does, so it stands in for that compile here.
 */
import path from 'node:path';
import { build } from 'esbuild';

async function bundleFor(runtime: 'edge' | 'nodejs') {
  return build({
    entryPoints: [path.resolve('instrumentation.ts')],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    outdir: path.resolve('.next', 'instrumentation-check'),
    define: { 'process.env.NEXT_RUNTIME': JSON.stringify(runtime) },
    alias: { '@': path.resolve('src') },
    metafile: true,
    logLevel: 'silent',
  });
}

describe('instrumentation.ts', () => {
  it('compiles for the edge runtime without any server-only module', async () => {
    const result = await bundleFor('edge');
    expect(result.errors).toEqual([]);
    const inputs = Object.keys(result.metafile?.inputs ?? {});
    expect(inputs.filter((input) => input.includes('src/server/') || input.includes('node_modules/'))).toEqual([]);
  });

  it('still starts the server-side work in the Node.js runtime (which the edge compile must not hold)', async () => {
    // In a browser-platform bundle the Node.js branch cannot resolve Node's modules: proof it is there.
    await expect(bundleFor('nodejs')).rejects.toThrow(/Could not resolve "node:/);
    // It walks the whole server tree: over Jest's 5 s on a loaded 2-core machine (seen in npm test).
  }, 60_000);
});
