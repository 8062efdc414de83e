import { and, desc, eq, sql } from 'drizzle-orm';
import type { Track } from '@/domain/content/model';
import type { CodingEvent } from '@/domain/events/events';
import type { GlossaryEntry } from '@/domain/glossary/glossary';
import type { Database } from '@/server/db/client';
import { preparedOnce } from '@/server/db/prepared';
import { appCounters, publishSetTracks, publishSets, sessions, trackVersions } from '@/server/db/schema';
import { decodeLessonPageReads, lessonPageReadColumns, type LessonPageReads } from './learning-repository';

/** The counter a preview clear cache bumps; every process drops its cached content when it moves. */
export const CONTENT_CACHE_COUNTER = 'content-cache';

export interface PublishSetRecord {
  version: number;
  contentHash: string;
  /** app_counters' `content-cache`: bumped by a clear cache in any process (issue 18). */
  cacheGeneration: number;
  tracks: { trackId: string; trackVersion: number }[];
}

/** Whose lesson page reads to read along with the session check (lessonId null: no saved files). */
export interface LessonReadsRequest {
  userId: string;
  trackId: string;
  lessonId: string | null;
}

export interface TrackToPublish {
  track: Track;
  hash: string;
}

export interface PublishResult {
  publishSetVersion: number;
  tracks: { trackId: string; trackVersion: number; changed: boolean }[];
}

