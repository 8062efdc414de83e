import { isNamedError } from '@/lib/errors/named-error';
import { z } from 'zod';
import { LESSON_MODES } from '@/lib/lesson/lesson-page-props';
import { ID_PATTERN } from '@/server/content/content-error';
import { defineEndpoint, type Routes } from '@/server/http/endpoint';
import { lessonTypeFromFiles } from '@/domain/lessons/lesson-type';
import { HttpError, notFound, unprocessable } from '@/server/http/http-error';
import type { SandboxBusyError, SandboxUnavailableError } from '@/runner/sandbox/sandbox-pool';
import type { RunRequest, RunResult } from '@/runner/run-types';
import { locateChapter, locateLesson, validateLessonFiles } from '@/server/services/learning-service';
import { PREVIEW_RUNS_PER_ENGINEER, previewRunsBusyMessage } from '@/server/services/run-slots';
import { solutionFiles } from '@/server/content/verify-content';
import type { Services } from '@/server/services/services';
import { timeZoneSchema } from './progress-routes';
import { lessonFilesSchema, submissionSchema } from './submission-schema';
import { chapterDto, trackDto, trackSummaryDto, tutorialDto } from './content-dto';
import { tutorialFeature } from '@/domain/billing/entitlement';
import type { Identity } from '@/server/auth/identity';

const id = (what: string) => z.string().regex(ID_PATTERN, `${what} must be a lower-case kebab-case id`);
/** Versions are PostgreSQL integer columns: a larger number would fail in the database, not here. */
export const MAX_VERSION = 2 ** 31 - 1;
const version = (what: string) => {
  const range = `${what} must be a whole number from 1 to ${MAX_VERSION}`;
  return z.coerce.number({ error: `${what} must be a number` }).int(range).min(1, range).max(MAX_VERSION, range);
};

const trackParams = z.object({ trackId: id('trackId') });
const tutorialParams = trackParams.extend({ tutorialId: id('tutorialId') });
const chapterParams = tutorialParams.extend({ chapterId: id('chapterId') });
const lessonParams = chapterParams.extend({ lessonId: id('lessonId') });
const withTrackVersion = chapterParams.extend({ trackVersion: version('trackVersion') });
const withPublishSetVersion = lessonParams.extend({ publishSetVersion: version('publishSetVersion') });

export const saveFilesBody = z.object({ files: lessonFilesSchema }).strict();

export const completionBody = z
  .object({
    mode: z.enum(LESSON_MODES),
    submission: submissionSchema.optional(),
    attempts: z.number().int().min(1).max(10_000),
    usedHints: z.boolean(),
    /** When the learner passed it by their clock; believed within the offline grace window. */
    completedAt: z.iso.datetime({ offset: true, error: 'completedAt must be an ISO 8601 date-time' }).optional(),
    timeZone: timeZoneSchema.optional(),
  })
  .strict();

async function published(services: Services, trackId: string) {
  const track = await services.content.publishedTrack(trackId);
  if (!track) throw notFound(`There is no published track "${trackId}".`);
  return track;
}

/** Pro content (issue 15): the one entitlement rule decides; a free learner gets 402 with the reason. */
async function requireTutorialAccess(services: Services, identity: Identity, trackId: string, tutorialId: string): Promise<void> {
  const entry = await published(services, trackId);
  await services.billing.requireAccess(identity, tutorialFeature(entry.track, tutorialId));
}

/** GET /tracks */
export function tracksRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint({
      access: 'user',
      handle: async ({ identity }) => {
        const [tracks, completed] = await Promise.all([services.content.publishedTracks(), services.learning.completedLessonIds(identity.uid)]);
        // The tracks and the version come from one read of the current publish set.
        const publishSetVersion = tracks[0]?.publishSetVersion ?? (await services.content.latestPublishSet())?.version ?? null;
        return { body: { publishSetVersion, tracks: tracks.map((entry) => trackSummaryDto(entry.track, entry.trackVersion, completed)) } };
      },
    }),
  };
}

