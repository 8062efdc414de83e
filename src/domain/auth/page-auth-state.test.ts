import { decidePageAuthState, loginUrl, PAGE_AUTH_POLICIES, type AuthSituation } from './page-auth-state';

const situation = (overrides: Partial<AuthSituation>): AuthSituation => ({
  isAuthed: false,
  clientInitialized: false,
  sessionReady: false,
  sessionFailed: false,
  signingOut: false,
  ...overrides,
});

describe('decidePageAuthState', () => {
  it.each([
    ['protected', { isAuthed: true, sessionReady: true }, 'render'],
    ['protected', { isAuthed: false, clientInitialized: false }, 'render'],
    ['protected', { isAuthed: false, clientInitialized: true }, 'redirect-to-login'],
    ['protected', { isAuthed: false, clientInitialized: true, signingOut: true }, 'loader'],
    ['authForm', { isAuthed: false, clientInitialized: true }, 'render'],
    ['authForm', { isAuthed: true, sessionReady: false }, 'loader'],
    ['authForm', { isAuthed: true, sessionReady: true }, 'redirect-to-app'],
    ['authForm', { isAuthed: true, sessionFailed: true }, 'render'],
    ['visitorsOnly', { isAuthed: true, sessionReady: false }, 'render'],
    ['visitorsOnly', { isAuthed: true, sessionReady: true }, 'redirect-to-app'],
    ['public', { isAuthed: true, sessionReady: true }, 'render'],
    ['public', { isAuthed: false, clientInitialized: true }, 'render'],
  ] as const)('%s page with %p → %s', (policy, overrides, expected) => {
    expect(decidePageAuthState(situation(overrides), PAGE_AUTH_POLICIES[policy])).toBe(expected);
  });

  it('can render nothing before init', () => {
    const policy = { ...PAGE_AUTH_POLICIES.protected, whenUnauthedBeforeInit: 'nothing' as const };
    expect(decidePageAuthState(situation({}), policy)).toBe('nothing');
  });
});

describe('loginUrl', () => {
  it('carries the current URL encoded', () => {
    expect(loginUrl('/web/account?tab=1')).toBe('/web/login?redirectUrl=%2Fweb%2Faccount%3Ftab%3D1');
    expect(loginUrl(null)).toBe('/web/login');
  });
});
