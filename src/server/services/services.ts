import type { Database } from '@/server/db/client';
import { getDatabase } from '@/server/db/database';
import { createUserService, type UserService } from './user-service';

export interface Services {
  users: UserService;
}

export function createServices(db: Database): Services {
  return { users: createUserService(db) };
}

const globalForServices = globalThis as typeof globalThis & { __codetrailServices?: Promise<Services> };

/** The process-wide services over the process-wide database. */
export function getServices(): Promise<Services> {
  globalForServices.__codetrailServices ??= getDatabase().then((handle) => createServices(handle.db));
  return globalForServices.__codetrailServices;
}
