import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  EXPERIMENT_BUCKET_COOKIE,
  EXPERIMENT_BUCKET_HEADER,
  FORCED_VARIANTS_COOKIE,
  outsideExperiments,
  parseForcedVariants,
  planBucket,
  type Assignments,
  type ExperimentName,
} from '@/domain/experiments/experiments';
import { allows, consentFromCookie, CONSENT_COOKIE } from '@/domain/analytics/consent';
import { COURSE_ENGINEER } from '@/domain/identity/roles';
import type { ProjectPlacement } from '@/domain/progress/chapter-lock';
import { requestCookies } from '@/server/http/request-cookies';
import type { Services } from '@/server/services/services';
import { bucketCookie, expiredBucketCookie } from './experiment-bucket-cookie';
import { appendSetCookie } from './notification-cookie';
import type { SessionUser } from './with-session';

/**
 * The experiments of one page view, evaluated on the server so the page renders its variant with
 * no flicker. The bucket comes from the request header, the signed-in learner or the bucket cookie;
 * a visitor without one gets a new random one, set as the cookie, once they have agreed to
 * analytics cookies (before that, and once withdrawn, they are outside every experiment and a
 * bucket cookie they still carry is expired). Course engineers' forced
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
  // The server decides from the consent cookie on every request: a bucket cookie left from an
  // earlier consent is neither believed nor kept (planBucket).
  const plan = planBucket({
    header: Array.isArray(header) ? header[0] : header,
    uid: user?.id,
    cookie: cookies[EXPERIMENT_BUCKET_COOKIE],
    analyticsAllowed: allows(consentFromCookie(cookies[CONSENT_COOKIE]), 'analytics'),
  });
  if (plan.clearCookie) appendSetCookie(context.res, expiredBucketCookie());
  const forced = user?.roles.includes(COURSE_ENGINEER) ? parseForcedVariants(cookies[FORCED_VARIANTS_COOKIE]) : {};
  if (plan.bucket.from === 'none') return outsideExperiments(forced);
  let bucketId: string;
  if (plan.bucket.from === 'new') {
    bucketId = randomBytes(15).toString('base64url');
    appendSetCookie(context.res, bucketCookie(bucketId));
  } else bucketId = plan.bucket.id;
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
