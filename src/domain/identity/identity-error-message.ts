/**
 * Human sentences for identity-service errors. Codes are Firebase Auth's; production with
 * email-enumeration protection answers `auth/invalid-credential` where the emulator says
 * `auth/wrong-password` or `auth/user-not-found`, so both families are covered.
 */

export type IdentityAction = 'login' | 'register' | 'reset-request' | 'reset-confirm';

const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'That email and password do not match. Check them and try again.',
  'auth/wrong-password': 'That password is not right. Try again or reset your password.',
  'auth/invalid-login-credentials': 'That email and password do not match. Check them and try again.',
  'auth/user-not-found': 'There is no Codetrail account with that email. Check it, or create an account.',
  'auth/email-already-in-use': 'An account with this email already exists. Sign in instead, or reset your password.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, or reset your password to get back in now.',
  'auth/network-request-failed': 'We could not reach the sign-in service. Check your connection and try again.',
  'auth/weak-password': 'Use at least 6 characters for your password.',
  'auth/invalid-email': 'Enter a valid email address, like name@example.com.',
  'auth/user-disabled': 'This account has been disabled. Contact support if you think this is a mistake.',
  'auth/missing-password': 'Enter your password.',
  'auth/expired-action-code': 'This reset link has expired. Ask for a new one below.',
  'auth/invalid-action-code': 'This reset link is not valid any more (it may have been used already). Ask for a new one below.',
  'auth/operation-not-allowed': 'Email and password sign-in is not enabled for this project.',
};

const FALLBACK: Record<IdentityAction, string> = {
  login: 'We could not sign you in. Try again in a moment.',
  register: 'We could not create your account. Try again in a moment.',
  'reset-request': 'We could not send the reset email. Try again in a moment.',
  'reset-confirm': 'We could not change your password. Try again in a moment.',
};

export function identityErrorCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : null;
  }
  return null;
}

export function identityErrorMessage(error: unknown, action: IdentityAction): string {
  const code = identityErrorCode(error);
  if (code === 'auth/user-not-found' && action === 'reset-request') {
    return 'There is no Codetrail account with that email. Check it, or create an account.';
  }
  return (code && MESSAGES[code]) ?? FALLBACK[action];
}
