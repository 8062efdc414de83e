import fc from 'fast-check';
import {
  buildRedirectAllowList,
  defaultDestination,
  postLoginDestination,
  resolveRedirect,
} from './resolve-redirect';

const allowList = buildRedirectAllowList(['codetrail.app', 'www.codetrail.app'], { local: true });

describe('resolveRedirect', () => {
  it.each([
    ['/web/account', '/web/account'],
    ['/web/track/python/tutorial/t1/chapter/c1/learn?lesson=2', '/web/track/python/tutorial/t1/chapter/c1/learn?lesson=2'],
    ['/web/a/../b', '/web/b'],
    ['/onboarding-check#top', '/onboarding-check#top'],
    ['https://codetrail.app/web/account', 'https://codetrail.app/web/account'],
    ['https://CODETRAIL.app/web', 'https://codetrail.app/web'],
    ['HTTPS://www.codetrail.app/x', 'https://www.codetrail.app/x'],
    ['http://localhost:3000/web/account', 'http://localhost:3000/web/account'],
    ['http://127.0.0.1:4000/', 'http://127.0.0.1:4000/'],
  ])('accepts %s', (input, expected) => {
    expect(resolveRedirect(input, allowList)).toEqual({ allowed: true, destination: expected });
  });

  it.each([
    ['//evil.com', 'protocol-relative'],
    ['//evil.com/web', 'protocol-relative'],
    ['/.//evil.com', 'protocol-relative'],
    ['/%2F%2Fevil.com', 'protocol-relative'],
    ['/%252F%252Fevil.com', 'protocol-relative'],
    ['/\\evil.com', 'unsafe-characters'],
    ['\\\\evil.com', 'unsafe-characters'],
    ['https:\\\\evil.com', 'unsafe-characters'],
    ['/%5Cevil.com', 'unsafe-characters'],
    ['https://good.com@evil.com', 'credentials-in-url'],
    ['https://codetrail.app@evil.com', 'credentials-in-url'],
    ['https://codetrail.app:pw@evil.com/', 'credentials-in-url'],
    ['javascript:alert(1)', 'scheme-not-allowed'],
    ['JaVaScRiPt:alert(1)', 'scheme-not-allowed'],
    ['java%0ascript:alert(1)', 'unsafe-characters'],
    [' javascript:alert(1)', 'unsafe-characters'],
    ['data:text/html,<script>alert(1)</script>', 'scheme-not-allowed'],
    ['ftp://codetrail.app/', 'scheme-not-allowed'],
    ['https://codetrail.app.evil.com/', 'host-not-allowed'],
    ['https://evilcodetrail.app/', 'host-not-allowed'],
    ['https://sub.codetrail.app/', 'host-not-allowed'],
    ['https://evil.com/?next=https://codetrail.app', 'host-not-allowed'],
    ['https://localhost.evil.com/', 'host-not-allowed'],
    ['https://evil.com%2F@codetrail.app', 'credentials-in-url'],
    ['https://codetrail.app%2F.evil.com/', 'malformed'],
    ['/\tevil', 'unsafe-characters'],
    ['/web\n/x', 'unsafe-characters'],
    ['evil.com', 'malformed'],
    ['', 'empty'],
    [`/${'a'.repeat(3000)}`, 'too-long'],
  ])('refuses %s (%s)', (input, reason) => {
    expect(resolveRedirect(input, allowList)).toEqual({ allowed: false, reason });
  });

  it('refuses values that are not strings', () => {
    expect(resolveRedirect(['/web'], allowList)).toEqual({ allowed: false, reason: 'empty' });
    expect(resolveRedirect(undefined, allowList)).toEqual({ allowed: false, reason: 'empty' });
  });

  it('never produces a destination that leaves our hosts (property)', () => {
    const pieces = fc.constantFrom('/', '//', '\\', '.', '..', '%2F', '%5C', '@', 'evil.com', ':', 'https:', 'javascript:', '%2e', '?', '#', 'codetrail.app', ' ', '%09');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 8 }), (parts) => {
        const input = parts.join('');
        const decision = resolveRedirect(input, allowList);
        if (!decision.allowed) return true;
        const resolved = new URL(decision.destination, 'https://codetrail.app/web/login');
        return allowList.includes(resolved.hostname) && !decision.destination.startsWith('//');
      }),
      { numRuns: 3000 },
    );
  });
});

describe('postLoginDestination', () => {
  it('uses the requested path when acceptable', () => {
    expect(postLoginDestination('/web/account', allowList, null)).toEqual({ destination: '/web/account', refused: null });
  });
  it('falls back to the onboarding check without refusing when nothing was asked', () => {
    expect(postLoginDestination(undefined, allowList, null)).toEqual({ destination: '/onboarding-check', refused: null });
  });
  it('falls back and reports the refusal for a foreign host', () => {
    expect(postLoginDestination('https://evil.com/', allowList, null)).toEqual({
      destination: '/onboarding-check',
      refused: 'host-not-allowed',
    });
  });
  it('prefers the active section as the default', () => {
    expect(postLoginDestination('//evil.com', allowList, { trackId: 'python', sectionIndex: 2 })).toEqual({
      destination: '/web/python/section/2',
      refused: 'protocol-relative',
    });
  });
});

describe('defaultDestination', () => {
  it('escapes the track id', () => {
    expect(defaultDestination({ trackId: 'a/b', sectionIndex: 0 })).toBe('/web/a%2Fb/section/0');
  });
});

describe('buildRedirectAllowList', () => {
  it('in local mode adds the local hosts, lower-cased and unique', () => {
    expect(buildRedirectAllowList([' Codetrail.App ', 'codetrail.app', ''], { local: true })).toEqual(['codetrail.app', 'localhost', '127.0.0.1']);
  });

  it('in production allows only the configured own hosts', () => {
    const production = buildRedirectAllowList(['codetrail.app'], { local: false });
    expect(production).toEqual(['codetrail.app']);
    expect(resolveRedirect('http://localhost:3000/web/account', production)).toEqual({ allowed: false, reason: 'host-not-allowed' });
    expect(resolveRedirect('http://127.0.0.1:4000/', production)).toEqual({ allowed: false, reason: 'host-not-allowed' });
    expect(resolveRedirect('https://codetrail.app/web/account', production)).toEqual({ allowed: true, destination: 'https://codetrail.app/web/account' });
  });
});
