import fc from 'fast-check';
import { appLinkDestination, checkAppLinkPrefix, DEFAULT_APP_LINKS, resolveAppLink, type AppLinkConfig, type AppLinkDecision } from './app-redirect';

const config: AppLinkConfig = {
  prefixes: ['codetrail://', 'https://app.codetrail.example/open/'],
  fallback: 'codetrail://subscription/success',
};

type Refusal = Extract<AppLinkDecision, { allowed: false }>['reason'];

describe('checkAppLinkPrefix', () => {
  it.each([
    'codetrail://',
    'com.codetrail.app://',
    'https://app.codetrail.example/open/',
    'https://app.codetrail.example/',
    'HTTPS://app.codetrail.example/open/',
  ])('accepts %s', (prefix) => {
    expect(checkAppLinkPrefix(prefix)).toBeNull();
  });

  it.each<[string, RegExp]>([
    ['codetrail:', /must start with a scheme/],
    ['codetrail', /must start with a scheme/],
    ['//app.codetrail.example/open/', /must start with a scheme/],
    ['', /must start with a scheme/],
    ['1app://', /must start with a scheme/],
    ['javascript://', /uses a scheme that cannot be an app link/],
    ['JavaScript://', /uses a scheme that cannot be an app link/],
    ['data://', /uses a scheme that cannot be an app link/],
    ['vbscript://', /uses a scheme that cannot be an app link/],
    ['file:///', /uses a scheme that cannot be an app link/],
    ['blob://', /uses a scheme that cannot be an app link/],
    ['http://app.codetrail.example/open/', /uses a scheme that cannot be an app link/],
    // Without the trailing "/", https://app.codetrail.example.evil.com/ would match the prefix.
    ['https://app.codetrail.example', /must end with "\/"/],
    ['https://app.codetrail.example/open', /must end with "\/"/],
    ['https://user:secret@app.codetrail.example/open/', /must not carry credentials/],
    ['https://app.codetrail.example@evil.example/open/', /must not carry credentials/],
    ['https:///', /is not a URL/],
    ['https://app codetrail.example/', /spaces or control characters/],
    ['codetrail://\n', /spaces or control characters/],
    [' codetrail://', /spaces or control characters/],
    ['https:\\\\app.codetrail.example\\open\\', /spaces or control characters/],
  ])('refuses %j', (prefix, message) => {
    expect(checkAppLinkPrefix(prefix)).toMatch(message);
  });

  it('accepts the default configuration', () => {
    expect(DEFAULT_APP_LINKS.prefixes.map(checkAppLinkPrefix)).toEqual([null]);
    expect(resolveAppLink(DEFAULT_APP_LINKS.fallback, DEFAULT_APP_LINKS)).toEqual({ allowed: true, destination: DEFAULT_APP_LINKS.fallback });
  });
});

