import { z } from 'zod';
import { checkSchema } from '@/domain/content/model';
import type { RunRequest } from '@/runner/run-types';
import { LESSON_TYPES } from '@/runner/sandbox/sandbox-protocol';

/**
 * The wire between the app and the grading worker (POST /grade): a run request in, a run result
 * out (sandbox-protocol.ts's schema, as the worker's answer is parsed like a sandbox's). Both
 * sides hold the bearer token GRADER_TOKEN; the worker listens on a private address.
 */

export const MAX_GRADE_BODY_BYTES = 2 * 1024 * 1024;

export const gradeRequestSchema: z.ZodType<RunRequest> = z
  .object({
    lessonType: z.enum(LESSON_TYPES),
    files: z.array(z.object({ name: z.string().min(1).max(200), content: z.string().max(512 * 1024) }).strict()).min(1).max(40),
    checks: z.array(checkSchema).max(200),
    seed: z.string().max(1024 * 1024).nullable().optional(),
    checkSeed: z.string().max(1024 * 1024).nullable().optional(),
    stdin: z.array(z.string().max(10_000)).max(500).optional(),
    timeoutMs: z.number().int().min(100).max(30_000).optional(),
  })
  .strict() as z.ZodType<RunRequest>;
