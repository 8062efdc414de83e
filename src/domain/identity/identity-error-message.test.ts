import { identityErrorMessage } from './identity-error-message';

const err = (code: string) => Object.assign(new Error(code), { code });

describe('identityErrorMessage', () => {
  it.each([
    ['auth/wrong-password', 'login', /password is not right/],
    ['auth/invalid-credential', 'login', /email and password do not match/],
    ['auth/user-not-found', 'login', /no Codetrail account/],
    ['auth/user-not-found', 'reset-request', /no Codetrail account/],
    ['auth/email-already-in-use', 'register', /already exists/],
    ['auth/too-many-requests', 'login', /Too many attempts/],
    ['auth/network-request-failed', 'register', /connection/],
    ['auth/weak-password', 'register', /at least 6 characters/],
    ['auth/invalid-action-code', 'reset-confirm', /not valid any more/],
  ] as const)('%s during %s', (code, action, expected) => {
    expect(identityErrorMessage(err(code), action)).toMatch(expected);
  });

  it('falls back to a sentence per action for unknown errors', () => {
    expect(identityErrorMessage(new Error('boom'), 'login')).toBe('We could not sign you in. Try again in a moment.');
    expect(identityErrorMessage(null, 'register')).toBe('We could not create your account. Try again in a moment.');
    expect(identityErrorMessage(err('auth/something-new'), 'reset-request')).toMatch(/reset email/);
  });
});
