import { z } from 'zod';
import { checkSchema, INTERACTIONS, TUTORIAL_KINDS } from '@/domain/content/model';
import type { ApiClient } from './api-client';

/**
 * Typed calls for the learning API (spec §7 paths), each with its spec §8 error message.
 * Responses are validated, so a mismatch between client and server fails loudly.
 */

export interface ChapterPath {
  trackId: string;
  tutorialId: string;
  chapterId: string;
}

export interface LessonPath extends ChapterPath {
  lessonId: string;
}

export interface UserFile {
  name: string;
  userContent: string;
}

const seg = encodeURIComponent;
const chapterPath = (p: ChapterPath) => `/tracks/${seg(p.trackId)}/tutorials/${seg(p.tutorialId)}/chapters/${seg(p.chapterId)}`;
const lessonPath = (p: LessonPath) => `${chapterPath(p)}/lessons/${seg(p.lessonId)}`;

const tutorialSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(TUTORIAL_KINDS),
  chapters: z.number(),
  lessons: z.number(),
  completedLessons: z.number(),
});

const trackSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  trackVersion: z.number(),
  tutorials: z.number(),
  lessons: z.number(),
  completedLessons: z.number(),
});

export const tracksResponseSchema = z.object({ publishSetVersion: z.number().nullable(), tracks: z.array(trackSummarySchema.extend({ sections: z.number() })) });
export const trackResponseSchema = z.object({
  publishSetVersion: z.number(),
  track: trackSummarySchema.extend({ sections: z.array(z.object({ index: z.number(), title: z.string(), tutorials: z.array(tutorialSummarySchema) })) }),
});

const lessonSummarySchema = z.object({ id: z.string(), title: z.string(), interaction: z.enum(INTERACTIONS), codeLanguage: z.string().nullable(), completed: z.boolean() });

export const tutorialResponseSchema = z.object({
  trackVersion: z.number(),
  publishSetVersion: z.number(),
  tutorial: tutorialSummarySchema.extend({ chapters: z.array(z.object({ id: z.string(), title: z.string(), lessons: z.array(lessonSummarySchema) })) }),
});

const gapSegment = z.union([z.string(), z.object({ gap: z.number() })]);
const interactionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('multiple-choice'), question: z.string(), choices: z.array(z.object({ text: z.string(), correct: z.boolean(), why: z.string().optional() })) }),
  z.object({
    kind: z.literal('fill-gap'),
    templates: z.array(z.object({ name: z.string(), segments: z.array(gapSegment) })),
    gaps: z.array(z.object({ accepted: z.array(z.string()) })),
    chips: z.array(z.string()),
  }),
  z.object({ kind: z.literal('reorder'), lines: z.array(z.string()) }),
  z.object({ kind: z.literal('code') }),
]);

export const lessonSchema = lessonSummarySchema.extend({
  explanation: z.string(),
  explanationHtml: z.string(),
  hints: z.array(z.string()),
  hintsHtml: z.array(z.string()),
  questionHtml: z.string().nullable(),
  lessonType: z.enum(['SQL', 'HTML', 'JS', 'Python']).nullable(),
  interaction: interactionSchema,
  executableContent: z
    .object({
      files: z.array(z.object({ name: z.string(), content: z.string(), editable: z.boolean(), language: z.string() })),
      checks: z.array(checkSchema),
      /** Checks only the server runs (other values, other input, hidden data): counted, never sent. */
      hiddenChecks: z.number().int().min(0).default(0),
      seed: z.string().nullable(),
      checkSeed: z.string().nullable().optional(),
      input: z.array(z.string()).default([]),
    })
    .nullable(),
});
export type LessonDto = z.infer<typeof lessonSchema>;

export const chapterResponseSchema = z.object({
  trackVersion: z.number(),
  publishSetVersion: z.number(),
  chapterIndex: z.number(),
  isLastChapter: z.boolean(),
  chapter: z.object({ id: z.string(), title: z.string(), lessons: z.array(lessonSchema) }),
});

export const savedFilesResponseSchema = z.object({
  savedFiles: z.array(z.object({ lessonId: z.string(), files: z.array(z.object({ name: z.string(), content: z.string() })), publishSetVersion: z.number(), savedAt: z.string() })),
});

const savedResponseSchema = z.object({ lessonId: z.string(), publishSetVersion: z.number(), savedAt: z.string() });
/** The server's grading of a completion (src/server/grading/grade-completion.ts). */
export const serverVerdictSchema = z.object({
  passed: z.boolean(),
  checks: z.array(z.object({ type: z.string(), passed: z.boolean(), message: z.string().nullable(), hidden: z.boolean() })),
  error: z.object({ type: z.string(), message: z.string(), line: z.number().nullable(), file: z.string().nullable() }).nullable(),
  items: z.array(z.boolean()).optional(),
});
export type ServerVerdict = z.infer<typeof serverVerdictSchema>;

