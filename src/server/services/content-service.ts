import { createHash } from 'node:crypto';
import type { CompiledContent, Track } from '@/domain/content/model';
import type { CodingEvent } from '@/domain/events/events';
import type { GlossaryEntry } from '@/domain/glossary/glossary';
import type { Database } from '@/server/db/client';
import { CONTENT_CACHE_COUNTER, createContentRepository, type LessonReadsRequest, type PublishResult, type PublishSetRecord } from '@/server/repositories/content-repository';

export function hashJson(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/**
 * A publish set's identity: its tracks' hashes, the glossary's when there is one, and the events'
 * when there are some (content without events keeps the hash it had before events existed).
 */
function contentHashOf(content: CompiledContent): string {
  const tracks = content.tracks.map((track) => [track.id, hashJson(track)]);
  const withGlossary = content.glossary ? [tracks, hashJson(content.glossary)] : tracks;
  return hashJson(content.events ? [withGlossary, 'events', hashJson(content.events)] : withGlossary);
}

export interface PublishedTrack {
  track: Track;
  trackVersion: number;
  publishSetVersion: number;
}

/** What pages and services read of the published content, at one publish set. */
export interface PublishedContent {
  latestPublishSet(): Promise<PublishSetRecord | null>;
  /** Every track of the publish set, in order. */
  publishedTracks(): Promise<PublishedTrack[]>;
  publishedTrack(trackId: string): Promise<PublishedTrack | null>;
  /** The publish set's HTML glossary (an empty list when it has none). */
  publishedGlossary(): Promise<GlossaryEntry[]>;
  /** The publish set's events (an empty list when it has none). */
  publishedEvents(): Promise<CodingEvent[]>;
}

/**
 * Publishing and reading published content. Track versions are immutable, so they are cached
 * in memory for the life of the process; only "which publish set is current" is read each time.
 */
export function createContentService(db: Database) {
  const repository = createContentRepository(db);
  const cache = new Map<string, Track>();

  /** What a clear cache (in any process) empties besides the track versions. */
  const resets: (() => void)[] = [];

  /** Publish sets never change: one read per set and process of what only some pages need. */
  function perPublishSet<T>(read: (version: number) => Promise<T[]>): (set: PublishSetRecord | null) => Promise<T[]> {
    let cached: { version: number; value: T[] } | null = null;
    resets.push(() => {
      cached = null;
    });
    return async (set) => {
      if (!set) return [];
      if (cached?.version !== set.version) cached = { version: set.version, value: await read(set.version) };
      return cached.value;
    };
  }

  /** The publish set this process read last. */
  let lastSeen: PublishSetRecord | null = null;

  /** The cache generation this process last saw; another process's clear cache moves it. */
  let seenGeneration: number | null = null;

  /** The current publish set; drops this process's cached content when any process cleared it. */
  async function currentSet(): Promise<PublishSetRecord | null> {
    return adopt(await repository.latestPublishSet());
  }

  /** A publish set just read as the current one: drops cached content when any process cleared it. */
  function adopt(set: PublishSetRecord | null): PublishSetRecord | null {
    lastSeen = set;
    if (set && set.cacheGeneration !== seenGeneration) {
      if (seenGeneration !== null) {
        cache.clear();
        for (const reset of resets) reset();
      }
      seenGeneration = set.cacheGeneration;
    }
    return set;
  }

  async function trackAt(trackId: string, version: number): Promise<Track | null> {
    const key = `${trackId}@${version}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const track = await repository.trackVersion(trackId, version);
    if (track) cache.set(key, track);
    return track;
  }

  const glossaryAt = perPublishSet((version) => repository.glossaryOf(version));
  const eventsAt = perPublishSet((version) => repository.eventsOf(version));

  /** The published content at the set `setOf` gives: the current one read anew, or one a request already read. */
  function readerAt(setOf: () => Promise<PublishSetRecord | null>): PublishedContent {
    return {
      latestPublishSet: setOf,

      async publishedTracks() {
        const set = await setOf();
        if (!set) return [];
        const tracks = await Promise.all(
          set.tracks.map(async (entry) => {
            const track = await trackAt(entry.trackId, entry.trackVersion);
            return track ? { track, trackVersion: entry.trackVersion, publishSetVersion: set.version } : null;
          }),
        );
        return tracks.filter((entry): entry is PublishedTrack => entry !== null);
      },

      async publishedTrack(trackId) {
        const set = await setOf();
        const entry = set?.tracks.find((candidate) => candidate.trackId === trackId);
        if (!set || !entry) return null;
        const track = await trackAt(trackId, entry.trackVersion);
        return track ? { track, trackVersion: entry.trackVersion, publishSetVersion: set.version } : null;
      },

      publishedGlossary: async () => glossaryAt(await setOf()),
      publishedEvents: async () => eventsAt(await setOf()),
    };
  }

  /** Reads the current publish set on each call. */
  const current = readerAt(currentSet);
  /** Readers bound to a set a request already read, one per set object. */
  const bound = new WeakMap<PublishSetRecord, PublishedContent>();

  return {
    /** A new publish set (always); track versions advance only for tracks that changed. */
    publish(content: CompiledContent): Promise<PublishResult> {
      const tracks = content.tracks.map((track) => ({ track, hash: hashJson(track) }));
      return repository.publish(tracks, contentHashOf(content), content.glossary ?? null, content.events ?? null);
    },

    /** Publishes only when the content differs from the current publish set. */
    async publishIfChanged(content: CompiledContent): Promise<PublishResult | null> {
      const hash = contentHashOf(content);
      const latest = await currentSet();
      if (latest?.contentHash === hash) return null;
      return this.publish(content);
    },

    ...current,

    /**
     * The published content as of `set`, the current publish set as this request already read it
     * (the session check's, issue 18), so the request reads it once; anew on each call without one.
     */
    asOf(set: PublishSetRecord | undefined): PublishedContent {
      if (!set) return current;
      let reader = bound.get(set);
      if (!reader) {
        reader = readerAt(() => Promise.resolve(set));
        bound.set(set, reader);
      }
      return reader;
    },

    /**
     * The current publish set and a session's user, read in one statement (the session service's
     * page check; issue 18), with a lesson page's reads when asked. Null when nothing was ever published.
     */
    async latestPublishSetAndSession(idHash: string, now: Date, lessonReads?: LessonReadsRequest) {
      const read = await repository.latestPublishSetAndSession(idHash, now, lessonReads);
      if (read) adopt(read.set);
      return read;
    },

    /**
     * A track as this process last saw it published, from memory only (null when it has not read
     * the set or the track yet). For guesses that are checked afterwards: another process may have
     * published since.
     */
    lastSeenTrack(trackId: string): Track | null {
      const entry = lastSeen?.tracks.find((candidate) => candidate.trackId === trackId);
      return entry ? (cache.get(`${trackId}@${entry.trackVersion}`) ?? null) : null;
    },

    publishSetExists: (version: number) => repository.publishSetExists(version),

    trackAt,

    /**
     * Drops cached track versions (course engineers' "clear cache" in preview): here at once, and
     * in every other app process on its next request (the shared counter moves; issue 18).
     */
    async clearCache(trackId?: string): Promise<number> {
      let cleared = 0;
      for (const key of [...cache.keys()]) {
        if (!trackId || key.startsWith(`${trackId}@`)) {
          cache.delete(key);
          cleared += 1;
        }
      }
      seenGeneration = await repository.bumpCounter(CONTENT_CACHE_COUNTER);
      return cleared;
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
