import { logger } from '@/lib/logger';
import { createSandboxedCheckEngine, type SandboxedCheckEngine } from '@/runner/sandbox/sandbox-pool';
import type { Database } from '@/server/db/client';
import { getDatabase } from '@/server/db/database';
import { createContentService, type ContentService } from './content-service';
import { createLearningService, type LearningService } from './learning-service';
import { createProgressService, type ProgressService } from './progress-service';
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
  /** The clock every rule reads (tests pass a fixed one). */
  now: () => Date;
}

export function createServices(db: Database, options: { now?: () => Date } = {}): Services {
  const content = createContentService(db);
  return {
    users: createUserService(db),
    content,
    learning: createLearningService(db, content),
    checks: createSandboxedCheckEngine({ onWarning: (message) => logger.warn(`sandbox: ${message}`) }),
    progress: createProgressService(db, content),
    now: options.now ?? (() => new Date()),
  };
}

const globalForServices = globalThis as typeof globalThis & { __codetrailServices?: Promise<Services> };

/** The process-wide services over the process-wide database. */
export function getServices(): Promise<Services> {
  globalForServices.__codetrailServices ??= getDatabase().then((handle) => createServices(handle.db));
  return globalForServices.__codetrailServices;
}
