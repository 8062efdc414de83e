import path from 'node:path';
import type { Lesson } from '@/domain/content/model';
import { chapterRoutes, completeLessonRoutes, saveFilesRoutes } from '@/server/api/v1/learning-routes';
import { progressRoutes, progressSyncRoutes } from '@/server/api/v1/progress-routes';
import { compileContent } from '@/server/content/compile-content';
import { variantFiles } from '@/server/content/verify-content';
import type { DatabaseHandle } from '@/server/db/client';
import { createServices, type Services } from '@/server/services/services';
import { apiCaller } from './support/api-call';
import { openTestDatabase } from './support/database';
import { emulatorUser } from './support/emulator';
import { lessonAt, passingSubmissionOf } from './support/submissions';

/**
 * The server decides (docs/features/grading.md): a completion is recorded only from the server's
 * own grading of what was handed in, against every check of the lesson, hidden ones included. Each
 * way of earning XP without solving the lesson is tried here and earns nothing.
 */

jest.setTimeout(180_000);

let handle: DatabaseHandle;
let services: Services;
let ada: { uid: string; idToken: string };
let bo: { uid: string; idToken: string };
const call = apiCaller(() => services);

const at = (trackId: string, tutorialId: string, chapterId: string, lessonId: string) => ({ trackId, tutorialId, chapterId, lessonId });
const JOIN_TEXT = at('python', 'python-basics', 'python-basics-first-steps', 'py-join-text');
const NUMBERS = at('python', 'python-basics', 'python-basics-making-decisions', 'py-numbers-math');
const JS_CONST = at('javascript', 'js-basics', 'js-basics-first-steps', 'js-const');
const SQL_WHERE = at('sql', 'sql-basics', 'sql-basics-filtering-rows', 'sql-where-text');
const HTML_HEADING = at('html', 'html-basics', 'html-basics-first-page', 'html-first-heading');
const HTML_CHOICE = at('html', 'html-basics', 'html-basics-first-page', 'html-paragraphs');

const xpOf = async (token: string) => ((await call(progressRoutes(services), token)).body as { totalXp: number }).totalXp;
const complete = (token: string, ref: ReturnType<typeof at>, body: Record<string, unknown>) =>
  call(completeLessonRoutes(services), token, { method: 'POST', query: ref, body: { mode: 'learn', attempts: 1, usedHints: false, ...body } });
const editable = (lesson: Lesson, files: { name: string; content: string }[]) =>
  files.filter((file) => lesson.executableContent?.files.find((candidate) => candidate.name === file.name)?.editable).map((file) => ({ name: file.name, userContent: file.content }));
/** A wrong answer from the lesson's own corpus (content:check proves it fails), as a learner would hand it in. */
const wrongAnswer = (lesson: Lesson, label: RegExp) => {
  const variant = lesson.executableContent?.wrong?.find((candidate) => label.test(candidate.label));
  if (!variant) throw new Error(`${lesson.id} has no wrong answer matching ${label}`);
  return { files: editable(lesson, variantFiles(lesson, variant)) };
};

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db);
  const compiled = await compileContent(path.resolve('content'));
  expect(compiled.errors).toEqual([]);
  await services.content.publish(compiled.content);
  [ada, bo] = await Promise.all([emulatorUser(), emulatorUser()]);
});

afterAll(async () => {
  await services.grader.close();
  await services.checks.close();
  await handle.close();
});

