import * as z from 'zod/mini';

/**
 * The messages between the app and a project's preview (preview-document.ts on the project's own
 * origin). The app only ever sends `render`; everything the preview sends is untrusted input (the
 * project's scripts run on that origin and can post anything), parsed with these schemas and shown
 * as text only.
 */
export const PREVIEW_RENDER = 'codetrail-preview-render';
export const PREVIEW_READY = 'codetrail-preview-ready';
export const PREVIEW_CONSOLE = 'codetrail-preview-console';

export const CONSOLE_LEVELS = ['log', 'info', 'warn', 'error'] as const;
export type ConsoleLevel = (typeof CONSOLE_LEVELS)[number];

/** One console line is cut to this many characters; the preview shows at most PREVIEW_CONSOLE_LINES. */
export const PREVIEW_CONSOLE_TEXT_LIMIT = 2000;
export const PREVIEW_CONSOLE_LINES = 200;
/** Lines and columns past this are not positions in any page the build area accepts. */
export const PREVIEW_MAX_POSITION = 10_000_000;

export const previewMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(PREVIEW_READY) }),
  z.object({
    type: z.literal(PREVIEW_CONSOLE),
    level: z.enum(CONSOLE_LEVELS),
    text: z.string().check(z.maxLength(PREVIEW_CONSOLE_TEXT_LIMIT)),
    /** An uncaught error's line and column in the assembled document (the app maps them to the learner's file). */
    line: z.optional(z.int().check(z.positive(), z.maximum(PREVIEW_MAX_POSITION))),
    column: z.optional(z.int().check(z.positive(), z.maximum(PREVIEW_MAX_POSITION))),
  }),
]);
export type PreviewMessage = z.infer<typeof previewMessageSchema>;

export interface ConsoleLine {
  level: ConsoleLevel;
  text: string;
}

/** Appends a line, keeping the newest PREVIEW_CONSOLE_LINES. */
export function appendConsoleLine(lines: readonly ConsoleLine[], line: ConsoleLine): ConsoleLine[] {
  const next = [...lines, line];
  return next.length > PREVIEW_CONSOLE_LINES ? next.slice(next.length - PREVIEW_CONSOLE_LINES) : next;
}
