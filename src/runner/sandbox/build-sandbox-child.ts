import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, renameSync, writeFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { buildJavaScriptRealmScript } from '../node/javascript-realm-script';

/**
 * Bundles sandbox-child.ts (with the shared check engine, and the script JavaScript runs' vm
 * contexts start with) into one ES module inside
 * node_modules/.cache/codetrail, so bare imports of the runtimes (pyodide, sql.js, jsdom)
 * resolve from node_modules, the only folder a sandbox process may read. Built once per
 * process on first use (about 0.3 s); the file name carries a hash of its content so
 * processes of different versions never share a file.
 */

export interface SandboxChildBundle {
  /** The bundled entry, readable by everyone (the sandbox may run as another user). */
  entry: string;
  /** The one folder the sandbox may read. */
  readableRoot: string;
}

let building: Promise<SandboxChildBundle> | null = null;

export function buildSandboxChild(root = process.cwd()): Promise<SandboxChildBundle> {
  building ??= (async () => {
    const source = path.join(root, 'src/runner/sandbox/sandbox-child.ts');
    if (!existsSync(source)) throw new Error(`The sandbox runner source is missing (${source}); run the app from the project folder.`);
    const { build } = await import('esbuild');
    // The script each JavaScript run's vm context starts with, built in (the process may start no bundler).
    const javascriptRealm = await buildJavaScriptRealmScript(root);
    const result = await build({
      entryPoints: [source],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      external: ['pyodide', 'sql.js', 'jsdom', 'esbuild'],
      define: { __CODETRAIL_JAVASCRIPT_REALM__: JSON.stringify(javascriptRealm) },
      alias: { '@': path.join(root, 'src') },
      logLevel: 'error',
    });
    const code = result.outputFiles[0]?.contents;
    if (!code) throw new Error('The sandbox runner could not be built.');
    // The real folder: Node's permission model checks real paths, and node_modules may be a link.
    const readableRoot = realpathSync(path.join(root, 'node_modules'));
    const folder = path.join(readableRoot, '.cache', 'codetrail');
    const entry = path.join(folder, `sandbox-child-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    if (!existsSync(entry)) {
      mkdirSync(folder, { recursive: true });
      chmodSync(folder, 0o755);
      // Written aside and renamed, so a process starting at the same moment never reads half a file.
      const partial = `${entry}.${process.pid}.partial`;
      writeFileSync(partial, code, { mode: 0o644 });
      renameSync(partial, entry);
    }
    return { entry, readableRoot };
  })();
  building.catch(() => {
    building = null;
  });
  return building;
}