describe(`only the server's grading earns anything, on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database'}`, () => {
  it('a completion without a submission is refused with a sentence, and records nothing', async () => {
    const response = await complete(ada.idToken, JOIN_TEXT, {});
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ message: expect.stringContaining('submission') });
    expect(await xpOf(ada.idToken)).toBe(0);
  });

  it('a failing submission (the starter files) is answered with the verdict and earns nothing', async () => {
    const lesson = await lessonAt(services, JOIN_TEXT);
    const response = await complete(ada.idToken, JOIN_TEXT, { submission: { files: editable(lesson, lesson.executableContent?.files ?? []) } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ recorded: false, lessonId: JOIN_TEXT.lessonId, verdict: { passed: false } });
    expect(await xpOf(ada.idToken)).toBe(0);
  });

  it('a forged verdict is not a field the server reads: refused whole, nothing recorded', async () => {
    const lesson = await lessonAt(services, JOIN_TEXT);
    const starter = { files: editable(lesson, lesson.executableContent?.files ?? []) };
    for (const forged of [{ passed: true }, { verdict: { passed: true, checks: [] } }, { checks: [{ index: 0, passed: true }] }, { userId: bo.uid }]) {
      const response = await complete(ada.idToken, JOIN_TEXT, { submission: starter, ...forged });
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ message: expect.stringContaining(Object.keys(forged)[0] ?? '') });
    }
    expect(await xpOf(ada.idToken)).toBe(0);
  });

  it('the answer typed in passes what the browser sees, but not the server’s hidden check', async () => {
    const lesson = await lessonAt(services, JOIN_TEXT);
    const response = await complete(ada.idToken, JOIN_TEXT, { submission: wrongAnswer(lesson, /typed in/) });
    expect(response.body).toMatchObject({ recorded: false, verdict: { passed: false } });
    const verdict = (response.body as { verdict: { checks: { passed: boolean; hidden: boolean }[] } }).verdict;
    expect(verdict.checks.filter((check) => !check.passed).every((check) => check.hidden)).toBe(true);
    expect(await xpOf(ada.idToken)).toBe(0);
  });

  it('hard-coded results fail the hidden data in SQL, and an unsolved page fails in Chromium', async () => {
    const sql = await lessonAt(services, SQL_WHERE);
    expect((await complete(ada.idToken, SQL_WHERE, { submission: wrongAnswer(sql, /hard-coded result/) })).body).toMatchObject({ recorded: false });
    const page = await lessonAt(services, HTML_HEADING);
    expect((await complete(ada.idToken, HTML_HEADING, { submission: { files: editable(page, page.executableContent?.files ?? []) } })).body).toMatchObject({ recorded: false });
    expect(await xpOf(ada.idToken)).toBe(0);
  });

  it('a replayed submission of another lesson, or another learner’s passing files for another lesson, earn nothing', async () => {
    // Bo passes "Join text" and saves his files; Ada replays Bo's submission against another lesson.
    const joinText = await lessonAt(services, JOIN_TEXT);
    const bos = passingSubmissionOf(joinText);
    expect((await complete(bo.idToken, JOIN_TEXT, { submission: bos })).body).toMatchObject({ recorded: true, firstCompletion: true });
    expect((await complete(ada.idToken, NUMBERS, { submission: bos })).body).toMatchObject({ recorded: false });
    // A JavaScript lesson's passing files sent to a Python lesson name files it does not have.
    const jsFiles = passingSubmissionOf(await lessonAt(services, JS_CONST));
    const crossed = await complete(ada.idToken, JOIN_TEXT, { submission: jsFiles });
    expect(crossed.status).toBe(422);
    expect(crossed.body).toMatchObject({ message: expect.stringContaining('is not an editable file') });
    expect(await xpOf(ada.idToken)).toBe(0);
  });

  it('a wrong choice earns nothing; the right one, and real solutions in every language, are recorded with XP', async () => {
    const choice = await lessonAt(services, HTML_CHOICE);
    if (choice.interaction.kind !== 'multiple-choice') throw new Error('expected a multiple-choice lesson');
    const wrong = choice.interaction.choices.findIndex((option) => !option.correct);
    expect((await complete(ada.idToken, HTML_CHOICE, { submission: { choices: [wrong] } })).body).toMatchObject({ recorded: false, verdict: { passed: false } });
    expect((await complete(ada.idToken, HTML_CHOICE, { submission: { gaps: ['p'] } })).status).toBe(422);
    expect(await xpOf(ada.idToken)).toBe(0);

    let before = 0;
    for (const ref of [HTML_CHOICE, JOIN_TEXT, JS_CONST, SQL_WHERE, HTML_HEADING]) {
      const response = await complete(ada.idToken, ref, { submission: passingSubmissionOf(await lessonAt(services, ref)) });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ recorded: true, firstCompletion: true, verdict: { passed: true } });
      const now = await xpOf(ada.idToken);
      expect(now).toBeGreaterThan(before);
      before = now;
    }
  });

  it('the lesson payload carries no hidden check and no hidden data', async () => {
    const chapter = await call(chapterRoutes(services), ada.idToken, { query: { trackId: 'sql', tutorialId: 'sql-basics', chapterId: 'sql-basics-filtering-rows' } });
    const lessons = (chapter.body as { chapter: { lessons: { id: string; executableContent: { checks: { type: string; data?: string }[]; checkSeed: string | null; hiddenChecks: number } | null }[] } }).chapter.lessons;
    const where = lessons.find((lesson) => lesson.id === SQL_WHERE.lessonId)?.executableContent;
    expect(where?.hiddenChecks).toBeGreaterThan(0);
    expect(where?.checkSeed).toBeNull();
    for (const lesson of lessons) {
      for (const check of lesson.executableContent?.checks ?? []) {
        expect(check.type).not.toBe('rerun');
        expect(check.data).not.toBe('check');
      }
    }
    expect(JSON.stringify(chapter.body)).not.toContain((await lessonAt(services, SQL_WHERE)).executableContent?.checkSeed?.slice(0, 60) ?? 'no check data');
  });

  it('offline work is graded when it syncs: what fails is answered not-passed, with no XP', async () => {
    const fresh = await emulatorUser();
    const numbers = await lessonAt(services, NUMBERS);
    // Saved files are the learner's own draft; they do not make a completion either.
    await call(saveFilesRoutes(services), fresh.idToken, { method: 'POST', query: { ...NUMBERS, publishSetVersion: String((await services.content.latestPublishSet())?.version ?? 1) }, body: wrongAnswer(numbers, /typed in/) });
    const synced = await call(progressSyncRoutes(services), fresh.idToken, {
      method: 'POST',
      body: { timeZone: 'UTC', completions: [{ ...NUMBERS, mode: 'learn', attempts: 1, usedHints: false, completedAt: new Date().toISOString(), submission: wrongAnswer(numbers, /typed in/) }] },
    });
    expect(synced.status).toBe(200);
    expect(synced.body).toMatchObject({ results: [{ lessonId: NUMBERS.lessonId, status: 'not-passed', message: expect.stringContaining('server') }] });
    expect(await xpOf(fresh.idToken)).toBe(0);

    // Queued before completions carried their files: the learner's saved files are graded instead.
    const queued = { ...NUMBERS, mode: 'learn', attempts: 1, usedHints: false, completedAt: new Date().toISOString() };
    const withSavedWrong = await call(progressSyncRoutes(services), fresh.idToken, { method: 'POST', body: { timeZone: 'UTC', completions: [queued] } });
    expect(withSavedWrong.body).toMatchObject({ results: [{ lessonId: NUMBERS.lessonId, status: 'not-passed' }] });
    const version = String((await services.content.latestPublishSet())?.version ?? 1);
    const solved = passingSubmissionOf(numbers);
    if (!('files' in solved)) throw new Error('expected files');
    await call(saveFilesRoutes(services), fresh.idToken, { method: 'POST', query: { ...NUMBERS, publishSetVersion: version }, body: { files: solved.files } });
    const withSavedSolution = await call(progressSyncRoutes(services), fresh.idToken, { method: 'POST', body: { timeZone: 'UTC', completions: [queued] } });
    expect(withSavedSolution.body).toMatchObject({ results: [{ lessonId: NUMBERS.lessonId, status: 'recorded' }] });
    expect(await xpOf(fresh.idToken)).toBeGreaterThan(0);
  });
});
