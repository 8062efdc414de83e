import type { GetServerSideProps, GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { unsetAuthCookies } from 'next-firebase-auth';
import { loginUrl } from '@/domain/auth/page-auth-state';
import { activeSectionFromCookies } from '@/domain/progress/progress-cookies';
import { rolesFromClaims } from '@/domain/identity/roles';
import { buildRedirectAllowList, postLoginDestination } from '@/domain/redirect/resolve-redirect';
import { logger } from '@/lib/logger';
import { cookieSession, signedOutSerialized, type CookieUser } from '@/server/auth/server-auth';
import { serverEnv } from '@/server/config/server-env';
import { requestCookies } from '@/server/http/request-cookies';
import { clearSessionIdCookie, readSessionId } from '@/server/auth/session-id-cookie';
import type { LessonReadsRequest, PublishSetRecord } from '@/server/repositories/content-repository';
import type { LessonPageReads } from '@/server/repositories/learning-repository';
import { getServices, type Services } from '@/server/services/services';

/**
 * The one getServerSideProps guard every page uses (spec §2). It reads the signed session
 * cookies (refreshing an expired ID token), then either redirects or hands the signed-in user
 * to the page's own props function.
 */

export interface SessionUser {
  id: string;
  email: string | null;
  displayName: string | null;
  roles: string[];
}

export interface SessionGuardOptions {
  /**
   * A lesson page's reads to make in the session check's statement (issue 18): a guess from what
   * this process last saw published; the page uses them only if it then needs exactly those.
   */
  lessonReads?: (context: GetServerSidePropsContext, user: SessionUser, services: Services) => LessonReadsRequest | undefined;
  /** Protected pages send visitors to /web/login?redirectUrl=<current URL>. */
  whenUnauthed: 'redirect-to-login' | 'render';
  /** Login, registration and the landing page send signed-in users on into the app. */
  whenAuthed: 'render' | 'redirect-to-app';
}

export interface SessionPageProps {
  /** Where a signed-in user goes from this page (validated redirectUrl or the default). */
  appDestination: string;
}

/** What the guard read along with the session, for the page to use rather than read again. */
export interface SessionSnapshot {
  /** The current publish set, read in the session check's statement (absent for visitors, or before any publish). */
  publishSet?: PublishSetRecord;
  /** The lesson page's reads made in the same statement (options.lessonReads), for the learner and lesson named. */
  lessonReads?: LessonReadsRequest & LessonPageReads;
}

export type SessionPropsGetter<P> = (
  context: GetServerSidePropsContext,
  user: SessionUser | null,
  snapshot: SessionSnapshot,
) => Promise<GetServerSidePropsResult<P>>;

function appDestination(context: GetServerSidePropsContext): string {
  const env = serverEnv();
  const requested = context.query.redirectUrl;
  const { destination, refused } = postLoginDestination(requested, buildRedirectAllowList(env.ownHosts, { local: env.local }), activeSectionFromCookies(requestCookies(context.req)));
  if (refused) {
    logger.warn(`auth: refused redirect to ${JSON.stringify(String(requested)).slice(0, 200)} (${refused}); using ${destination}`);
  }
  return destination;
}

export function withSession<P extends Record<string, unknown> = Record<string, never>>(
  options: SessionGuardOptions,
  getProps?: SessionPropsGetter<P>,
): GetServerSideProps<P & SessionPageProps> {
  /** The page's result, and whether signed cookies were refused (their server-side session is gone). */
  const guarded = async (context: GetServerSidePropsContext, authUser: CookieUser | null): Promise<{ result: GetServerSidePropsResult<P & SessionPageProps>; refused: boolean }> => {
    let user: SessionUser | null = authUser?.id
      ? { id: authUser.id, email: authUser.email, displayName: authUser.displayName, roles: rolesFromClaims(authUser.claims) }
      : null;
    // Signed cookies alone are not enough: the server-side session must still exist (it is gone
    // after sign-out, so a copy of the cookies taken before is refused). Read with the current
    // publish set, in one statement.
    let snapshot: SessionSnapshot = {};
    let refused = false;
    if (user) {
      const services = await getServices();
      const check = await services.sessions.isActiveWithPublishSet(readSessionId(context.req), user.id, options.lessonReads?.(context, user, services));
      if (check.active) snapshot = { publishSet: check.publishSet, lessonReads: check.lessonReads };
      else {
        await unsetAuthCookies(context.req as never, context.res as never);
        clearSessionIdCookie(context.res, { secure: serverEnv().secureCookies });
        user = null;
        refused = true;
      }
    }

    if (!user && options.whenUnauthed === 'redirect-to-login') {
      return { result: { redirect: { destination: loginUrl(context.resolvedUrl), permanent: false } }, refused };
    }
    const destination = options.whenAuthed === 'redirect-to-app' ? appDestination(context) : '/onboarding-check';
    if (user && options.whenAuthed === 'redirect-to-app') {
      return { result: { redirect: { destination, permanent: false } }, refused };
    }
    const result = getProps ? await getProps(context, user, snapshot) : ({ props: {} } as GetServerSidePropsResult<P>);
    if (!('props' in result)) return { result, refused };
    const props = await result.props;
    return { result: { props: { ...props, appDestination: destination } }, refused };
  };

  return async (context) => {
    context.res.setHeader('Cache-Control', 'private, no-store');
    // The user the signed session cookies name, read as next-firebase-auth's withUserTokenSSR
    // reads it, and handed to the browser the same way: as `userSerialized` beside the page's
    // props; but a signed-out user's when the server-side session was refused (withUserTokenSSR
    // handed on the refused cookie's user, ID token included).
    const session = await cookieSession(context.req);
    const { result, refused } = await guarded(context, session.user);
    if (!('props' in result)) return result;
    return { ...result, props: { ...(await result.props), userSerialized: refused ? await signedOutSerialized() : session.serialized } };
  };
}
