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

export function sandboxDocumentHeaders(kind: SandboxKind, input: SandboxPolicyInput): Header[] {
  return [
    { key: 'Content-Type', value: 'text/html; charset=utf-8' },
    { key: 'Content-Security-Policy', value: sandboxContentSecurityPolicy(kind, input) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'no-referrer' },
    { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
    // The policy names the origin the request came to; never reuse it for another.
    { key: 'Cache-Control', value: 'no-store' },
  ];
}
