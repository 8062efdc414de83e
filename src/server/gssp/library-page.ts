import { z } from 'zod';
import type { Track } from '@/domain/content/model';
import { pathLockLine, pathLocks, type PathLock } from '@/domain/progress/chapter-lock';
import { paths } from '@/domain/routing/paths';
import { LIBRARY_ACCESS, LIBRARY_KINDS, LIBRARY_LANGUAGES, LIBRARY_LENGTHS, LIBRARY_LEVELS, lengthOf, searchLibrary, type LibraryFilters, type LibraryItem } from '@/domain/library/library-search';
import type { LibraryPageProps } from '@/lib/library/library-page-props';
import { libraryCatalog } from '@/server/services/library-catalog';
import { getServices } from '@/server/services/services';
import { pageExperiments, projectPlacementOf } from './page-experiments';
import { withSession } from './with-session';

/** Results per page of /web/library. */
export const LIBRARY_PAGE_SIZE = 24;

const one = (value: unknown) => (Array.isArray(value) ? value[0] : value);
/** A filter the page does not offer is no filter (a hand-edited URL still shows the library). */
const choice = <T extends string>(values: readonly T[]) =>
  z.preprocess(one, z.string().optional()).transform((value): T | null => (value && (values as readonly string[]).includes(value) ? (value as T) : null));

const querySchema = z.object({
  q: z.preprocess(one, z.string().optional()).transform((value) => (value ?? '').slice(0, 100)),
  kind: choice(LIBRARY_KINDS),
  language: choice(LIBRARY_LANGUAGES),
  level: choice(LIBRARY_LEVELS),
  length: choice(LIBRARY_LENGTHS),
  access: choice(LIBRARY_ACCESS),
  page: z.preprocess(one, z.string().optional()).transform((value) => Math.min(Math.max(1, Number.parseInt(value ?? '1', 10) || 1), 1000)),
});

/** The catalogue of one publish set, built once per set and process. */
let cached: { version: number; items: LibraryItem[]; tracks: Map<string, Track> } | null = null;

/**
 * /web/library?q=&kind=&language=&level=&length=&access=&page=: the whole catalogue, searched and
 * filtered on the server, so the first page (and every page) works without JavaScript.
 */
export const libraryPage = withSession<LibraryPageProps>({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (context, user, snapshot) => {
  if (!user) return { notFound: true };
  const services = await getServices();
  const content = services.content.asOf(snapshot.publishSet);
  const set = await content.latestPublishSet();
  if (!cached || cached.version !== set?.version) {
    const tracks = (await content.publishedTracks()).map((entry) => entry.track);
    cached = { version: set?.version ?? 0, items: libraryCatalog(tracks, await content.publishedGlossary()), tracks: new Map(tracks.map((track) => [track.id, track])) };
  }
  const { page: requested, ...filters } = querySchema.parse(context.query) satisfies LibraryFilters & { page: number };
  const found = searchLibrary(cached.items, filters);
  const pages = Math.max(1, Math.ceil(found.length / LIBRARY_PAGE_SIZE));
  const page = Math.min(requested, pages);
  const shown = found.slice((page - 1) * LIBRARY_PAGE_SIZE, page * LIBRARY_PAGE_SIZE);
  const completed = await services.learning.completedLessonIds(user.id);
  // The path's lock, as the lesson pages apply it (the lock first, then Pro): a result locked in
  // the path says what opens it and leads to where the learner continues.
  const projects = projectPlacementOf(await pageExperiments(context, user, [], services));
  const catalogue = cached;
  const locksByTrack = new Map<string, (chapterIds: readonly string[]) => PathLock>();
  const lockOf = (item: LibraryItem) => {
    const track = item.path && catalogue.tracks.get(item.path.trackId);
    if (!item.path || !track) return null;
    let locks = locksByTrack.get(track.id);
    if (!locks) locksByTrack.set(track.id, (locks = pathLocks(track, completed, user.roles, projects)));
    const lock = locks(item.path.chapterIds);
    return lock.locked ? { line: pathLockLine(lock), href: paths.section(track.id, lock.current.sectionIndex) } : null;
  };
  return {
    props: {
      filters,
      total: found.length,
      page,
      pages,
      results: shown.map((item) => ({
        key: item.key,
        kind: item.kind,
        title: item.title,
        description: item.description,
        language: item.language,
        level: item.level,
        length: lengthOf(item.minutes),
        minutes: item.minutes,
        access: item.access,
        href: item.href,
        progress: item.lessonIds ? { done: item.lessonIds.filter((id) => completed.has(id)).length, total: item.lessonIds.length } : null,
        lock: lockOf(item),
      })),
    },
  };
});
