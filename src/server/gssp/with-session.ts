import type { GetServerSideProps, GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { AuthAction, unsetAuthCookies, withUserTokenSSR } from 'next-firebase-auth';
import { loginUrl } from '@/domain/auth/page-auth-state';
import { activeSectionFromCookies } from '@/domain/progress/progress-cookies';
import { rolesFromClaims } from '@/domain/identity/roles';
import { buildRedirectAllowList, postLoginDestination } from '@/domain/redirect/resolve-redirect';
import { logger } from '@/lib/logger';
import { ensureServerAuth } from '@/server/auth/server-auth';
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
  const guarded = withUserTokenSSR({ whenAuthed: AuthAction.RENDER, whenUnauthed: AuthAction.RENDER })(async (context) => {
    const authUser = context.user;
    let user: SessionUser | null = authUser?.id
      ? { id: authUser.id, email: authUser.email, displayName: authUser.displayName, roles: rolesFromClaims(authUser.claims) }
      : null;
    // Signed cookies alone are not enough: the server-side session must still exist (it is gone
    // after sign-out, so a copy of the cookies taken before is refused). Read with the current
    // publish set, in one statement.
    let snapshot: SessionSnapshot = {};
    if (user) {
      const services = await getServices();
      const check = await services.sessions.isActiveWithPublishSet(readSessionId(context.req), user.id, options.lessonReads?.(context, user, services));
      if (check.active) snapshot = { publishSet: check.publishSet, lessonReads: check.lessonReads };
      else {
        await unsetAuthCookies(context.req as never, context.res as never);
        clearSessionIdCookie(context.res, { secure: serverEnv().secureCookies });
        user = null;
      }
    }

    if (!user && options.whenUnauthed === 'redirect-to-login') {
      return { redirect: { destination: loginUrl(context.resolvedUrl), permanent: false } };
    }
    const destination = options.whenAuthed === 'redirect-to-app' ? appDestination(context) : '/onboarding-check';
    if (user && options.whenAuthed === 'redirect-to-app') {
      return { redirect: { destination, permanent: false } };
    }
    const result = getProps ? await getProps(context, user, snapshot) : ({ props: {} } as GetServerSidePropsResult<P>);
    if (!('props' in result)) return result;
    const props = await result.props;
    return { props: { ...props, appDestination: destination } };
  });

  return async (context) => {
    ensureServerAuth();
    context.res.setHeader('Cache-Control', 'private, no-store');
    return guarded(context) as unknown as ReturnType<GetServerSideProps<P & SessionPageProps>>;
  };
}
