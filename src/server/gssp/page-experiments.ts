import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  bucketIdFrom,
  EXPERIMENT_BUCKET_COOKIE,
  EXPERIMENT_BUCKET_HEADER,
  EXPERIMENT_BUCKET_MAX_AGE_SECONDS,
  FORCED_VARIANTS_COOKIE,
  outsideExperiments,
  parseForcedVariants,
  type Assignments,
  type ExperimentName,
} from '@/domain/experiments/experiments';
import { allows, consentFromCookie, CONSENT_COOKIE } from '@/domain/analytics/consent';
import { COURSE_ENGINEER } from '@/domain/identity/roles';
import type { ProjectPlacement } from '@/domain/progress/chapter-lock';
import { serverEnv } from '@/server/config/server-env';
import { requestCookies } from '@/server/http/request-cookies';
import type { Services } from '@/server/services/services';
import { appendSetCookie } from './notification-cookie';
import type { SessionUser } from './with-session';

/**
 * The experiments of one page view, evaluated on the server so the page renders its variant with
 * no flicker. The bucket comes from the request header, the signed-in learner or the bucket cookie;
 * a visitor without one gets a new random one, set as the cookie, once they have agreed to
 * analytics cookies (before that they are outside every experiment). Course engineers' forced
 * variants (their cookie) apply to them alone. `shown` lists the experiments this page renders:
 * their exposures are recorded (once per bucket and experiment).
 */
export async function pageExperiments(
  context: { req: Pick<IncomingMessage, 'headers'>; res: ServerResponse },
  user: Pick<SessionUser, 'id' | 'roles'> | null,
  shown: readonly ExperimentName[],
  services: Pick<Services, 'experiments'>,
): Promise<Assignments> {
  const header = context.req.headers[EXPERIMENT_BUCKET_HEADER];
  const cookies = requestCookies(context.req);
  let bucketId = bucketIdFrom({ header: Array.isArray(header) ? header[0] : header, uid: user?.id, cookie: cookies[EXPERIMENT_BUCKET_COOKIE] });
  const forced = user?.roles.includes(COURSE_ENGINEER) ? parseForcedVariants(cookies[FORCED_VARIANTS_COOKIE]) : {};
  if (!bucketId && !allows(consentFromCookie(cookies[CONSENT_COOKIE]), 'analytics')) return outsideExperiments(forced);
  if (!bucketId) {
    bucketId = randomBytes(15).toString('base64url');
    const secure = serverEnv().secureCookies ? '; Secure' : '';
    appendSetCookie(context.res, `${EXPERIMENT_BUCKET_COOKIE}=${bucketId}; Path=/; Max-Age=${EXPERIMENT_BUCKET_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly${secure}`);
  }
  const assignments = services.experiments.assignments(bucketId, forced);
  await services.experiments.recordExposures(bucketId, user?.id ?? null, assignments, shown);
  return assignments;
}

/** experiment-optional-guided-project-in-path's variants, as the path's rule for guided projects. */
export function projectPlacementOf(assignments: Assignments): ProjectPlacement {
  switch (assignments['experiment-optional-guided-project-in-path'].variant) {
    case 'variant1_optional_in_path':
      return 'optional';
    case 'variant2_no_optional_projects':
      return 'hidden';
    default:
      return 'required';
  }
}
