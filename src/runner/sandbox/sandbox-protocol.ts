import { z } from 'zod';
import { checkSchema, type Check } from '@/domain/content/model';
import type { RunRequest, RunResult } from '../run-types';
import { MAX_RESULT_OUTPUT_CHARS } from './sandbox-output';

/**
 * The wire between the app and a sandbox process: newline-delimited JSON on the child's stdin
 * and stdout. Everything the child says is untrusted (learner code runs in it and may have
 * taken it over), so the parent parses it with these schemas and caps its size.
 */

export const LESSON_TYPES = ['Python', 'JS', 'HTML', 'SQL'] as const;
const lessonTypeSchema = z.enum(LESSON_TYPES);
const checkTypeSchema = z.enum(checkSchema.options.map((option) => option.shape.type.value) as [Check['type'], ...Check['type'][]]);

export { capOutput, MAX_RESULT_OUTPUT_CHARS } from './sandbox-output';
/** A child that prints more than this on its protocol channel is killed. */
export const MAX_CHANNEL_BYTES = 4 * 1024 * 1024;

export type ParentMessage =
  | { type: 'prepare'; lessonType: RunRequest['lessonType'] }
  | { type: 'run'; id: number; request: RunRequest };

const runErrorSchema = z.object({
  type: z.string().max(200),
  message: z.string().max(10_000),
  line: z.number().int().nullable(),
  file: z.string().max(500).nullable(),
});

export const runResultSchema: z.ZodType<RunResult> = z.union([
  z.object({
    status: z.literal('ran'),
    passed: z.boolean(),
    output: z.string().max(MAX_RESULT_OUTPUT_CHARS + 200),
    error: runErrorSchema.nullable(),
    timedOut: z.boolean(),
    checks: z.array(
      z.object({
        index: z.number().int().min(0),
        type: checkTypeSchema,
        passed: z.boolean(),
        message: z.string().max(10_000).nullable(),
        detail: z.string().max(10_000).nullable().optional(),
        label: z.string().max(500).optional(),
      }),
    ),
  }),
  z.object({ status: z.literal('unsupported'), reason: z.string().max(1000) }),
]) as z.ZodType<RunResult>;

export const childMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), lessonType: lessonTypeSchema }),
  z.object({ type: z.literal('result'), id: z.number().int(), result: runResultSchema }),
  z.object({ type: z.literal('failed'), message: z.string().max(2000) }),
]);

export type ChildMessage = z.infer<typeof childMessageSchema>;

