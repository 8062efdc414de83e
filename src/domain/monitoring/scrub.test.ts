import { FILTERED, isSecretKey, scrubBreadcrumb, scrubEvent, scrubText, scrubValue } from './scrub';

const JWT = 'eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiJ1c2VyLTEiLCJlbWFpbCI6ImxlYXJuZXJAZXhhbXBsZS5jb20ifQ.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU';
/** The Auth emulator's tokens are unsigned: nothing after the second dot. */
const EMULATOR_JWT = 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJ1c2VyX2lkIjoiYWJjIn0.';

describe('scrubText', () => {
  it.each([
    ['a JWT', `token expired: ${JWT} (retry)`, `token expired: ${FILTERED} (retry)`],
    ['an unsigned emulator JWT', `got ${EMULATOR_JWT}`, `got ${FILTERED}`],
    ['three long base64url segments', 'abcdefghijklmnopqrstuvwx.ABCDEFGHIJKLMNOPQRSTUVWX.0123456789abcdefghij', FILTERED],
    ['a Bearer credential', 'Authorization: Bearer abc.def-123_456', `Authorization: Bearer ${FILTERED}`],
    ['a lower-case bearer', 'bearer 0123456789abcdef', `bearer ${FILTERED}`],
    ['a Stripe live secret key', 'key sk_live_51Habc123XYZ in use', `key ${FILTERED} in use`],
    ['a Stripe test secret key', 'sk_test_abcDEF123', FILTERED],
    ['a Stripe restricted key', 'rk_live_abcDEF123', FILTERED],
    ['a webhook signing secret', 'secret whsec_abc123DEF456', `secret ${FILTERED}`],
    ['an email address', 'No account for learner.one+tag@example.co.uk.', `No account for ${FILTERED}.`],
    ['a secret query parameter', 'GET /web/login?token=abc&redirectUrl=%2Fweb', 'GET /web/login?redirectUrl=%2Fweb'],
    ['the last secret query parameter', 'GET /api/v1/x?page=2&idToken=abc', 'GET /api/v1/x?page=2'],
    ['the only query parameter', 'https://app.example/path?refresh_token=abc#top', 'https://app.example/path#top'],
    ['a learner-code parameter', '/preview?code=print(1)&lang=py', '/preview?lang=py'],
    ['an encoded secret parameter name', '/x?id%5Ftoken=abc', '/x'],
  ])('redacts %s', (_why, input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it.each([
    ['plain prose', 'Is there a loop that never ends?'],
    ['a basic sentence', 'A basic lesson about loops'],
    ['a harmless query', '/api/v1/tracks?publishSetVersion=3&page=2'],
    ['a package path', '/app/node_modules/@sentry/nextjs@11.0.0/build/index.js'],
    ['a short dotted name', 'next.dist.server.render'],
    ['a publishable Stripe key', 'pk_test_abc123'],
  ])('leaves %s alone', (_why, input) => {
    expect(scrubText(input)).toBe(input);
  });
});

describe('isSecretKey', () => {
  it.each([
    ['token', true],
    ['idToken', true],
    ['refresh_token', true],
    ['Authorization', true],
    ['password', true],
    ['clientSecret', true],
    ['x-api-key', true],
    ['key', true],
    ['code', true],
    ['files', true],
    ['source', true],
    ['solution', true],
    ['content', true],
    ['userContent', true],
    ['output', true],
    ['note', true],
    ['Cookie', true],
    ['set-cookie', true],
    ['area', false],
    ['status_code', false],
    ['filename', false],
    ['content-type', false],
    ['lessonId', false],
    ['url', false],
  ])('%s → %s', (key, expected) => {
    expect(isSecretKey(key)).toBe(expected);
  });
});

describe('scrubValue', () => {
  it('walks objects and arrays, removing secret keys at any depth and scrubbing strings', () => {
    expect(
      scrubValue({ lesson: 'py-hello', attempt: { files: [{ name: 'main.py', content: 'print("hi")' }], code: 'x', status: 500 }, tried: ['me@example.com', 3, true, null] }),
    ).toEqual({ lesson: 'py-hello', attempt: { status: 500 }, tried: [FILTERED, 3, true, null] });
  });

  it('turns errors, dates and class instances into text, drops functions', () => {
    class Thing {}
    expect(scrubValue([new TypeError(`bad ${JWT}`), new Date(0), new Thing(), () => 1, Symbol('s')])).toEqual([`TypeError: bad ${FILTERED}`, '1970-01-01T00:00:00.000Z', '[Thing]', undefined, undefined]);
  });

  it('stops at a depth no event reaches (cycles cannot hang it)', () => {
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let index = 0; index < 40; index += 1) {
      cursor.next = {};
      cursor = cursor.next as Record<string, unknown>;
    }
    expect(JSON.stringify(scrubValue(deep))).toContain(FILTERED);
  });
});

describe('scrubEvent', () => {
  const event = {
    event_id: 'e1',
    level: 'error',
    message: `Sign-in failed for learner@example.com with ${JWT}`,
    exception: { values: [{ type: 'ApiError', value: 'Could not save: Bearer abcdefgh12345678', stacktrace: { frames: [{ filename: 'app:///_next/static/chunks/pages/web.js', lineno: 3, context_line: `const t = "${JWT}"` }] } }] },
    request: {
      url: 'https://codetrail.app/web/login?token=abc&redirectUrl=%2Fweb',
      method: 'POST',
      query_string: 'token=abc&redirectUrl=%2Fweb',
      cookies: { session: 'secret' },
      data: { files: [{ name: 'main.py', content: 'print(1)' }] },
      env: { REMOTE_ADDR: '203.0.113.9' },
      headers: { Authorization: 'Bearer x', Cookie: 'session=secret', 'User-Agent': 'Chromium', 'X-Forwarded-For': '203.0.113.9', Referer: 'https://codetrail.app/web?idToken=abc' },
    },
    user: { id: 'uid-1', email: 'learner@example.com', ip_address: '203.0.113.9', username: 'Learner' },
    extra: { code: 'print("secret")', solution: 'x', note: 'my note', lessonId: 'py-1', detail: 'ok' },
    tags: { area: 'runner' },
    contexts: { runner: { kind: 'python', output: 'Traceback…' } },
    breadcrumbs: [{ category: 'fetch', data: { url: '/api/v1/x?token=abc', method: 'GET', status_code: 500 } }],
    sdkProcessingMetadata: { normalizedRequest: { headers: { cookie: 'kept for the SDK, never sent' } } },
  };

  it('scrubs the whole event', () => {
    expect(scrubEvent(event)).toEqual({
      event_id: 'e1',
      level: 'error',
      message: `Sign-in failed for ${FILTERED} with ${FILTERED}`,
      exception: { values: [{ type: 'ApiError', value: `Could not save: Bearer ${FILTERED}`, stacktrace: { frames: [{ filename: 'app:///_next/static/chunks/pages/web.js', lineno: 3, context_line: `const t = "${FILTERED}"` }] } }] },
      request: {
        url: 'https://codetrail.app/web/login?redirectUrl=%2Fweb',
        method: 'POST',
        query_string: 'redirectUrl=%2Fweb',
        headers: { 'User-Agent': 'Chromium', Referer: 'https://codetrail.app/web' },
      },
      user: { id: 'uid-1' },
      extra: { lessonId: 'py-1', detail: 'ok' },
      tags: { area: 'runner' },
      contexts: { runner: { kind: 'python' } },
      breadcrumbs: [{ category: 'fetch', data: { url: '/api/v1/x', method: 'GET', status_code: 500 } }],
      sdkProcessingMetadata: event.sdkProcessingMetadata,
    });
  });

  it.each([
    ['a user without an id is dropped', { user: { email: 'a@example.com' } }, {}],
    ['a query string as pairs', { request: { query_string: [['token', 'a'], ['page', '2']] } }, { request: { query_string: [['page', '2']] } }],
    ['a query string as an object', { request: { query_string: { password: 'a', page: '2' } } }, { request: { query_string: { page: '2' } } }],
    ['a transaction with spans', { type: 'transaction', transaction: '/web/login', spans: [{ description: 'GET /api/v1/me?idToken=abc', data: { 'http.query': '?token=abc' } }] }, { type: 'transaction', transaction: '/web/login', spans: [{ description: 'GET /api/v1/me', data: { 'http.query': '' } }] }],
  ])('%s', (_why, input, expected) => {
    expect(scrubEvent(input)).toEqual(expected);
  });

  it.each([null, 'event', 3, ['event']])('drops %j (not an event)', (input) => {
    expect(scrubEvent(input)).toBeNull();
  });
});

describe('scrubBreadcrumb', () => {
  it.each([
    ['a console line with an error and a token', { category: 'console', level: 'error', message: `auth: session request failed ${JWT}`, data: { arguments: ['auth: session request failed', new Error('401 for me@example.com')], logger: 'console' } }, { category: 'console', level: 'error', message: `auth: session request failed ${FILTERED}`, data: { arguments: ['auth: session request failed', `Error: 401 for ${FILTERED}`], logger: 'console' } }],
    ['a navigation with a token', { category: 'navigation', data: { from: '/web/login?token=abc', to: '/web' } }, { category: 'navigation', data: { from: '/web/login', to: '/web' } }],
    ['a breadcrumb with learner code in its data', { category: 'runner', data: { source: 'print(1)', kind: 'python' } }, { category: 'runner', data: { kind: 'python' } }],
  ])('%s', (_why, input, expected) => {
    expect(scrubBreadcrumb(input)).toEqual(expected);
  });

  it('drops what is not a breadcrumb', () => {
    expect(scrubBreadcrumb('x')).toBeNull();
  });
});