export function createContentRepository(db: Database) {
  /** A publish set's track list never changes once written: read once per set and process (issue 18). */
  const tracksBySet = new Map<number, PublishSetRecord['tracks']>();
  // Not the glossary or the events: this is read on every request, they only by their pages (glossaryOf, eventsOf).
  const latestSetFields = {
    version: publishSets.version,
    contentHash: publishSets.contentHash,
    cacheGeneration: sql<number>`coalesce((select ${appCounters.value} from ${appCounters} where ${appCounters.name} = ${CONTENT_CACHE_COUNTER}), 0)`.mapWith(Number),
  };
  const latestSet = preparedOnce(() => db.select(latestSetFields).from(publishSets).orderBy(desc(publishSets.version)).limit(1).prepare('codetrail_latest_publish_set'));
  // Every signed-in page checks its session and reads the current publish set: one statement (issue 18).
  const sessionUser = sql<string | null>`(select ${sessions.userId} from ${sessions} where ${sessions.idHash} = ${sql.placeholder('idHash')} and ${sessions.expiresAt} > ${sql.placeholder('now')})`;
  const latestSetAndSession = preparedOnce(() =>
    db.select({ ...latestSetFields, sessionUser }).from(publishSets).orderBy(desc(publishSets.version)).limit(1).prepare('codetrail_latest_publish_set_and_session'),
  );
  // The lesson page's start: the same, with the learner's reads for the lesson it expects to show.
  const lessonPageStart = preparedOnce(() =>
    db
      .select({ ...latestSetFields, sessionUser, ...lessonPageReadColumns() })
      .from(publishSets)
      .orderBy(desc(publishSets.version))
      .limit(1)
      .prepare('codetrail_lesson_page_start'),
  );

  async function withTracks(set: Omit<PublishSetRecord, 'tracks'>): Promise<PublishSetRecord> {
    let tracks = tracksBySet.get(set.version);
    if (!tracks) {
      tracks = await db
        .select({ trackId: publishSetTracks.trackId, trackVersion: publishSetTracks.trackVersion })
        .from(publishSetTracks)
        .where(eq(publishSetTracks.publishSetVersion, set.version))
        .orderBy(publishSetTracks.position);
      // A set is written in one transaction with its tracks, so a set without tracks is empty for good.
      if (tracksBySet.size > 16) tracksBySet.clear();
      tracksBySet.set(set.version, tracks);
    }
    return { version: set.version, contentHash: set.contentHash, cacheGeneration: set.cacheGeneration, tracks };
  }

  return {
    /** The current publish set: one small query per call (another process may have published). */
    async latestPublishSet(): Promise<PublishSetRecord | null> {
      const [set] = await latestSet().execute();
      return set ? withTracks(set) : null;
    },

    /**
     * The current publish set and the user of a session that exists and has not expired (null
     * otherwise), in one statement; with `lessonReads`, also the learner's lesson page reads for
     * that track and lesson (the learning repository's completedAndSaved). Null when nothing was
     * ever published (no row to carry the rest).
     */
    async latestPublishSetAndSession(
      idHash: string,
      now: Date,
      lessonReads?: LessonReadsRequest,
    ): Promise<{ set: PublishSetRecord; sessionUser: string | null; lessonReads?: LessonPageReads } | null> {
      if (!lessonReads) {
        const [row] = await latestSetAndSession().execute({ idHash, now: now.toISOString() });
        return row ? { set: await withTracks(row), sessionUser: row.sessionUser ?? null } : null;
      }
      const [row] = await lessonPageStart().execute({ idHash, now: now.toISOString(), ...lessonReads });
      return row ? { set: await withTracks(row), sessionUser: row.sessionUser ?? null, lessonReads: decodeLessonPageReads(row) } : null;
    },

    /** Adds one to a shared counter and answers its new value. */
    async bumpCounter(name: string): Promise<number> {
      const [row] = await db
        .insert(appCounters)
        .values({ name, value: 1 })
        .onConflictDoUpdate({ target: appCounters.name, set: { value: sql`${appCounters.value} + 1` } })
        .returning({ value: appCounters.value });
      return row?.value ?? 1;
    },

    async glossaryOf(version: number): Promise<GlossaryEntry[]> {
      const [row] = await db.select({ glossary: publishSets.glossary }).from(publishSets).where(eq(publishSets.version, version)).limit(1);
      return row?.glossary ?? [];
    },

    async eventsOf(version: number): Promise<CodingEvent[]> {
      const [row] = await db.select({ events: publishSets.events }).from(publishSets).where(eq(publishSets.version, version)).limit(1);
      return row?.events ?? [];
    },

    async trackVersion(trackId: string, version: number): Promise<Track | null> {
      const [row] = await db
        .select({ data: trackVersions.data })
        .from(trackVersions)
        .where(and(eq(trackVersions.trackId, trackId), eq(trackVersions.version, version)))
        .limit(1);
      return row?.data ?? null;
    },

    async publishSetExists(version: number): Promise<boolean> {
      const [row] = await db.select({ version: publishSets.version }).from(publishSets).where(eq(publishSets.version, version)).limit(1);
      return row !== undefined;
    },

    /** Writes a new publish set in one transaction; a track gets a new version only if its hash changed. */
    async publish(tracks: TrackToPublish[], contentHash: string, glossary: GlossaryEntry[] | null = null, events: CodingEvent[] | null = null): Promise<PublishResult> {
      return db.transaction(async (tx) => {
        // Serialise concurrent publishes so versions never collide.
        await tx.execute(sql`lock table ${publishSets} in share row exclusive mode`);
        const [set] = await tx.insert(publishSets).values({ contentHash, glossary, events }).returning({ version: publishSets.version });
        if (!set) throw new Error('Publish set insert returned no row');
        const result: PublishResult['tracks'] = [];
        for (const [position, { track, hash }] of tracks.entries()) {
          const [latest] = await tx
            .select({ version: trackVersions.version, contentHash: trackVersions.contentHash })
            .from(trackVersions)
            .where(eq(trackVersions.trackId, track.id))
            .orderBy(desc(trackVersions.version))
            .limit(1);
          let version = latest?.version ?? 0;
          const changed = latest?.contentHash !== hash;
          if (changed) {
            version += 1;
            await tx.insert(trackVersions).values({ trackId: track.id, version, contentHash: hash, data: track });
          }
          await tx.insert(publishSetTracks).values({ publishSetVersion: set.version, trackId: track.id, trackVersion: version, position });
          result.push({ trackId: track.id, trackVersion: version, changed });
        }
        return { publishSetVersion: set.version, tracks: result };
      });
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
