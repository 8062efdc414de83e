import { ACTIVE_TRACK_COOKIE, activeSectionCookieName, activeSectionFromCookies, activeSectionRedirect, progressCookieOptions } from './progress-cookies';

describe('progress cookies', () => {
  it('follow spec §9: two days, lax, path /, secure over https', () => {
    expect(progressCookieOptions(true)).toEqual({ maxAge: 172800, sameSite: 'lax', secure: true, path: '/' });
    expect(progressCookieOptions(false).secure).toBe(false);
  });
  const tracks = ['css', 'html', 'python', 'sql'];
  it.each([
    ['no cookies: the default track resolves its active section', {}, '/web/python/section/active'],
    ['an active track without a section cookie', { [ACTIVE_TRACK_COOKIE]: 'sql' }, '/web/sql/section/active'],
    ['track and section cookies', { [ACTIVE_TRACK_COOKIE]: 'sql', [activeSectionCookieName('sql')]: '1' }, '/web/sql/section/1'],
    ['an unknown track falls back', { [ACTIVE_TRACK_COOKIE]: 'cobol' }, '/web/python/section/active'],
    ['a hostile track id is ignored', { [ACTIVE_TRACK_COOKIE]: '../admin' }, '/web/python/section/active'],
    ['a bad section value is ignored', { [ACTIVE_TRACK_COOKIE]: 'css', [activeSectionCookieName('css')]: 'x' }, '/web/css/section/active'],
  ])('%s', (_, cookies, expected) => {
    expect(activeSectionRedirect(cookies, tracks)).toBe(expected);
  });
  it('has nowhere to go with no published tracks', () => {
    expect(activeSectionRedirect({}, [])).toBeNull();
  });
});

describe('activeSectionFromCookies (post-login default)', () => {
  it.each([
    [{}, null],
    [{ [ACTIVE_TRACK_COOKIE]: 'sql' }, { trackId: 'sql', sectionIndex: 'active' }],
    [{ [ACTIVE_TRACK_COOKIE]: 'sql', [activeSectionCookieName('sql')]: '1' }, { trackId: 'sql', sectionIndex: 1 }],
    [{ [ACTIVE_TRACK_COOKIE]: 'https://evil.example' }, null],
  ])('%o → %o', (cookies, expected) => {
    expect(activeSectionFromCookies(cookies)).toEqual(expected);
  });
});
