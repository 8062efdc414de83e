import { z } from 'zod';

/**
 * "Report a problem" with a lesson (issue 16): what the reporter saw — the lesson's ids, their
 * current files (spec §3's user-report lesson files), the last run's output, browser details and a
 * note — and its handling by course engineers.
 */
export const REPORT_STATUSES = ['new', 'fixed', 'wont-fix'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = { new: 'New', fixed: 'Fixed', 'wont-fix': "Won't fix" };

export const MAX_REPORT_NOTE = 2_000;
export const MAX_REPORT_FILES = 20;
export const MAX_REPORT_FILE_CHARS = 100_000;
export const MAX_REPORT_OUTPUT = 20_000;

const id = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be an id of letters, digits, - and _');

export const createReportBodySchema = z
  .object({
    trackId: id,
    tutorialId: id,
    chapterId: id,
    lessonId: id,
    mode: z.enum(['learn', 'challenge', 'tutor'], { error: 'mode must be learn, challenge or tutor' }),
    note: z.string().trim().min(1, 'Say what went wrong').max(MAX_REPORT_NOTE, `The note is at most ${MAX_REPORT_NOTE} characters`),
    files: z
      .array(z.object({ name: z.string().min(1).max(100), userContent: z.string().max(MAX_REPORT_FILE_CHARS, `A file is at most ${MAX_REPORT_FILE_CHARS} characters`) }).strict())
      .max(MAX_REPORT_FILES, `At most ${MAX_REPORT_FILES} files`)
      .default([]),
    output: z.string().max(MAX_REPORT_OUTPUT, `The output is at most ${MAX_REPORT_OUTPUT} characters`).default(''),
    browser: z
      .object({
        userAgent: z.string().max(500),
        language: z.string().max(35),
        viewport: z.string().regex(/^\d{1,5}x\d{1,5}$/, 'viewport is WIDTHxHEIGHT'),
        theme: z.enum(['light', 'dark']).optional(),
      })
      .strict(),
  })
  .strict();
export type CreateReportBody = z.input<typeof createReportBodySchema>;

export const updateReportBodySchema = z.object({ status: z.enum(REPORT_STATUSES, { error: `status must be one of ${REPORT_STATUSES.join(', ')}` }) }).strict();

export const reportSchema = z.object({
  id: z.string(),
  trackId: z.string(),
  tutorialId: z.string(),
  chapterId: z.string(),
  lessonId: z.string(),
  /** The lesson's place in its chapter now (for its URL); null when it is no longer published. */
  lessonIndex: z.number().int().nullable(),
  mode: z.enum(['learn', 'challenge', 'tutor']),
  note: z.string(),
  files: z.array(z.object({ name: z.string(), userContent: z.string() })),
  output: z.string(),
  browser: z.object({ userAgent: z.string(), language: z.string(), viewport: z.string(), theme: z.enum(['light', 'dark']).optional() }),
  status: z.enum(REPORT_STATUSES),
  reporter: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LessonReport = z.infer<typeof reportSchema>;
export const reportListSchema = z.object({ reports: z.array(reportSchema), counts: z.record(z.enum(REPORT_STATUSES), z.number()) });
export type ReportList = z.infer<typeof reportListSchema>;
