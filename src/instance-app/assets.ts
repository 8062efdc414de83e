import path from 'node:path';
import { build } from 'esbuild';
import type { PageAssets } from './pages';

/**
 * The workspace page's client (src/instance-app/client) bundled with esbuild once per process,
 * kept in memory and served under content-hashed names (cached for a year). The bundle takes
 * xterm's stylesheet from node_modules with it, so nothing loads from anywhere else.
 */
export interface ClientAsset {
  body: Buffer;
  contentType: string;
}

export interface ClientBundle {
  page: PageAssets;
  files: Map<string, ClientAsset>;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.woff2': 'font/woff2', '.svg': 'image/svg+xml' };

export async function bundleClient(): Promise<ClientBundle> {
  const result = await build({
    entryPoints: { workspace: path.join(__dirname, 'client', 'main.ts') },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    minify: true,
    sourcemap: false,
    write: false,
    outdir: '/assets',
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const files = new Map<string, ClientAsset>();
  let css = '';
  let js = '';
  for (const output of result.outputFiles) {
    const name = path.basename(output.path);
    files.set(name, { body: Buffer.from(output.contents), contentType: TYPES[path.extname(name)] ?? 'application/octet-stream' });
    if (name.endsWith('.js')) js = `/assets/${name}`;
    if (name.endsWith('.css')) css = `/assets/${name}`;
  }
  if (!css || !js) throw new Error('The workspace client bundle has no script or stylesheet.');
  return { page: { css, js }, files };
}
