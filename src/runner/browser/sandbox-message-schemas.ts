import { z } from 'zod';
import { MESSAGE_LIMIT_CHARS, OUTPUT_LIMIT_CHARS, type PageChecksMessage, type RuntimeMessage } from './sandbox-messages';

/**
 * Everything a sandbox frame sends is untrusted input (learner code can post its own messages):
 * the page accepts only these shapes and sizes, and judges the checks itself.
 */

const index = z.number().int().min(0).max(10_000);
const text = z.string().max(MESSAGE_LIMIT_CHARS + 1);
const MAX_ITEMS = 1_000;

const runError = z.object({
  type: z.string().max(200),
  message: text,
  line: z.number().int().nullable(),
  file: z.string().max(500).nullable(),
});

const cell = z.union([z.string().max(OUTPUT_LIMIT_CHARS), z.number(), z.bigint(), z.null(), z.instanceof(Uint8Array)]);

const wireOutcome = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ran'),
    error: runError.nullable(),
    assertionFailures: z.array(z.tuple([index, text.nullable()])).max(MAX_ITEMS),
    queryResult: z.object({ columns: z.array(z.string().max(1_000)).max(MAX_ITEMS), rows: z.array(z.array(cell).max(MAX_ITEMS)).max(10_000) }).nullable(),
    pageChecks: z.array(z.tuple([index, z.boolean()])).max(MAX_ITEMS),
  }),
  z.object({ status: z.literal('unsupported'), reason: text }),
]);

const runId = z.number().int().positive();

export const runtimeMessageSchema: z.ZodType<RuntimeMessage> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('failed'), message: text }),
  z.object({ type: z.literal('output'), id: runId, text: z.string().max(OUTPUT_LIMIT_CHARS) }),
  z.object({ type: z.literal('result'), id: runId, outcome: wireOutcome }),
]);

export const pageChecksMessageSchema: z.ZodType<PageChecksMessage> = z.object({
  type: z.literal('page-checks'),
  results: z.array(z.tuple([index, z.boolean()])).max(MAX_ITEMS),
});