describe('resolveAppLink', () => {
  it.each([
    ['codetrail://subscription/success', 'codetrail://subscription/success'],
    ['codetrail://subscription/success?session=cs_123#top', 'codetrail://subscription/success?session=cs_123#top'],
    ['CODETRAIL://subscription/success', 'CODETRAIL://subscription/success'],
    ['https://app.codetrail.example/open/subscription/success', 'https://app.codetrail.example/open/subscription/success'],
    ['https://app.codetrail.example/open/', 'https://app.codetrail.example/open/'],
    ['https://app.codetrail.example/open/success?plan=yearly&next=https://evil.example', 'https://app.codetrail.example/open/success?plan=yearly&next=https://evil.example'],
    ['https://APP.Codetrail.Example/open/success', 'https://app.codetrail.example/open/success'],
    ['HTTPS://app.codetrail.example/open/success', 'https://app.codetrail.example/open/success'],
    // "@" in the path is not user info: the host stays ours.
    ['https://app.codetrail.example/open/@evil.example', 'https://app.codetrail.example/open/@evil.example'],
    ['https://app.codetrail.example/open/%2F%2Fevil.example', 'https://app.codetrail.example/open/%2F%2Fevil.example'],
    ['https://app.codetrail.example/open/..a/b..', 'https://app.codetrail.example/open/..a/b..'],
  ])('accepts %s', (raw, destination) => {
    expect(resolveAppLink(raw, config)).toEqual({ allowed: true, destination });
  });

  it.each<[string, unknown, Refusal]>([
    ['not a string', ['codetrail://x'], 'empty'],
    ['undefined', undefined, 'empty'],
    ['null', null, 'empty'],
    ['a number', 42, 'empty'],
    ['empty', '', 'empty'],
    ['longer than 2048 characters', `codetrail://${'a'.repeat(2048)}`, 'too-long'],
    // Other schemes and hosts.
    ['javascript:', 'javascript:alert(1)', 'not-an-app-link'],
    ['JavaScript: with the prefix in its text', 'JavaScript:alert("codetrail://")', 'not-an-app-link'],
    ['data:', 'data:text/html,<script>alert(1)</script>', 'not-an-app-link'],
    ['http: on our host', 'http://app.codetrail.example/open/success', 'not-an-app-link'],
    ['another host', 'https://evil.example/open/', 'not-an-app-link'],
    ['our host outside the prefix path', 'https://app.codetrail.example/admin', 'not-an-app-link'],
    ['our host, prefix path without its slash', 'https://app.codetrail.example/open', 'not-an-app-link'],
    ['a path that only starts like the prefix', 'https://app.codetrail.example/openevil', 'not-an-app-link'],
    ['a lookalike host that extends ours', 'https://app.codetrail.example.evil.com/open/', 'not-an-app-link'],
    ['a lookalike host with the prefix path', 'https://app.codetrail.example.evil.com/open/success', 'not-an-app-link'],
    ['a lookalike sub-domain', 'https://evilapp.codetrail.example/open/', 'not-an-app-link'],
    ['our host as user info', 'https://app.codetrail.example@evil.example/open/', 'not-an-app-link'],
    ['our host and path as user info', 'https://app.codetrail.example%2Fopen%2F@evil.example/', 'not-an-app-link'],
    ['our host with a port', 'https://app.codetrail.example:8443/open/success', 'not-an-app-link'],
    // The prefix is matched as written: even the default port is not the prefix (fails closed).
    ['our host with its default port', 'https://app.codetrail.example:443/open/success', 'not-an-app-link'],
    ['protocol-relative', '//app.codetrail.example/open/', 'not-an-app-link'],
    ['a relative path', '/open/success', 'not-an-app-link'],
    ['an encoded whole URL', 'https%3A%2F%2Fapp.codetrail.example%2Fopen%2F', 'not-an-app-link'],
    ['a scheme that only starts like ours', 'codetrail-evil://x', 'not-an-app-link'],
    ['our scheme without //', 'codetrail:x', 'not-an-app-link'],
    // Characters browsers strip or reinterpret.
    ['a leading space', ' codetrail://x', 'unsafe-characters'],
    ['a newline', 'codetrail://x\ny', 'unsafe-characters'],
    ['a tab in the scheme', 'java\tscript:alert(1)', 'unsafe-characters'],
    ['a tab inside our host', 'https://app.codetrail.example\t.evil.com/open/', 'unsafe-characters'],
    ['a NUL', 'codetrail://x\u0000', 'unsafe-characters'],
    ['a DEL', 'codetrail://x\u007f', 'unsafe-characters'],
    ['a C1 control', 'codetrail://x\u0085', 'unsafe-characters'],
    ['a line separator', 'codetrail://x\u2028', 'unsafe-characters'],
    ['a byte-order mark', '\ufeffcodetrail://x', 'unsafe-characters'],
    ['an ideographic space', 'codetrail://x\u3000y', 'unsafe-characters'],
    ['a backslash', 'https://app.codetrail.example/open/\\evil.example', 'unsafe-characters'],
    ['backslashes for slashes', 'https:\\\\app.codetrail.example\\open\\', 'unsafe-characters'],
    // Encoded tricks.
    ['an encoded newline', 'https://app.codetrail.example/open/%0aSet-Cookie:x', 'unsafe-characters'],
    ['a double-encoded newline', 'https://app.codetrail.example/open/%250a', 'unsafe-characters'],
    ['an encoded tab', 'codetrail://x%09y', 'unsafe-characters'],
    ['an encoded backslash', 'https://app.codetrail.example/open/%5Cevil.example', 'unsafe-characters'],
    ['an encoded NUL', 'codetrail://x%00', 'unsafe-characters'],
    ['an encoded space', 'codetrail://x%20y', 'unsafe-characters'],
    // Dot segments that would leave the prefix's path once normalised.
    ['..', 'https://app.codetrail.example/open/../admin', 'dot-segments'],
    ['.. twice', 'https://app.codetrail.example/open/../../evil', 'dot-segments'],
    ['a trailing ..', 'https://app.codetrail.example/open/x/..', 'dot-segments'],
    ['.', 'https://app.codetrail.example/open/./x', 'dot-segments'],
    ['%2e%2e', 'https://app.codetrail.example/open/%2e%2e/admin', 'dot-segments'],
    ['%2E%2E', 'https://app.codetrail.example/open/%2E%2E/admin', 'dot-segments'],
    ['.%2e', 'https://app.codetrail.example/open/.%2e/admin', 'dot-segments'],
    ['..%2f', 'https://app.codetrail.example/open/..%2fadmin', 'dot-segments'],
    ['%252e%252e (double-encoded)', 'https://app.codetrail.example/open/%252e%252e/admin', 'dot-segments'],
    ['%25252e%25252e (triple-encoded)', 'https://app.codetrail.example/open/%25252e%25252e/admin', 'dot-segments'],
    ['.. after our scheme', 'codetrail://../x', 'dot-segments'],
    ['.. inside our scheme', 'codetrail://subscription/../../x', 'dot-segments'],
  ])('refuses %s', (_label, raw, reason) => {
    expect(resolveAppLink(raw, config)).toEqual({ allowed: false, reason });
  });

  it('accepts a link of exactly 2048 characters', () => {
    const raw = `codetrail://${'a'.repeat(2048 - 'codetrail://'.length)}`;
    expect(resolveAppLink(raw, config)).toEqual({ allowed: true, destination: raw });
  });

  it('accepts only the prefixes it is configured with', () => {
    const schemeOnly: AppLinkConfig = { prefixes: ['codetrail://'], fallback: 'codetrail://home' };
    const httpsOnly: AppLinkConfig = { prefixes: ['https://app.codetrail.example/open/'], fallback: 'https://app.codetrail.example/open/home' };
    expect(resolveAppLink('https://app.codetrail.example/open/x', schemeOnly)).toEqual({ allowed: false, reason: 'not-an-app-link' });
    expect(resolveAppLink('codetrail://x', httpsOnly)).toEqual({ allowed: false, reason: 'not-an-app-link' });
    expect(resolveAppLink('codetrail://x', { prefixes: [], fallback: 'codetrail://home' })).toEqual({ allowed: false, reason: 'not-an-app-link' });
  });
});