export const recordedCompletionSchema = z.object({
  recorded: z.literal(true),
  lessonId: z.string(),
  completedAt: z.string(),
  firstCompletion: z.boolean(),
  countedOn: z.string(),
  streakExtended: z.boolean(),
  usedClientTime: z.boolean(),
  xpAwarded: z.number(),
  goalJustMet: z.boolean(),
  projectCompleted: z.boolean(),
  verdict: serverVerdictSchema,
});
export type CompletionResponse = z.infer<typeof recordedCompletionSchema>;
/** A completion is the server's to decide: recorded when its grading passed, else its verdict and nothing recorded. */
export const completionResponseSchema = z.discriminatedUnion('recorded', [recordedCompletionSchema, z.object({ recorded: z.literal(false), lessonId: z.string(), verdict: serverVerdictSchema })]);
export type CompletionAnswer = z.infer<typeof completionResponseSchema>;
export type Submission = { files: UserFile[] } | { choices: number[] } | { gaps: string[] } | { order: number[] };
export interface CompletionInput {
  mode: 'learn' | 'challenge' | 'tutor';
  attempts: number;
  usedHints: boolean;
  completedAt?: string;
  timeZone?: string;
  submission: Submission;
}

const verificationFileSchema = z.object({ name: z.string(), content: z.string() });
/** GET /preview/content (course engineers): what this deployment serves, and a preview deployment's working tree. */
export const previewContentSchema = z.object({
  deployment: z.enum(['standard', 'preview']),
  lessonRoutePrefix: z.enum(['/web', '/ssr']),
  publishSetVersion: z.number().nullable(),
  workingTree: z.object({ publishSetVersion: z.number().nullable(), checkedAt: z.string().nullable(), publishedAt: z.string().nullable(), errors: z.array(z.string()) }).nullable(),
});
/** POST /preview/content/publish (course engineers): the server publishes its content folder now. */
export const publishedContentSchema = z.object({ published: z.boolean(), publishSetVersion: z.number().nullable(), message: z.string() });

/** GET /preview/tracks/{trackId}/verification (course engineers): every code lesson with its solution and checks. */
export const trackVerificationSchema = z.object({
  trackId: z.string(),
  trackVersion: z.number(),
  lessons: z.array(
    z.object({
      lessonId: z.string(),
      title: z.string(),
      tutorialId: z.string(),
      chapterId: z.string(),
      lessonType: z.enum(['SQL', 'HTML', 'JS', 'Python']),
      starter: z.array(verificationFileSchema),
      solution: z.array(verificationFileSchema),
      checks: z.array(checkSchema),
      seed: z.string().nullable(),
      checkSeed: z.string().nullable().optional(),
      input: z.array(z.string()),
    }),
  ),
});
export type TrackVerification = z.infer<typeof trackVerificationSchema>;

export function learningEndpoints(client: ApiClient) {
  return {
    tracks: () => client.request({ path: '/tracks', errorKey: 'fetchTracks', schema: tracksResponseSchema }),
    track: (trackId: string) => client.request({ path: `/tracks/${seg(trackId)}`, errorKey: 'fetchTrack', schema: trackResponseSchema }),
    tutorial: (trackId: string, tutorialId: string) =>
      client.request({ path: `/tracks/${seg(trackId)}/tutorials/${seg(tutorialId)}`, errorKey: 'fetchTutorial', schema: tutorialResponseSchema }),
    chapter: (path: ChapterPath) => client.request({ path: chapterPath(path), errorKey: 'fetchChapter', schema: chapterResponseSchema }),
    savedFiles: (path: ChapterPath, trackVersion: number) =>
      client.request({ path: `${chapterPath(path)}/savedFiles`, query: { trackVersion }, errorKey: 'fetchSavedFiles', schema: savedFilesResponseSchema }),
    /** Spec §8 uses the fetch message for clear as well. */
    clearSavedFiles: (path: ChapterPath, trackVersion: number) =>
      client.request({ method: 'POST', path: `${chapterPath(path)}/savedFiles/clear`, query: { trackVersion }, errorKey: 'fetchSavedFiles', schema: z.object({ cleared: z.number() }) }),
    saveFiles: (path: LessonPath, publishSetVersion: number, files: UserFile[]) =>
      client.request({ method: 'POST', path: `${lessonPath(path)}/savefiles`, query: { publishSetVersion }, body: { files }, errorKey: 'postSavedFiles', schema: savedResponseSchema }),
    completeLesson: (path: LessonPath, input: CompletionInput) =>
      client.request({ method: 'POST', path: `${lessonPath(path)}/complete`, body: input, errorKey: 'recordCompletion', schema: completionResponseSchema }),
    preview: {
      runFiles: (path: LessonPath, files: UserFile[]) =>
        client.request<unknown>({ method: 'POST', preview: true, path: `${lessonPath(path)}/runfiles`, body: { files }, errorKey: 'postSavedFilesToPreview' }),
      verification: (trackId: string) => client.request({ path: `/tracks/${seg(trackId)}/verification`, preview: true, errorKey: 'fetchVerification', schema: trackVerificationSchema }),
      content: () => client.request({ path: '/content', preview: true, errorKey: 'fetchPreviewContent', schema: previewContentSchema }),
      publish: () => client.request({ method: 'POST', preview: true, path: '/content/publish', body: { force: true }, errorKey: 'publishContent', schema: publishedContentSchema }),
      clearCache: (path: ChapterPath) =>
        client.request({ method: 'POST', preview: true, path: `${chapterPath(path)}/savedFiles/clearCache`, errorKey: 'clearSavedFilesCache', schema: z.object({ clearedTrackVersions: z.number() }) }),
    },
  };
}

export type LearningEndpoints = ReturnType<typeof learningEndpoints>;
