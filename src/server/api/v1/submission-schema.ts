import { z } from 'zod';

/** A learner's lesson files as the API takes them (save, run, and a completion's submission). */
export const lessonFilesSchema = z
  .array(z.object({ name: z.string().min(1).max(100), userContent: z.string() }).strict())
  .min(1, 'send at least one file')
  .max(20, 'a lesson has at most 20 files');

/** What a completion hands in (src/domain/lessons/submission.ts): the server grades it before anything is recorded. */
export const submissionSchema = z.union(
  [
    z.object({ files: lessonFilesSchema }).strict(),
    z.object({ choices: z.array(z.number().int().min(0).max(100)).max(100) }).strict(),
    z.object({ gaps: z.array(z.string().max(1000)).max(100) }).strict(),
    z.object({ order: z.array(z.number().int().min(0).max(1000)).max(1000) }).strict(),
  ],
  { error: 'submission is { files }, { choices }, { gaps } or { order }' },
);
