import { createHash, randomBytes } from 'node:crypto';
import { issuedBeforeSignOut } from '@/domain/session/sign-out-cut-off';
import type { Database } from '@/server/db/client';
import type { LessonReadsRequest, PublishSetRecord } from '@/server/repositories/content-repository';
import type { LessonPageReads } from '@/server/repositories/learning-repository';
import { createSessionRepository } from '@/server/repositories/session-repository';
import type { ContentService } from './content-service';

/**
 * Server-side sessions (docs/security.md, "Identity and sessions"). The page cookies of
 * next-firebase-auth are signed but carry the ID and refresh tokens, so a copy of them would work
 * until those expire. Each sign-in therefore also gets a random session id (its own cookie, only
 * its hash stored) that every page checks; signing out deletes the user's sessions, records a
 * cut-off that API v1 applies to bearer tokens from earlier sign-ins, and (in the endpoint)
 * revokes the Firebase refresh tokens. Signing out thus ends the session on every device.
 */

/** How long another app process may keep accepting a token after a sign-out elsewhere. */
const CUT_OFF_CACHE_MS = 5000;

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex');

export function createSessionService(db: Database, now: () => Date, content: Pick<ContentService, 'latestPublishSetAndSession'>) {
  const repository = createSessionRepository(db);
  const cutOffs = new Map<string, { at: Date | null; readAt: number }>();

  async function cutOff(userId: string): Promise<Date | null> {
    const cached = cutOffs.get(userId);
    if (cached && now().getTime() - cached.readAt < CUT_OFF_CACHE_MS) return cached.at;
    const at = await repository.sessionsValidAfter(userId);
    cutOffs.set(userId, { at, readAt: now().getTime() });
    return at;
  }

  return {
    /** Starts a session for a freshly verified sign-in; answers the cookie value. */
    async start(userId: string, maxAgeMs: number): Promise<string> {
      const id = randomBytes(32).toString('base64url');
      await repository.insert(hashOf(id), userId, new Date(now().getTime() + maxAgeMs));
      if (Math.random() < 0.01) await repository.deleteExpired(now());
      return id;
    },

    /** A signed-in browser sent a fresh token (the client SDK refreshes hourly): the session lives on. */
    async extend(sessionId: string, maxAgeMs: number): Promise<void> {
      await repository.extend(hashOf(sessionId), new Date(now().getTime() + maxAgeMs));
    },

    /** Whether the cookie's session exists, has not expired and belongs to this user. */
    async isActive(sessionId: string | undefined, userId: string): Promise<boolean> {
      if (!sessionId || sessionId.length > 200) return false;
      return (await repository.activeUser(hashOf(sessionId), now())) === userId;
    },

    /**
     * The page check: `isActive`, read in the same statement as the current publish set, which
     * nearly every signed-in page needs next (issue 18). `publishSet` is that set, for the page
     * to use rather than read it again; absent when nothing was ever published. With
     * `lessonReads`, the lesson page's reads for that learner, track and lesson come too.
     */
    async isActiveWithPublishSet(
      sessionId: string | undefined,
      userId: string,
      lessonReads?: LessonReadsRequest,
    ): Promise<{ active: boolean; publishSet?: PublishSetRecord; lessonReads?: LessonReadsRequest & LessonPageReads }> {
      if (!sessionId || sessionId.length > 200) return { active: false };
      const read = await content.latestPublishSetAndSession(hashOf(sessionId), now(), lessonReads);
      if (!read) return { active: await this.isActive(sessionId, userId) };
      const active = read.sessionUser === userId;
      // Reads for another user than the session's are never handed on.
      if (!active || !lessonReads || !read.lessonReads || lessonReads.userId !== userId) return { active, publishSet: read.set };
      return { active, publishSet: read.set, lessonReads: { ...lessonReads, ...read.lessonReads } };
    },

    /** The user a session cookie belongs to (for sign-out). */
    async userOf(sessionId: string | undefined): Promise<string | null> {
      if (!sessionId || sessionId.length > 200) return null;
      return repository.activeUser(hashOf(sessionId), now());
    },

    /** Signs the user out everywhere: sessions gone, tokens from earlier sign-ins refused. */
    async endAllFor(userId: string): Promise<void> {
      // The instant itself: token times have whole seconds, and issuedBeforeSignOut counts a token
      // of this very second as from before it.
      const signedOutAt = now();
      await repository.endAllFor(userId, signedOutAt);
      cutOffs.set(userId, { at: signedOutAt, readAt: now().getTime() });
    },

    /**
     * Whether the user signed out (here or everywhere) at or after `since`: a session begun then, such
     * as the instance app's, has ended with it. `since` comes from a token's issue time (whole
     * seconds), so a sign-out in the same second counts as after it (issuedBeforeSignOut; cached for
     * at most five seconds, as for tokens).
     */
    async signedOutSince(userId: string, since: Date): Promise<boolean> {
      const at = await cutOff(userId);
      return at !== null && issuedBeforeSignOut(Math.floor(since.getTime() / 1000), at);
    },

    /**
     * Whether a token's sign-in (auth_time, in seconds) is after the user's last sign-out: a later
     * second than the sign-out's (issuedBeforeSignOut).
     */
    async tokenIsCurrent(userId: string, authTimeSeconds: number | null): Promise<boolean> {
      const at = await cutOff(userId);
      if (!at) return true;
      return authTimeSeconds !== null && !issuedBeforeSignOut(authTimeSeconds, at);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
