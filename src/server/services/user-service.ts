import { toStorableText } from '@/domain/text/unstorable-characters';
import type { Identity } from '@/server/auth/identity';
import type { Database } from '@/server/db/client';
import { createUserRepository } from '@/server/repositories/user-repository';

export interface UserDto {
  id: string;
  displayName: string | null;
  email: string | null;
  roles: string[];
}

const SYNC_TTL_MS = 5 * 60 * 1000;

/**
 * Keeps the users table in step with the identity token. The token is the source of truth
 * for email, name and roles; a short per-process memo avoids a write on every request.
 */
export function createUserService(db: Database, now: () => number = Date.now) {
  const repository = createUserRepository(db);
  const synced = new Map<string, { fingerprint: string; at: number }>();

  return {
    async syncFromIdentity(identity: Identity): Promise<void> {
      const fingerprint = JSON.stringify([identity.email, identity.displayName, identity.roles]);
      const memo = synced.get(identity.uid);
      if (memo && memo.fingerprint === fingerprint && now() - memo.at < SYNC_TTL_MS) return;
      // The token's fields are the learner's own words (a display name may hold NUL): stored
      // as well as they can be rather than refusing the learner every request.
      const storable = (text: string | null) => (text === null ? null : toStorableText(text));
      await repository.upsertFromIdentity({
        id: identity.uid,
        email: storable(identity.email),
        displayName: storable(identity.displayName),
        roles: identity.roles.map(toStorableText),
      });
      synced.set(identity.uid, { fingerprint, at: now() });
    },

    async me(identity: Identity): Promise<UserDto> {
      const row = await repository.findById(identity.uid);
      return {
        id: identity.uid,
        displayName: row?.displayName ?? identity.displayName,
        email: identity.email ?? row?.email ?? null,
        roles: identity.roles,
      };
    },

    /** The roles last synced from the learner's token (empty for an unknown learner). */
    async roles(userId: string): Promise<string[]> {
      return (await repository.findById(userId))?.roles ?? [];
    },

    async recordVisit(identity: Identity, appName: string): Promise<{ visitedAt: string }> {
      const { visitedAt } = await repository.recordVisit(identity.uid, appName);
      return { visitedAt: visitedAt.toISOString() };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
