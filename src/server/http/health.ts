import type { NextApiHandler } from 'next';
import { logger } from '@/lib/logger';
import { getDatabase } from '@/server/db/database';
import { createHealthRepository } from '@/server/repositories/health-repository';
import { createDatabaseCheck, type DatabaseState } from './database-check';

/**
 * Readiness for the start script and load balancers: 200 only when the database answers. The
 * reason stays in the server log; the answer says only which way it failed.
 */
export function createHealthHandler(checkDatabase: () => Promise<DatabaseState>): NextApiHandler {
  return async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const database = await checkDatabase();
    if (database === 'ok') res.status(200).json({ status: 'ok', database });
    else res.status(503).json({ status: 'unavailable', database });
  };
}

export const healthHandler = createHealthHandler(
  createDatabaseCheck({
    // Opening counts too: while the embedded database starts (or is refused), health is 503.
    ping: async () => createHealthRepository((await getDatabase()).db).ping(),
    onError: (error) => logger.error('health: the database did not answer', error),
  }),
);
