import { appContentSecurityPolicy, appPolicy, sandboxContentSecurityPolicy, sandboxPolicy, serializePolicy, SANDBOX_KINDS, type Directive } from './content-security-policy';

const local = { inlineScriptHashes: ['abc='], authEmulatorHost: '127.0.0.1:9099', development: false };
const production = { ...local, authEmulatorHost: null };
const origin = 'http://localhost:3100';
const frameScriptHash = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c=';

/** The sources of one directive, parsed back out of the header value. */
function sources(header: string, directive: Directive): string[] | undefined {
  const found = header.split('; ').find((part) => part.split(' ')[0] === directive);
  return found?.split(' ').slice(1);
}

describe('serializePolicy', () => {
  it('joins directives with "; " and sources with spaces', () => {
    expect(serializePolicy({ 'default-src': ["'self'"], 'img-src': ["'self'", 'data:'] })).toBe("default-src 'self'; img-src 'self' data:");
  });
});

describe('the app policy', () => {
  it.each<[string, Directive, string[]]>([
    ['scripts: own files and the theme script by hash only', 'script-src', ["'self'", "'sha256-abc='"]],
    ['styles: CodeMirror injects style elements', 'style-src', ["'self'", "'unsafe-inline'"]],
    ['fonts are self-hosted', 'font-src', ["'self'"]],
    ['the Auth emulator is reachable in local mode', 'connect-src', ["'self'", 'http://127.0.0.1:9099']],
    ['frames: the sandbox documents of this origin', 'frame-src', ["'self'"]],
    ['workers: only the app\'s own (the runtime download)', 'worker-src', ["'self'"]],
    ['no plugins', 'object-src', ["'none'"]],
    ['no <base> elsewhere', 'base-uri', ["'self'"]],
    ['forms post here only', 'form-action', ["'self'"]],
    ['no one frames the app', 'frame-ancestors', ["'none'"]],
  ])('local mode: %s', (_why, directive, expected) => {
    expect(sources(appContentSecurityPolicy(local), directive)).toEqual(expected);
  });

  it('against real Firebase: the Google identity endpoints instead of the emulator', () => {
    expect(sources(appContentSecurityPolicy(production), 'connect-src')).toEqual(["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']);
  });

  it('next dev only: eval for webpack source maps', () => {
    expect(sources(appContentSecurityPolicy({ ...local, development: true }), 'script-src')).toContain("'unsafe-eval'");
    expect(appContentSecurityPolicy(local)).not.toContain('unsafe-eval');
  });

  it('never lets inline scripts run without their hash', () => {
    expect(appPolicy(local)['script-src']).not.toContain("'unsafe-inline'");
  });
});

describe('the sandbox documents', () => {
  const input = { origin, frameScriptHash };

  it.each(SANDBOX_KINDS)('%s: an opaque origin (never allow-same-origin), nothing by default, framed only by the app', (kind) => {
    const policy = sandboxPolicy(kind, input);
    expect(policy.sandbox).toEqual(kind === 'page' ? ['allow-scripts', 'allow-forms'] : ['allow-scripts']);
    expect(policy.sandbox).not.toContain('allow-same-origin');
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['form-action']).toEqual(["'none'"]);
    expect(sandboxContentSecurityPolicy(kind, input)).not.toContain('allow-same-origin');
  });

  it.each([['python'], ['javascript'], ['sql']] as const)('%s runtime: connects to the vendored assets only (not /api or any other path)', (kind) => {
    const policy = sandboxPolicy(kind, input);
    expect(policy['connect-src']).toEqual([`${origin}/vendor/`]);
    expect(policy['script-src']?.filter((source) => !source.startsWith("'"))).toEqual([`${origin}/vendor/`]);
    // Its own inline script by hash, and no other inline script.
    expect(policy['script-src']).toContain(`'sha256-${frameScriptHash}'`);
    expect(policy['worker-src']).toEqual(['data:']);
    expect(policy['script-src']).toContain("'wasm-unsafe-eval'");
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
  });

  it.each([
    ['python', false],
    ['sql', false],
    ['javascript', true],
  ] as const)('%s runtime may eval: %s', (kind, evals) => {
    expect(sandboxPolicy(kind, input)['script-src']?.includes("'unsafe-eval'")).toBe(evals);
  });

  it("learners' pages: their inline scripts and styles, images, and no network or workers", () => {
    const policy = sandboxPolicy('page', input);
    // A hash beside 'unsafe-inline' would switch it off for the learner's own scripts.
    expect(policy['script-src']).toEqual(["'unsafe-inline'"]);
    expect(policy['style-src']).toEqual(["'unsafe-inline'"]);
    expect(policy['img-src']).toContain(`${origin}/course-assets/`);
    expect(policy['connect-src']).toEqual(["'none'"]);
    expect(policy['worker-src']).toEqual(["'none'"]);
  });
});
