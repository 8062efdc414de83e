import { paths } from '../routing/paths';
import { parseBacklink } from './backlink';

describe('parseBacklink', () => {
  it.each([
    ['/web/build', 'build'],
    ['/web/build/abcdefghijklmnopqrst', 'build'],
    ['/web/build/abcdefghijklmnopqrst/snapshots', 'build'],
    [paths.build(), 'build'],
    ['/web/python/section/0', 'section'],
    ['/web/python/section/12', 'section'],
    ['/web/html-and-css/section/active', 'section'],
    [paths.section('sql', 3), 'section'],
    [paths.activeSection('javascript'), 'section'],
  ])('accepts %s as a %s path', (value, kind) => {
    expect(parseBacklink(value)).toEqual({ kind, path: value });
  });

  it.each([
    ['nothing', undefined],
    ['empty', ''],
    ['a list (a repeated query parameter)', ['/web/build', '/web/build']],
    ['a number', 42],
    ['another site', 'https://evil.example'],
    ['another site with a build path', 'https://evil.example/web/build'],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with a build path', '//evil.example/web/build'],
    ['a doubled slash inside', '/web//build'],
    ['a doubled slash after build', '/web/build//evil.example'],
    ['leaving the build area', '/web/build/../../api'],
    ['leaving it with dots', '/web/build/..'],
    ['encoded dots', '/web/build/%2e%2e/%2e%2e/api'],
    ['encoded slashes', '/web/build/%2F%2Fevil.example'],
    ['double-encoded', '/web/build/%252e%252e'],
    ['a backslash', '/web/build\\evil.example'],
    ['backslashes', '\\\\evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a script in capitals', 'JavaScript:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['a query string', '/web/build?x=1'],
    ['a fragment', '/web/build#top'],
    ['a trailing slash', '/web/build/'],
    ['spaces', ' /web/build'],
    ['a newline', '/web/build\n'],
    ['an API path', '/api/v1/projects'],
    ['another app page', '/web/progress'],
    ['a lesson page', '/web/track/python/tutorial/t/chapter/c/learn'],
    ['a section with a bad index', '/web/python/section/-1'],
    ['a section with a huge index', '/web/python/section/1000'],
    ['a section with a capitalised track', '/web/Python/section/1'],
    ['a section with an encoded track', '/web/%70ython/section/1'],
    ['a section with more after it', '/web/python/section/1/extra'],
    ['a section path with dots', '/web/../section/1'],
    ['build with too many parts', '/web/build/a/b/c/d/e'],
    ['too long', `/web/build/${'a'.repeat(64)}/${'a'.repeat(64)}/${'a'.repeat(64)}`],
  ])('refuses %s', (_case, value) => {
    const result = parseBacklink(value);
    expect(result.kind).toBe('error');
    expect(result.kind === 'error' ? result.message : '').toMatch(/back-link/);
  });
});
