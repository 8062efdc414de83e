import { isJsonObject, type JsonObject } from '@/domain/json/json-object';

/**
 * What leaves for the error tracker, on both sides (beforeSend, beforeSendTransaction and
 * beforeBreadcrumb call these): never a learner's code, their email or a credential.
 * - the request keeps its URL (without secret query parameters), method and harmless headers;
 *   cookies, Authorization/Cookie/forwarding headers and the body are dropped;
 * - the user keeps only an id;
 * - anywhere in the event, keys that can carry a secret or learner code are removed (secretKey),
 *   and every string has JWTs, Bearer credentials, Stripe secrets, email addresses and secret
 *   query parameters replaced (scrubText).
 * Plain JSON objects in, plain JSON objects out: the SDK's types are cast at the call site.
 */

export const FILTERED = '[Filtered]';

/** Keys (compared without case, `-` or `_`) whose values are dropped wherever they appear. */
const SECRET_KEYS = new Set([
  // credentials
  'token', 'idtoken', 'refreshtoken', 'accesstoken', 'authorization', 'proxyauthorization', 'auth', 'password', 'passwd', 'secret', 'key', 'apikey', 'privatekey',
  'cookie', 'cookies', 'setcookie', 'session', 'sessionid',
  // learner code and what it printed
  'code', 'files', 'file', 'source', 'sourcecode', 'solution', 'solutions', 'content', 'contents', 'usercontent', 'html', 'sql', 'output', 'stdout', 'stderr', 'note', 'notes', 'answer', 'answers',
  // request bodies
  'body',
]);
/** Suffixes that mark a secret whatever comes before them (clientSecret, x-api-key, csrfToken). */
const SECRET_SUFFIXES = ['token', 'secret', 'password', 'apikey', 'privatekey', 'cookie'];
/** Headers that say who the visitor is or carry their credentials. */
const DROPPED_HEADERS = new Set(['xforwardedfor', 'xrealip', 'forwarded', 'cfconnectingip', 'trueclientip']);

const normalizeKey = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

export function isSecretKey(key: string): boolean {
  const normal = normalizeKey(key);
  return SECRET_KEYS.has(normal) || SECRET_SUFFIXES.some((suffix) => normal.endsWith(suffix));
}

const TEXT_RULES: [RegExp, string][] = [
  // Bearer credentials in free text (an Authorization header logged as text).
  [/\b(Bearer)\s+[A-Za-z0-9._~+/=-]{8,}/gi, `$1 ${FILTERED}`],
  // A JWT starts with the base64url of '{"'; the emulator's have an empty signature.
  [/\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, FILTERED],
  // Any other three long base64url segments.
  [/\b[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g, FILTERED],
  // Stripe secret and restricted keys, webhook signing secrets.
  [/\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]+/g, FILTERED],
  [/\bwhsec_[A-Za-z0-9+/=]+/g, FILTERED],
  // Email addresses.
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, FILTERED],
];

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** `?a=1&token=x` → `?a=1`: only query strings that had a secret parameter are rewritten. */
function stripSecretParameters(text: string): string {
  return text.replace(/\?([^\s#"'<>`?]*)/g, (match, query: string) => {
    if (!query.includes('=')) return match;
    const parts = query.split('&');
    const kept = parts.filter((part) => !isSecretKey(safeDecode(part.split('=')[0] ?? '')));
    if (kept.length === parts.length) return match;
    return kept.length > 0 ? `?${kept.join('&')}` : '';
  });
}

export function scrubText(text: string): string {
  let scrubbed = stripSecretParameters(text);
  for (const [pattern, replacement] of TEXT_RULES) scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed;
}

/** Deeper than any event the SDKs build (they normalize to a depth of a few levels). */
const MAX_DEPTH = 24;

/** Any value: strings scrubbed, secret keys removed, class instances turned into safe text. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  if (depth >= MAX_DEPTH) return FILTERED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  if (isJsonObject(value)) return scrubObject(value, depth);
  // Breadcrumbs carry raw console arguments: errors and other instances become text, never walked.
  if (value instanceof Error) return scrubText(`${value.name}: ${value.message}`);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  return `[${(value as { constructor?: { name?: string } }).constructor?.name || 'object'}]`;
}

function scrubObject(object: JsonObject, depth: number): JsonObject {
  const result: JsonObject = {};
  for (const [key, item] of Object.entries(object)) {
    if (isSecretKey(key)) continue;
    const scrubbed = scrubValue(item, depth + 1);
    if (scrubbed !== undefined) result[key] = scrubbed;
  }
  return result;
}

function scrubHeaders(headers: JsonObject): JsonObject {
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !DROPPED_HEADERS.has(normalizeKey(name))));
  return scrubObject(kept, 1);
}

function scrubQueryString(query: unknown): unknown {
  if (typeof query === 'string') return scrubText(`?${query.replace(/^\?/, '')}`).replace(/^\?/, '');
  if (Array.isArray(query)) return query.filter((pair) => !(Array.isArray(pair) && typeof pair[0] === 'string' && isSecretKey(pair[0]))).map((pair) => scrubValue(pair, 2));
  return scrubValue(query, 1);
}

function scrubRequest(request: JsonObject): JsonObject {
  // Cookies, the body and the server's environment (addresses) never leave.
  const { cookies: _cookies, data: _data, env: _env, headers, query_string: query, ...rest } = request;
  const result = scrubObject(rest, 1);
  if (isJsonObject(headers)) result.headers = scrubHeaders(headers);
  if (query !== undefined) result.query_string = scrubQueryString(query);
  return result;
}

function scrubUser(user: unknown): JsonObject | undefined {
  if (!isJsonObject(user)) return undefined;
  const id = user.id;
  return typeof id === 'string' || typeof id === 'number' ? { id } : undefined;
}

/** The SDK's own bookkeeping (never sent: removed when the envelope is made), holding its objects. */
const SDK_INTERNAL_KEYS = new Set(['sdkProcessingMetadata']);

/** An error or transaction event as it will be sent; null for anything that is not an object (dropped). */
export function scrubEvent(event: unknown): JsonObject | null {
  if (!isJsonObject(event)) return null;
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(event)) {
    if (SDK_INTERNAL_KEYS.has(key)) result[key] = value;
    else if (key === 'request') {
      if (isJsonObject(value)) result.request = scrubRequest(value);
    } else if (key === 'user') {
      const user = scrubUser(value);
      if (user) result.user = user;
    } else if (!isSecretKey(key)) {
      const scrubbed = scrubValue(value, 1);
      if (scrubbed !== undefined) result[key] = scrubbed;
    }
  }
  return result;
}

/** A breadcrumb (a console line, a fetch, a navigation, a click); null drops it. */
export function scrubBreadcrumb(breadcrumb: unknown): JsonObject | null {
  if (!isJsonObject(breadcrumb)) return null;
  return scrubObject(breadcrumb, 0);
}
