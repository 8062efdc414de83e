import { logger } from '@/lib/logger';
import { createSandboxedCheckEngine, type SandboxedCheckEngine } from '@/runner/sandbox/sandbox-pool';
import { memoizeUntilRejected } from '@/lib/promise/memoize-until-rejected';
import type { Database } from '@/server/db/client';
import { getDatabase } from '@/server/db/database';
import { createContentService, type ContentService } from './content-service';
import { createLearningService, type LearningService } from './learning-service';
import { createProfileService, type ProfileService } from './profile-service';
import { createProgressService, type ProgressService } from './progress-service';
import { createProjectService, type ProjectService } from './project-service';
import { createMachineService, type MachineService } from './machine-service';
import { createProvisioner } from '@/server/machines/provisioner-factory';
import type { Provisioner } from '@/domain/machines/machine-contracts';
import { createRateLimitService, type RateLimitService } from './rate-limit-service';
import { createRunSlots, PREVIEW_RUNS_PER_ENGINEER, type RunSlots } from './run-slots';
import { createSessionService, type SessionService } from './session-service';
import { networkSummary } from '@/domain/machines/egress-rules';
import { DEFAULT_RATE_LIMITS, type RateLimitKind, type RateLimitRule } from '@/domain/rate-limits/rate-limit-rules';
import { serverEnv, type BillingConfig, type ServerEnv } from '@/server/config/server-env';
import { createLocalGrader, type Grader } from '@/server/grading/grader';
import { createRemoteGrader } from '@/server/grading/remote-grader';
import { createUserService, type UserService } from './user-service';
import { createBillingService, type BillingService } from './billing-service';
import { createEventService, type EventService } from './event-service';
import { createExperimentService, type ExperimentService } from './experiment-service';
import { createFeedbackService, type FeedbackService } from './feedback-service';
import { createAnalyticsService, type AnalyticsService } from './analytics-service';
import { createOnboardingService, type OnboardingService } from './onboarding-service';
import type { BillingProvider } from '@/server/billing/billing-provider';
import { buildRedirectAllowList } from '@/domain/redirect/resolve-redirect';

export interface Services {
  users: UserService;
  content: ContentService;
  learning: LearningService;
  /**
   * The check engine shared with the lesson player and content:check, run in sandbox processes:
   * learner code never runs in the app's process (docs/security.md).
   */
  checks: SandboxedCheckEngine;
  previewRunSlots: RunSlots;
  /**
   * Grades completions against every check, hidden ones included: the verdict the server records.
   * The grading worker (GRADER_URL) when configured, else sandbox processes and Chromium started
   * from this process (docs/features/grading.md).
   */
  grader: Grader;
  progress: ProgressService;
  profiles: ProfileService;
  /** The build area: learners' own projects, snapshots, sharing. */
  projects: ProjectService;
  /** Machines: learners' Linux workspaces, through the configured provisioner (docs/machines.md). */
  machines: MachineService;
  /** Codetrail Pro: plans, checkouts, webhooks, the entitlement every gate asks (docs/features/billing.md). */
  billing: BillingService;
  /** Events (issue 17): the published list, the learner's RSVPs, reminders, calendar files. */
  events: EventService;
  /** A/B experiments: variants per request and the exposure log. */
  experiments: ExperimentService;
  /** "Report a problem" with a lesson, and the course engineers' list. */
  feedback: FeedbackService;
  /** Analytics events after consent: Codetrail's own store, and the email-marketing tracker. */
  analytics: AnalyticsService;
  /** The onboarding chat's answers, the daily goal they set and the first lesson (issue 17). */
  onboarding: OnboardingService;
  sessions: SessionService;
  rateLimits: RateLimitService;
  /** The clock every rule reads (tests pass a fixed one). */
  now: () => Date;
}

export function createServices(db: Database, options: { grader?: Grader; now?: () => Date; rateLimits?: Record<RateLimitKind, RateLimitRule>; provisioner?: Provisioner; billingProvider?: BillingProvider; billingConfig?: BillingConfig; experimentsStarted?: readonly string[]; emailTrackerFetch?: typeof fetch } = {}): Services {
  const content = createContentService(db);
  const now = options.now ?? (() => new Date());
  const env = serverEnv();
  const grader = options.grader ?? graderFor(env);
  const progress = createProgressService(db, content, grader);
  const users = createUserService(db);
  const rateLimits = createRateLimitService(db, options.rateLimits ?? DEFAULT_RATE_LIMITS, now);
  const analytics = createAnalyticsService(db, { emailTracker: env.emailTracker, now, rateLimits, ...(options.emailTrackerFetch ? { fetch: options.emailTrackerFetch } : {}) });
  const billing = createBillingService(db, {
    config: options.billingConfig ?? env.billing,
    appOrigin: env.appOrigin,
    redirectAllowList: buildRedirectAllowList(env.ownHosts, { local: env.local }),
    now,
    forwardBusinessEvent: (uid, event, at) => analytics.forwardBusinessEvent(uid, event, at),
    ...(options.billingProvider ? { provider: options.billingProvider } : {}),
  });
  /** Pro's project allowance, asked under the owner's lock (roles from the synced user row). */
  const projectGate = async (ownerId: string, ownedProjects: number) => {
    await billing.requireAccess({ uid: ownerId, roles: await users.roles(ownerId) }, { kind: 'build-project', ownedProjects });
  };
  const sessions = createSessionService(db, now, content);
  return {
    users,
    content,
    learning: createLearningService(db, content),
    checks: createSandboxedCheckEngine({ onWarning: (message) => logger.warn(`sandbox: ${message}`) }),
    /** The course engineers' preview runs share `checks`: a few at once per engineer. */
    previewRunSlots: createRunSlots(PREVIEW_RUNS_PER_ENGINEER),
    grader,
    progress,
    profiles: createProfileService(db, content, progress),
    projects: createProjectService(db, content, now, projectGate),
    machines: createMachineService(db, {
      provisioner: options.provisioner ?? createProvisioner(env),
      quota: env.machines.quota,
      network: env.machines.network,
      networkLine: networkSummary(env.machines.network, env.machines.egress.rules),
      idleMinutes: env.machines.idleMinutes,
      tokenKeys: env.cookieKeys,
      signedOutSince: (userId, since) => sessions.signedOutSince(userId, since),
      now,
    }),
    billing,
    feedback: createFeedbackService(db, content, now),
    onboarding: createOnboardingService(db, content, progress),
    events: createEventService(db, content, now),
    analytics,
    experiments: createExperimentService(db, { manuallyStarted: options.experimentsStarted ?? env.experimentsStarted, now }),
    sessions,
    rateLimits,
    now,
  };
}

/** The grading worker when GRADER_URL is set; otherwise grading starts its sandboxes from this process. */
function graderFor(env: ServerEnv): Grader {
  if (env.grader) return createRemoteGrader(env.grader);
  return createLocalGrader({ onWarning: (message) => logger.warn(`grader: ${message}`) });
}

const globalForServices = globalThis as typeof globalThis & { __codetrailServices?: { current?: Promise<Services> } };

/**
 * The process-wide services over the process-wide database. A failed database open is not
 * kept: the next request tries again rather than every request failing until a restart.
 */
export const getServices = memoizeUntilRejected(() => getDatabase().then((handle) => createServices(handle.db, { rateLimits: serverEnv().rateLimits })), (globalForServices.__codetrailServices ??= {}));
