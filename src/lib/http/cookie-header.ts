/**
 * The one parser of Cookie headers, for the web app (src/server/http/request-cookies.ts) and the
 * instance app. It imports nothing of the app (the import zones in eslint.config.mjs).
 *
 * Same rules as Next's parser (the `cookie` package): pairs split at `;`, name and value trimmed,
 * the first of two same-named cookies wins (browsers send the most specific cookie first), a pair
 * without `=` ignored, `=` inside a value kept. The table has no prototype, so a cookie named
 * `__proto__` or `constructor` is just a cookie.
 *
 * Values, by default as Next reads them: one pair of surrounding double quotes dropped, and a value
 * with an escape (`%`) decoded with decodeURIComponent (kept as sent when it does not decode).
 * Decoding only values with a `%` is the same answer and spares the web app decoding 1.5 kB of
 * session cookies per request that no page reads (issue 18).
 *
 * `raw`: values exactly as sent (trimmed), no quotes dropped and nothing decoded: the instance app
 * compares its own random session ids and nonces byte for byte.
 */
export type CookieTable = Readonly<Record<string, string | undefined>>;

export interface CookieHeaderOptions {
  raw?: boolean;
}

export function parseCookieHeader(header: string | undefined, options: CookieHeaderOptions = {}): CookieTable {
  const cookies: Record<string, string> = Object.create(null);
  if (!header) return cookies;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    const equals = header.indexOf('=', start);
    if (equals !== -1 && equals < end) {
      const name = header.slice(start, equals).trim();
      if (!(name in cookies)) {
        const value = header.slice(equals + 1, end).trim();
        cookies[name] = options.raw ? value : readValue(value);
      }
    }
    start = end + 1;
  }
  return cookies;
}

function readValue(sent: string): string {
  const value = sent.charCodeAt(0) === 34 /* " */ ? sent.slice(1, -1) : sent;
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
