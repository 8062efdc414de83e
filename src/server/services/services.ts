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
import type { Provisioner } from '@/server/machines/machine-contracts';
import { createRateLimitService, type RateLimitService } from './rate-limit-service';
import { createSessionService, type SessionService } from './session-service';
import { DEFAULT_RATE_LIMITS, type RateLimitKind, type RateLimitRule } from '@/domain/rate-limits/rate-limit-rules';
import { serverEnv } from '@/server/config/server-env';
import { createUserService, type UserService } from './user-service';

export interface Services {
  users: UserService;
  content: ContentService;
  learning: LearningService;
  /**
   * The check engine shared with the lesson player and content:check, run in sandbox processes:
   * learner code never runs in the app's process (docs/security.md).
   */
  checks: SandboxedCheckEngine;
  progress: ProgressService;
  profiles: ProfileService;
  /** The build area: learners' own projects, snapshots, sharing. */
  projects: ProjectService;
  /** Machines: learners' Linux workspaces, through the configured provisioner (docs/machines.md). */
  machines: MachineService;
  sessions: SessionService;
  rateLimits: RateLimitService;
  /** The clock every rule reads (tests pass a fixed one). */
  now: () => Date;
}

export function createServices(db: Database, options: { now?: () => Date; rateLimits?: Record<RateLimitKind, RateLimitRule>; provisioner?: Provisioner } = {}): Services {
  const content = createContentService(db);
  const now = options.now ?? (() => new Date());
  const env = serverEnv();
  const progress = createProgressService(db, content);
  return {
    users: createUserService(db),
    content,
    learning: createLearningService(db, content),
    checks: createSandboxedCheckEngine({ onWarning: (message) => logger.warn(`sandbox: ${message}`) }),
    progress,
    profiles: createProfileService(db, content, progress),
    projects: createProjectService(db, content, now),
    machines: createMachineService(db, {
      provisioner: options.provisioner ?? createProvisioner(env),
      quota: env.machines.quota,
      network: env.machines.network,
      idleMinutes: env.machines.idleMinutes,
      tokenKeys: env.cookieKeys,
      now,
    }),
    sessions: createSessionService(db, now),
    rateLimits: createRateLimitService(db, options.rateLimits ?? DEFAULT_RATE_LIMITS, now),
    now,
  };
}

const globalForServices = globalThis as typeof globalThis & { __codetrailServices?: { current?: Promise<Services> } };

/**
 * The process-wide services over the process-wide database. A failed database open is not
 * kept: the next request tries again rather than every request failing until a restart.
 */
export const getServices = memoizeUntilRejected(() => getDatabase().then((handle) => createServices(handle.db, { rateLimits: serverEnv().rateLimits })), (globalForServices.__codetrailServices ??= {}));
