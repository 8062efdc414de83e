import { and, desc, eq, sql } from 'drizzle-orm';
import { createReportBodySchema, REPORT_STATUSES, type CreateReportBody, type LessonReport, type ReportList, type ReportStatus } from '@/domain/feedback/lesson-report';
import { shownName } from '@/domain/progress/public-name';
import type { Database } from '@/server/db/client';
import { lessonReports, users } from '@/server/db/schema';
import { notFound, unprocessable } from '@/server/http/http-error';
import { newRandomId } from '@/server/repositories/project-repository';
import type { ContentService } from './content-service';
import { locateChapter, locateLesson } from './learning-service';

/** Reports per page of the engineers' list (newest first). */
export const REPORT_PAGE_SIZE = 100;

type ReportRow = typeof lessonReports.$inferSelect;

function reportDto(row: ReportRow, reporter: { id: string; publicName: string | null; displayName: string | null }, lessonIndex: number | null): LessonReport {
  return {
    id: row.id,
    trackId: row.trackId,
    tutorialId: row.tutorialId,
    chapterId: row.chapterId,
    lessonId: row.lessonId,
    lessonIndex,
    mode: row.mode as LessonReport['mode'],
    note: row.note,
    files: row.files,
    output: row.output,
    browser: row.browser,
    status: row.status as ReportStatus,
    reporter: { id: reporter.id, name: shownName(reporter) },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * "Report a problem" with a lesson (issue 16): anyone signed in reports what they saw; course
 * engineers list the reports and mark them fixed or won't fix. The lesson must be a published one
 * and the files the lesson's own, so a report cannot store arbitrary data under a made-up lesson.
 */
export function createFeedbackService(db: Database, content: ContentService, now: () => Date) {
  async function lessonIndexOf(row: ReportRow): Promise<number | null> {
    const published = await content.publishedTrack(row.trackId);
    const chapter = published?.track.tutorials.find((tutorial) => tutorial.id === row.tutorialId)?.chapters.find((candidate) => candidate.id === row.chapterId);
    const index = chapter?.lessons.findIndex((lesson) => lesson.id === row.lessonId) ?? -1;
    return index < 0 ? null : index;
  }

  return {
    async create(userId: string, input: CreateReportBody): Promise<{ id: string }> {
      const body = createReportBodySchema.parse(input);
      const published = await content.publishedTrack(body.trackId);
      if (!published) throw notFound(`There is no published track "${body.trackId}".`);
      const lesson = locateLesson(locateChapter(published.track, body), body.lessonId);
      const names = new Set((lesson.executableContent?.files ?? []).map((file) => file.name));
      const stranger = body.files.find((file) => !names.has(file.name));
      if (stranger) throw unprocessable(`"${stranger.name}" is not a file of lesson "${lesson.id}".`);
      const at = now();
      const id = newRandomId();
      await db.insert(lessonReports).values({ id, userId, ...body, status: 'new', createdAt: at, updatedAt: at });
      return { id };
    },

    async list(status: ReportStatus | null): Promise<ReportList> {
      const rows = await db
        .select({ report: lessonReports, reporter: { id: users.id, publicName: users.publicName, displayName: users.displayName } })
        .from(lessonReports)
        .innerJoin(users, eq(users.id, lessonReports.userId))
        .where(status ? eq(lessonReports.status, status) : undefined)
        .orderBy(desc(lessonReports.createdAt), desc(lessonReports.id))
        .limit(REPORT_PAGE_SIZE);
      const counted = await db.select({ status: lessonReports.status, count: sql<number>`count(*)::int` }).from(lessonReports).groupBy(lessonReports.status);
      const counts = Object.fromEntries(REPORT_STATUSES.map((each) => [each, Number(counted.find((row) => row.status === each)?.count ?? 0)])) as Record<ReportStatus, number>;
      return { reports: await Promise.all(rows.map(async (row) => reportDto(row.report, row.reporter, await lessonIndexOf(row.report)))), counts };
    },

    async setStatus(id: string, status: ReportStatus): Promise<LessonReport> {
      const [row] = await db.update(lessonReports).set({ status, updatedAt: now() }).where(and(eq(lessonReports.id, id))).returning();
      if (!row) throw notFound('There is no such report.');
      const [reporter] = await db.select({ id: users.id, publicName: users.publicName, displayName: users.displayName }).from(users).where(eq(users.id, row.userId));
      return reportDto(row, reporter ?? { id: row.userId, publicName: null, displayName: null }, await lessonIndexOf(row));
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
