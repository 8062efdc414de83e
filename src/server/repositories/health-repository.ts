import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';

export function createHealthRepository(db: Database) {
  return {
    /** The cheapest statement that proves the database answers. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
