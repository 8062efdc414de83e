import path from 'node:path';

/**
 * The script each learner's vm context runs before the program (javascript-context-entry.ts and
 * the browser worker's own runner, javascript-in-realm.ts, in one classic script). In the sandbox
 * process it is built in: build-sandbox-child.ts bundles it and hands it over as a constant, since
 * that process may start no other program. Elsewhere (Jest, content:check) it is bundled on first use.
 */
declare const __CODETRAIL_JAVASCRIPT_REALM__: string | undefined;

export async function buildJavaScriptRealmScript(root = process.cwd()): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(root, 'src/runner/node/javascript-context-entry.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    // Only ECMAScript is there: no Node or browser built-in may be assumed.
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    alias: { '@': path.join(root, 'src') },
    logLevel: 'error',
  });
  const code = result.outputFiles[0]?.text;
  if (!code) throw new Error('The JavaScript runner could not be built.');
  return code;
}

let building: Promise<string> | null = null;

export function javascriptRealmScript(): Promise<string> {
  if (typeof __CODETRAIL_JAVASCRIPT_REALM__ === 'string') return Promise.resolve(__CODETRAIL_JAVASCRIPT_REALM__);
  building ??= buildJavaScriptRealmScript();
  building.catch(() => {
    building = null;
  });
  return building;
}
