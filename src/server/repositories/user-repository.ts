import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { userVisits, users } from '@/server/db/schema';

export interface UserRecord {
  id: string;
  email: string | null;
  displayName: string | null;
  publicName: string | null;
  roles: string[];
  createdAt: Date;
}

export interface UserIdentity {
  id: string;
  email: string | null;
  displayName: string | null;
  roles: string[];
}

export function createUserRepository(db: Database) {
  return {
    /** Inserts the user or refreshes the fields the identity token carries. */
    async upsertFromIdentity(identity: UserIdentity): Promise<UserRecord> {
      const [row] = await db
        .insert(users)
        .values({ id: identity.id, email: identity.email, displayName: identity.displayName, roles: identity.roles })
        .onConflictDoUpdate({
          target: users.id,
          set: {
            email: identity.email,
            displayName: sql`coalesce(${identity.displayName}, ${users.displayName})`,
            roles: identity.roles,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      if (!row) throw new Error(`Upsert of user ${identity.id} returned no row`);
      return row;
    },

    async findById(id: string): Promise<UserRecord | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    /** The name shown to others, chosen on the profile (identity syncs never overwrite it). */
    async setPublicName(id: string, publicName: string): Promise<void> {
      await db.update(users).set({ publicName, updatedAt: sql`now()` }).where(eq(users.id, id));
    },

    async recordVisit(userId: string, appName: string): Promise<{ visitedAt: Date }> {
      const [row] = await db.insert(userVisits).values({ userId, appName }).returning({ visitedAt: userVisits.visitedAt });
      if (!row) throw new Error('Visit insert returned no row');
      return row;
    },

  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
