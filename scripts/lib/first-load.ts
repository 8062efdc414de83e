import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The lesson page's route in the build manifest, and its first-load JS budget (gzip). */
export const LESSON_ROUTE = '/web/track/[trackId]/tutorial/[tutorialId]/chapter/[chapterId]/learn';
export const LESSON_FIRST_LOAD_BUDGET_KB = 170;

/** The JS files a page loads before it is interactive (its own and _app's), from the production build. */
export function firstLoadFiles(route: string, dist = process.env.NEXT_DIST_DIR || '.next'): string[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, 'build-manifest.json'), 'utf8')) as { pages: Record<string, string[]> };
  return [...new Set([...(manifest.pages['/_app'] ?? []), ...(manifest.pages[route] ?? [])].filter((file) => file.endsWith('.js')))].map((file) => path.join(dist, file));
}

/** Their size in KB after gzip. */
export function firstLoadJsKb(route: string, dist?: string): number {
  let bytes = 0;
  for (const file of firstLoadFiles(route, dist)) bytes += gzipSync(readFileSync(file)).length;
  return bytes / 1024;
}
