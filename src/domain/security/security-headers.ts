import { appContentSecurityPolicy, sandboxContentSecurityPolicy, type AppPolicyInput, type SandboxKind, type SandboxPolicyInput } from './content-security-policy';

export interface Header {
  key: string;
  value: string;
}

/**
 * Powerful features no Codetrail page uses; denied for the app and every frame inside it. Only
 * names Chromium knows: an unknown one (such as `bluetooth`) is reported as a header error.
 */
export const DENIED_FEATURES = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ');

/** Two years, as the HSTS preload list asks. */
export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

export interface AppHeadersInput extends AppPolicyInput {
  /** The public origin (APP_ORIGIN); HSTS is only sent when it is https. */
  appOrigin: string;
}

/** Headers of every app response (pages, API, static files) except the sandbox documents. */
export function appSecurityHeaders(input: AppHeadersInput): Header[] {
  const headers: Header[] = [
    { key: 'Content-Security-Policy', value: appContentSecurityPolicy(input) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
  ];
  if (new URL(input.appOrigin).protocol === 'https:') headers.push({ key: 'Strict-Transport-Security', value: HSTS_VALUE });
  return headers;
}

/**
 * /vendor/* is fetched and imported by the sandbox frames, whose origin is opaque ("null"): every
 * such request is cross-origin and needs CORS and a cross-origin resource policy. The files are
 * public build output (runtimes and our bundled frame code), never personal data.
 */
export const VENDOR_HEADERS: Header[] = [
  { key: 'Access-Control-Allow-Origin', value: '*' },
  { key: 'Cross-Origin-Resource-Policy', value: 'cross-origin' },
];

/** A year: a cacheable sandbox document's URL names its version (see sandboxDocumentHeaders). */
export const SANDBOX_DOCUMENT_CACHE = 'private, max-age=31536000, immutable';

/**
 * `cacheable`: the request named the current sandbox version (`?v=`), so this exact document may be
 * kept by the learner's browser and a runtime can start from the cache with the network cut. The
 * document names the origin it was asked on, and the HTTP cache keys it by that URL (host
 * included), so it is never reused for another origin; `private` keeps shared caches out of it.
 * Any other request (an old or missing version, `next dev`) gets a document that is never stored.
 */
export function sandboxDocumentHeaders(kind: SandboxKind, input: SandboxPolicyInput, { cacheable }: { cacheable: boolean }): Header[] {
  return [
    { key: 'Content-Type', value: 'text/html; charset=utf-8' },
    { key: 'Content-Security-Policy', value: sandboxContentSecurityPolicy(kind, input) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'no-referrer' },
    { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
    { key: 'Cache-Control', value: cacheable ? SANDBOX_DOCUMENT_CACHE : 'no-store' },
  ];
}