/** GET /tracks/{trackId} */
export function trackRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint<z.infer<typeof trackParams>>({
      access: 'user',
      query: trackParams,
      handle: async ({ identity, query }) => {
        const entry = await published(services, query.trackId);
        const completed = await services.learning.completedLessonIds(identity.uid, query.trackId);
        return { body: { publishSetVersion: entry.publishSetVersion, track: trackDto(entry.track, entry.trackVersion, completed) } };
      },
    }),
  };
}

/** GET /tracks/{trackId}/tutorials/{tutorialId} */
export function tutorialRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint<z.infer<typeof tutorialParams>>({
      access: 'user',
      query: tutorialParams,
      handle: async ({ identity, query }) => {
        const entry = await published(services, query.trackId);
        const tutorial = entry.track.tutorials.find((candidate) => candidate.id === query.tutorialId);
        if (!tutorial) throw notFound(`Track "${query.trackId}" has no tutorial "${query.tutorialId}".`);
        const completed = await services.learning.completedLessonIds(identity.uid, query.trackId);
        return { body: { trackVersion: entry.trackVersion, publishSetVersion: entry.publishSetVersion, tutorial: tutorialDto(tutorial, completed) } };
      },
    }),
  };
}

/** GET /tracks/{trackId}/tutorials/{tutorialId}/chapters/{chapterId} */
export function chapterRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint<z.infer<typeof chapterParams>>({
      access: 'user',
      query: chapterParams,
      handle: async ({ identity, query }) => {
        const entry = await published(services, query.trackId);
        const { tutorial, chapter } = locateChapter(entry.track, query);
        await services.billing.requireAccess(identity, tutorialFeature(entry.track, tutorial.id));
        const completed = await services.learning.completedLessonIds(identity.uid, query.trackId);
        const chapterIndex = tutorial.chapters.indexOf(chapter);
        return {
          body: {
            trackVersion: entry.trackVersion,
            publishSetVersion: entry.publishSetVersion,
            chapterIndex,
            isLastChapter: chapterIndex === tutorial.chapters.length - 1,
            chapter: chapterDto(chapter, completed),
          },
        };
      },
    }),
  };
}

/** GET .../chapters/{chapterId}/savedFiles?trackVersion= */
export function savedFilesRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint<z.infer<typeof withTrackVersion>>({
      access: 'user',
      query: withTrackVersion,
      handle: async ({ identity, query }) => ({ body: await services.learning.savedFiles(identity.uid, query, query.trackVersion) }),
    }),
  };
}

/** POST .../chapters/{chapterId}/savedFiles/clear?trackVersion= */
export function clearSavedFilesRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<z.infer<typeof withTrackVersion>>({
      access: 'user',
      query: withTrackVersion,
      handle: async ({ identity, query }) => ({ body: await services.learning.clearSavedFiles(identity.uid, query, query.trackVersion) }),
    }),
  };
}

/** POST .../lessons/{lessonId}/savefiles?publishSetVersion= with { files: [{ name, userContent }] } */
export function saveFilesRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<z.infer<typeof withPublishSetVersion>, z.infer<typeof saveFilesBody>>({
      access: 'user',
      query: withPublishSetVersion,
      body: saveFilesBody,
      handle: async ({ identity, query, body }) => ({ body: await services.learning.saveFiles(identity.uid, query, query.publishSetVersion, body.files) }),
    }),
  };
}

/**
 * POST .../lessons/{lessonId}/complete with { mode, attempts, usedHints, submission } — idempotent.
 * The server grades the submission; a pass is recorded (201 the first time, then 200), work that
 * does not pass is answered 200 with `recorded: false` and the server's verdict, and records nothing.
 */
export function completeLessonRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<z.infer<typeof lessonParams>, z.infer<typeof completionBody>>({
      access: 'user',
      query: lessonParams,
      body: completionBody,
      handle: async ({ identity, query, body }) => {
        await requireTutorialAccess(services, identity, query.trackId, query.tutorialId);
        // Grading runs the submission: a full or unreachable grader is a 503 to retry, as for a run.
        const result = await withRunner(() => services.progress.recordCompletion(identity.uid, query, { ...body, completedAt: body.completedAt ? new Date(body.completedAt) : null }, services.now()));
        return { status: result.recorded && result.firstCompletion ? 201 : 200, body: result };
      },
    }),
  };
}