describe('appLinkDestination', () => {
  it.each<[unknown, string]>([
    ['codetrail://subscription/success?plan=yearly', 'codetrail://subscription/success?plan=yearly'],
    ['https://app.codetrail.example/open/success', 'https://app.codetrail.example/open/success'],
    ['https://APP.codetrail.example/open/success', 'https://app.codetrail.example/open/success'],
    [undefined, config.fallback],
    ['', config.fallback],
    ['javascript:alert(1)', config.fallback],
    ['https://app.codetrail.example.evil.com/open/', config.fallback],
    ['https://app.codetrail.example/open/%2e%2e/admin', config.fallback],
    ['https://evil.example/', config.fallback],
  ])('%j → %s', (raw, destination) => {
    expect(appLinkDestination(raw, config)).toBe(destination);
  });
});

describe('resolveAppLink (property)', () => {
  it('never allows a destination outside the configured prefixes', () => {
    const pieces = fc.constantFrom(
      'codetrail://', 'https://app.codetrail.example/open/', 'https://app.codetrail.example', 'https://', 'javascript:', 'data:',
      '/', '//', '\\', '.', '..', '%2e', '%2E', '%2F', '%2f', '%252e', '%5C', '%0a', '%09', '%00', '@', ':', '?', '#', ' ', '\t',
      '.evil.com', 'evil.com', 'open', 'x', 'OPEN', '%40',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 10 }), (parts) => {
        const decision = resolveAppLink(parts.join(''), config);
        if (!decision.allowed) return true;
        // The app's own scheme: whatever follows is the app's to interpret.
        if (decision.destination.toLowerCase().startsWith('codetrail://')) return true;
        const url = new URL(decision.destination);
        return url.protocol === 'https:' && url.host === 'app.codetrail.example' && url.username === '' && url.password === '' && url.pathname.toLowerCase().startsWith('/open/');
      }),
      { numRuns: 3000 },
    );
  });
});
