import { appSecurityHeaders, DENIED_FEATURES, HSTS_VALUE, PERMISSIONS_POLICY, sandboxDocumentHeaders, VENDOR_HEADERS } from './security-headers';

const base = { inlineScriptHashes: ['abc='], authEmulatorHost: null, development: false };
const names = (headers: { key: string }[]) => headers.map((header) => header.key);

describe('appSecurityHeaders', () => {
  it.each([
    ['https://codetrail.app', true],
    ['https://codetrail.app:8443', true],
    ['http://localhost:3000', false],
    ['http://codetrail.test', false],
  ])('%s: Strict-Transport-Security sent: %s', (appOrigin, sent) => {
    const headers = appSecurityHeaders({ ...base, appOrigin });
    expect(headers.find((header) => header.key === 'Strict-Transport-Security')?.value).toBe(sent ? HSTS_VALUE : undefined);
  });

  it('always sends an enforced policy (not report-only), framing and sniffing bans and the permissions policy', () => {
    expect(names(appSecurityHeaders({ ...base, appOrigin: 'http://localhost:3000' }))).toEqual(['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'X-Frame-Options', 'Permissions-Policy']);
  });
});

describe('PERMISSIONS_POLICY', () => {
  it.each(['camera', 'microphone', 'geolocation', 'payment', 'usb'])('denies %s to every origin', (feature) => {
    expect(PERMISSIONS_POLICY.split(', ')).toContain(`${feature}=()`);
  });

  it('lists each feature once', () => {
    expect(new Set(DENIED_FEATURES).size).toBe(DENIED_FEATURES.length);
  });
});

describe('sandbox and vendor headers', () => {
  const input = { origin: 'http://localhost:3000', frameScriptHash: 'abc=' };

  it('serve the sandbox document as HTML with its own policy, not stored unless its version was asked for', () => {
    const headers = sandboxDocumentHeaders('python', input, { cacheable: false });
    expect(headers).toContainEqual({ key: 'Content-Type', value: 'text/html; charset=utf-8' });
    expect(headers.find((header) => header.key === 'Content-Security-Policy')?.value).toMatch(/^sandbox allow-scripts; default-src 'none'/);
    expect(headers).toContainEqual({ key: 'Cache-Control', value: 'no-store' });
    expect(names(headers)).not.toContain('X-Frame-Options');
  });

  it('let the browser (never a shared cache) keep a versioned sandbox document, so runtimes start offline', () => {
    const headers = sandboxDocumentHeaders('python', input, { cacheable: true });
    expect(headers).toContainEqual({ key: 'Cache-Control', value: 'private, max-age=31536000, immutable' });
    expect(headers.find((header) => header.key === 'Content-Security-Policy')?.value).toContain("'sha256-abc='");
  });

  it('let opaque-origin frames read the vendored files', () => {
    expect(VENDOR_HEADERS).toEqual([
      { key: 'Access-Control-Allow-Origin', value: '*' },
      { key: 'Cross-Origin-Resource-Policy', value: 'cross-origin' },
    ]);
  });
});
