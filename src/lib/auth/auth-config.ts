import type { ConfigInput } from 'next-firebase-auth';
import { loginUrl } from '@/domain/auth/page-auth-state';
import { ONBOARDING_CHECK_PATH } from '@/domain/redirect/resolve-redirect';
import { SESSION_COOKIE_MAX_AGE_MS, SESSION_COOKIE_NAME } from '@/domain/session/session-cookie-config';
import { publicEnv } from '@/lib/env/public-env';
import { logger } from '@/lib/logger';
import { LOGIN_API_ENDPOINT, LOGOUT_API_ENDPOINT } from './session-sync';

type CookieOptions = ConfigInput['cookies'];

/**
 * next-firebase-auth settings for the server (cookies, token verification and refresh). The
 * browser does not use the library: src/features/auth follows the Firebase client itself.
 */
export function authConfig(extra: { cookies?: Partial<CookieOptions> }): ConfigInput {
  return {
    authPageURL: ({ ctx }) => loginUrl(ctx?.resolvedUrl ?? null),
    appPageURL: ONBOARDING_CHECK_PATH,
    loginAPIEndpoint: LOGIN_API_ENDPOINT,
    logoutAPIEndpoint: LOGOUT_API_ENDPOINT,
    onVerifyTokenError: (error) => logger.warn('auth: a session token failed verification', error.message),
    onTokenRefreshError: (error) => logger.warn('auth: refreshing a session token failed', error.message),
    firebaseAuthEmulatorHost: publicEnv.authEmulatorHost ?? undefined,
    firebaseClientInitConfig: publicEnv.firebase,
    cookies: {
      name: SESSION_COOKIE_NAME,
      httpOnly: true,
      signed: true,
      sameSite: 'lax',
      maxAge: SESSION_COOKIE_MAX_AGE_MS,
      overwrite: true,
      path: '/',
      secure: false,
      ...extra.cookies,
    },
  };
}
