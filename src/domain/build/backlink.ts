/**
 * `/web/build/{id}?backlink=`: where the project page's back button goes. Only two kinds of page
 * qualify — the build area (`/web/build`, `/web/build/...`) and a section's details
 * (`/web/{trackId}/section/{index}` or `.../section/active`); anything else is an error the page
 * shows as an error page (spec: an invalid back-link type raises an error).
 *
 * Whitelisted shapes, not a cleaned-up URL: a path made only of these characters cannot leave the
 * app (no scheme, no `//`, no backslash, no `..`, no percent-encoding to decode into one of them).
 */

export const BACKLINK_MAX_LENGTH = 200;

export type Backlink = { kind: 'build'; path: string } | { kind: 'section'; path: string };
export type BacklinkResult = Backlink | { kind: 'error'; message: string };

const BUILD_PATH = /^\/web\/build(?:\/[A-Za-z0-9_-]{1,64}){0,4}$/;
// Track ids are lower-case kebab-case (content ids); section indexes as the section page takes them.
const SECTION_PATH = /^\/web\/[a-z0-9]+(?:-[a-z0-9]+)*\/section\/(?:\d{1,3}|active)$/;

export function parseBacklink(value: unknown): BacklinkResult {
  if (typeof value !== 'string' || value.length === 0) return { kind: 'error', message: 'The back-link is missing.' };
  if (value.length > BACKLINK_MAX_LENGTH) return { kind: 'error', message: 'The back-link is too long.' };
  if (BUILD_PATH.test(value)) return { kind: 'build', path: value };
  if (SECTION_PATH.test(value)) return { kind: 'section', path: value };
  return { kind: 'error', message: 'The back-link must be a page of the build area or a section of a course.' };
}
