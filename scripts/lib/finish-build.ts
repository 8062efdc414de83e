/**
 * What `npm run build` does after `next build` (issue 18), run by `npm start` too (it is quick and
 * idempotent, so a build from an older checkout is finished as well):
 *
 * 1. Writes the two manifests Next 15.5 looks for on *every* page and API request but never
 *    writes for this app: `dynamic-css-manifest` (Next writes `dynamic-css-manifest.json`, then asks
 *    for the name without `.json`) and `server/subresource-integrity-manifest.json` (only written
 *    with experimental SRI). Next reads them with "missing is fine" and caches only a file it found,
 *    so each request threw and caught two ENOENT errors: about 13 % of an API read's time in a
 *    profile. The pages and API handlers never use either value (the page renderer takes the real
 *    dynamic CSS list from `dynamic-css-manifest.json`), so the files hold exactly what Next uses
 *    when they are missing: `{}`.
 * 2. Bundles `scripts/app-server.ts` (the production server with load shedding) into plain
 *    JavaScript, so the app process runs under plain `node`: under tsx, every `require` a request
 *    makes (Next loads the route's module each time) went through tsx's resolver.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

/** The manifests Next asks for on each request, relative to a dist folder, and what "missing" means to it. */
export const EMPTY_MANIFESTS = ['dynamic-css-manifest', path.join('server', 'subresource-integrity-manifest.json')] as const;

/** The app server as plain JavaScript, inside the dist folder (`npm start` runs it with `node`). */
export const APP_SERVER_BUNDLE = 'codetrail-app-server.js';

/**
 * Writes the missing manifests into a built dist folder (and into its standalone copy, when the
 * build made one); a file that exists is left as it is. Returns the files it wrote.
 */
export function writeMissingManifests(distDir: string): string[] {
  const written: string[] = [];
  const folders = [distDir, path.join(distDir, 'standalone', path.basename(distDir))];
  for (const folder of folders) {
    if (!existsSync(path.join(folder, 'BUILD_ID'))) continue;
    for (const manifest of EMPTY_MANIFESTS) {
      const file = path.join(folder, manifest);
      if (existsSync(file)) continue;
      writeFileSync(file, '{}\n');
      written.push(file);
    }
  }
  return written;
}

/** Bundles the app server (its imports from src/ included, `next` left to node_modules) into `outFile`. */
export function bundleAppServer(outFile: string, entry = path.join('scripts', 'app-server.ts')): void {
  buildSync({
    entryPoints: [entry],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['next'],
    logLevel: 'warning',
  });
}

/** Both steps for a built dist folder. */
export function finishBuild(distDir: string): void {
  if (!existsSync(path.join(distDir, 'BUILD_ID'))) throw new Error(`No Next.js build in ${distDir}: run next build first.`);
  writeMissingManifests(distDir);
  bundleAppServer(path.join(distDir, APP_SERVER_BUNDLE));
}
