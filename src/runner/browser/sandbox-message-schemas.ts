import * as z from 'zod/mini';
import { isPageStorageItems } from '../page-storage';
import { MESSAGE_LIMIT_CHARS, OUTPUT_LIMIT_CHARS, type PageFrameMessage, type RuntimeMessage } from './sandbox-messages';

/**
 * Everything a sandbox frame sends is untrusted input (learner code can post its own messages):
 * the page accepts only these shapes and sizes, and judges the checks itself. zod/mini, because
 * these schemas are built as the runtime starts, on the lesson page's startup path.
 */

const index = z.number().check(z.int(), z.minimum(0), z.maximum(10_000));
const text = z.string().check(z.maxLength(MESSAGE_LIMIT_CHARS + 1));
const MAX_ITEMS = 1_000;

const runError = z.object({
  type: z.string().check(z.maxLength(200)),
  message: text,
  line: z.nullable(z.number().check(z.int())),
  file: z.nullable(z.string().check(z.maxLength(500))),
});

const cell = z.union([z.string().check(z.maxLength(OUTPUT_LIMIT_CHARS)), z.number(), z.bigint(), z.null(), z.instanceof(Uint8Array)]);

const queryResult = z.object({
  columns: z.array(z.string().check(z.maxLength(1_000))).check(z.maxLength(MAX_ITEMS)),
  rows: z.array(z.array(cell).check(z.maxLength(MAX_ITEMS))).check(z.maxLength(10_000)),
});

const wireOutcome = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ran'),
    error: z.nullable(runError),
    assertionFailures: z.array(z.tuple([index, z.nullable(text)])).check(z.maxLength(MAX_ITEMS)),
    queryResult: z.nullable(queryResult),
    checkQueryResult: z.optional(z.nullable(queryResult)),
    checkQueries: z.optional(z.array(z.tuple([index, z.nullable(queryResult)])).check(z.maxLength(MAX_ITEMS))),
    pageChecks: z.array(z.tuple([index, z.boolean()])).check(z.maxLength(MAX_ITEMS)),
    hint: z.optional(z.nullable(text)),
  }),
  z.object({ status: z.literal('unsupported'), reason: text }),
]);

const runId = z.number().check(z.int(), z.positive());

export const runtimeMessageSchema: z.ZodMiniType<RuntimeMessage> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('failed'), message: text }),
  z.object({ type: z.literal('output'), id: runId, text: z.string().check(z.maxLength(OUTPUT_LIMIT_CHARS)) }),
  z.object({ type: z.literal('input-request'), id: runId, prompt: text }),
  z.object({ type: z.literal('result'), id: runId, outcome: wireOutcome }),
]);

/**
 * A page's localStorage: at most the shim's own limit (a page that says more is not believed). Also
 * what the player reads back from where it kept them (saved-page-storage.ts).
 */
export const pageStorageItemsSchema: z.ZodMiniType<[string, string][]> = z.custom<[string, string][]>(isPageStorageItems, 'The page saved more than its storage holds, or not as text.');

export const pageFrameMessageSchema: z.ZodMiniType<PageFrameMessage> = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('page-checks'),
    results: z.array(z.tuple([index, z.boolean()])).check(z.maxLength(MAX_ITEMS)),
    resume: z.nullable(z.object({ index, after: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_ITEMS)), storage: pageStorageItemsSchema })),
    nonce: z.string().check(z.maxLength(64)),
  }),
  z.object({ type: z.literal('page-storage'), items: pageStorageItemsSchema }),
]);