/** Runs in a sandbox process; a full or broken runner is a 503 the caller can retry, not a 500. */
function runInSandbox(services: Services, request: RunRequest): Promise<RunResult> {
  return withRunner(() => services.checks.run(request));
}

/** Work that runs learner code (a run, or grading a completion): a full or broken runner is a 503 the caller can retry, not a 500. */
async function withRunner<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isNamedError<SandboxBusyError>(error, 'SandboxBusyError')) throw new HttpError(503, error.message, { 'Retry-After': String(error.retryAfterSeconds) });
    if (isNamedError<SandboxUnavailableError>(error, 'SandboxUnavailableError')) throw new HttpError(503, 'The code runner is not available right now. Try again in a minute.', { 'Retry-After': '30' });
    throw error;
  }
}

/** Preview: POST .../lessons/{lessonId}/runfiles — runs the files against the lesson's checks with the player's engine. */
export function previewRunFilesRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<z.infer<typeof lessonParams>, z.infer<typeof saveFilesBody>>({
      access: 'course_engineer',
      query: lessonParams,
      body: saveFilesBody,
      handle: async ({ identity, query, body }) => {
        const entry = await published(services, query.trackId);
        const lesson = locateLesson(locateChapter(entry.track, query), query.lessonId);
        const edited = validateLessonFiles(lesson, body.files);
        const executable = lesson.executableContent;
        if (!executable || lesson.interaction.kind !== 'code') throw unprocessable(`Lesson "${lesson.id}" is not a code lesson.`);
        const files = executable.files.map((file) => edited.find((candidate) => candidate.name === file.name) ?? { name: file.name, content: file.content });
        // Fair to every engineer: one cannot fill the runner's slots and queue while others wait.
        const release = services.previewRunSlots.take(identity.uid);
        if (!release) throw new HttpError(429, previewRunsBusyMessage(PREVIEW_RUNS_PER_ENGINEER), { 'Retry-After': '2' });
        let result: RunResult;
        try {
          result = await runInSandbox(services, { lessonType: lessonTypeFromFiles(files), files, checks: executable.checks, seed: executable.seed, checkSeed: executable.checkSeed ?? null, stdin: executable.input ?? [] });
        } finally {
          release();
        }
        if (result.status === 'unsupported') return { status: 501, body: { message: result.reason } };
        return { body: result };
      },
    }),
  };
}

/** Preview: POST .../chapters/{chapterId}/savedFiles/clearCache — drops the server's cached content of the track. */
export function previewClearCacheRoutes(services: Services): Routes {
  return {
    POST: defineEndpoint<z.infer<typeof chapterParams>>({
      access: 'course_engineer',
      query: chapterParams,
      handle: async ({ query }) => {
        const entry = await published(services, query.trackId);
        locateChapter(entry.track, query);
        return { body: { clearedTrackVersions: await services.content.clearCache(query.trackId) } };
      },
    }),
  };
}

/**
 * Preview: GET /tracks/{trackId}/verification — every code lesson of the published track with
 * its starter files, solution and checks, so a course engineer's browser can prove each one in
 * the real runtimes (the learner API never sends solutions).
 */
export function previewVerificationRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint<z.infer<typeof trackParams>>({
      access: 'course_engineer',
      query: trackParams,
      handle: async ({ query }) => {
        const entry = await published(services, query.trackId);
        const lessons = entry.track.tutorials.flatMap((tutorial) =>
          tutorial.chapters.flatMap((chapter) =>
            chapter.lessons.flatMap((lesson) => {
              const executable = lesson.executableContent;
              if (lesson.interaction.kind !== 'code' || !executable) return [];
              return [
                {
                  lessonId: lesson.id,
                  title: lesson.title,
                  tutorialId: tutorial.id,
                  chapterId: chapter.id,
                  lessonType: lessonTypeFromFiles(executable.files),
                  starter: executable.files.map(({ name, content }) => ({ name, content })),
                  solution: solutionFiles(lesson),
                  checks: executable.checks,
                  seed: executable.seed,
                  checkSeed: executable.checkSeed ?? null,
                  input: executable.input ?? [],
                },
              ];
            }),
          ),
        );
        return { body: { trackId: entry.track.id, trackVersion: entry.trackVersion, lessons } };
      },
    }),
  };
}
