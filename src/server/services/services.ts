import { memoizeUntilRejected } from '@/lib/promise/memoize-until-rejected';
import { createNodeCheckEngine, type NodeCheckEngine } from '@/runner/node/node-check-engine';
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
  /** The check engine shared with the lesson player and content:check (Pyodide starts on first use). */
  checks: NodeCheckEngine;
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
    checks: createNodeCheckEngine(),
    progress: createProgressService(db, content),
    now: options.now ?? (() => new Date()),
  };
}

const globalForServices = globalThis as typeof globalThis & { __codetrailServices?: { current?: Promise<Services> } };

/**
 * The process-wide services over the process-wide database. A failed database open is not
 * kept: the next request tries again rather than every request failing until a restart.
 */
export const getServices = memoizeUntilRejected(() => getDatabase().then((handle) => createServices(handle.db)), (globalForServices.__codetrailServices ??= {}));
