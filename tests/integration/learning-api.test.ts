import path from 'node:path';
import type { CompiledContent } from '@/domain/content/model';
import {
  chapterRoutes,
  clearSavedFilesRoutes,
  completeLessonRoutes,
  previewClearCacheRoutes,
  previewRunFilesRoutes,
  previewVerificationRoutes,
  saveFilesRoutes,
  savedFilesRoutes,
  trackRoutes,
  tracksRoutes,
  tutorialRoutes,
} from '@/server/api/v1/learning-routes';
import { compileContent } from '@/server/content/compile-content';
import type { DatabaseHandle } from '@/server/db/client';
import { createServices, type Services } from '@/server/services/services';
import { SandboxBusyError, SandboxUnavailableError } from '@/runner/sandbox/sandbox-pool';
import { openTestDatabase } from './support/database';
import { apiCaller } from './support/api-call';
import { emulatorUser } from './support/emulator';
import { passingSubmission } from './support/submissions';

let handle: DatabaseHandle;
let services: Services;
let content: CompiledContent;
let learner: { uid: string; idToken: string };
let other: { uid: string; idToken: string };
let engineer: { uid: string; idToken: string };

const TRACK = 'python';
const TUTORIAL = 'python-basics';
const CHAPTER = 'python-basics-first-steps';
const LESSON = 'py-hello-print';

const call = apiCaller(() => services);

const chapterQuery = { trackId: TRACK, tutorialId: TUTORIAL, chapterId: CHAPTER };
const lessonQuery = { ...chapterQuery, lessonId: LESSON };

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db);
  const compiled = await compileContent(path.resolve('content'));
  expect(compiled.errors).toEqual([]);
  content = compiled.content;
  [learner, other, engineer] = await Promise.all([emulatorUser(), emulatorUser(), emulatorUser({ roles: ['course_engineer'] })]);
});

afterAll(async () => {
  await services.grader.close();
  await services.checks.close();
  await handle.close();
});

describe(`content and learning API on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database'}`, () => {
  let publishSetVersion = 0;
  let trackVersion = 0;

  it('publishes twice: the publish set advances, the unchanged track keeps its version', async () => {
    const first = await services.content.publish(content);
    const second = await services.content.publish(content);
    expect(second.publishSetVersion).toBe(first.publishSetVersion + 1);
    const python = (result: { tracks: { trackId: string; trackVersion: number; changed: boolean }[] }) => result.tracks.find((track) => track.trackId === TRACK);
    const firstVersion = python(first)?.trackVersion ?? 0;
    expect(second.tracks.every((track) => !track.changed)).toBe(true);
    expect(python(second)).toEqual({ trackId: TRACK, trackVersion: firstVersion, changed: false });

    // Only the edited track gets a new version.
    const edited: CompiledContent = { tracks: content.tracks.map((track) => (track.id === TRACK ? { ...track, title: `${track.title} (edited)` } : track)) };
    const third = await services.content.publish(edited);
    expect(python(third)).toEqual({ trackId: TRACK, trackVersion: firstVersion + 1, changed: true });
    expect(third.tracks.filter((track) => track.trackId !== TRACK).every((track) => !track.changed)).toBe(true);
    expect(await services.content.publishIfChanged(edited)).toBeNull();

    const back = await services.content.publish(content);
    publishSetVersion = back.publishSetVersion;
    trackVersion = python(back)?.trackVersion ?? 0;
    expect(trackVersion).toBe(firstVersion + 2);
  });

  it('lists tracks, a track with sections, a tutorial and a chapter with completion state', async () => {
    const tracks = await call(tracksRoutes(services), learner.idToken);
    expect(tracks.status).toBe(200);
    expect(tracks.body).toMatchObject({ publishSetVersion, tracks: expect.arrayContaining([expect.objectContaining({ id: TRACK, trackVersion, completedLessons: 0 })]) });

    const track = await call(trackRoutes(services), learner.idToken, { query: { trackId: TRACK } });
    expect(track.body).toMatchObject({ track: { id: TRACK, sections: [{ index: 0, tutorials: expect.arrayContaining([expect.objectContaining({ id: TUTORIAL, kind: 'course' })]) }, { index: 1, tutorials: expect.arrayContaining([expect.objectContaining({ kind: 'project' })]) }] } });

    const tutorial = await call(tutorialRoutes(services), learner.idToken, { query: { trackId: TRACK, tutorialId: TUTORIAL } });
    expect(tutorial.body).toMatchObject({ tutorial: { id: TUTORIAL, chapters: expect.arrayContaining([expect.objectContaining({ id: CHAPTER, lessons: expect.arrayContaining([expect.objectContaining({ id: LESSON, completed: false })]) })]) } });
    expect((tutorial.body as { tutorial: { chapters: { id: string }[] } }).tutorial.chapters[0]?.id).toBe(CHAPTER);

    const chapter = await call(chapterRoutes(services), learner.idToken, { query: chapterQuery });
    expect(chapter.status).toBe(200);
    const body = chapter.body as { chapter: { lessons: { id: string; lessonType: string | null; executableContent: { files: unknown[] } | null }[] }; isLastChapter: boolean };
    expect(body.isLastChapter).toBe(false);
    const hello = body.chapter.lessons.find((lesson) => lesson.id === LESSON);
    expect(hello).toMatchObject({ lessonType: 'Python', executableContent: { files: [{ name: 'main.py', editable: true, language: 'python' }] } });
    expect(JSON.stringify(body)).not.toContain('"solution"');
    // Nor the wrong and alternative answers content:check proves the checks with.
    expect(JSON.stringify(body)).not.toMatch(/"wrong"|"alternatives"/);
  });

  it.each([
    [trackRoutes, { trackId: 'nope' }, 404, 'There is no published track "nope".'],
    [tutorialRoutes, { trackId: TRACK, tutorialId: 'nope' }, 404, 'Track "python" has no tutorial "nope".'],
    [chapterRoutes, { ...chapterQuery, chapterId: 'nope' }, 404, 'Tutorial "python-basics" has no chapter "nope".'],
    [trackRoutes, { trackId: '../etc' }, 400, 'Invalid query.trackId: trackId must be a lower-case kebab-case id'],
  ] as const)('answers bad ids with a clear 4xx', async (routes, query, status, message) => {
    expect(await call(routes(services), learner.idToken, { query })).toEqual({ status, body: { message }, headers: undefined });
  });

  it('saves files, reads them back, keeps the last write, and clears them', async () => {
    const save = (content: string) =>
      call(saveFilesRoutes(services), learner.idToken, { method: 'POST', query: { ...lessonQuery, publishSetVersion: String(publishSetVersion) }, body: { files: [{ name: 'main.py', userContent: content }] } });
    expect((await save('print("first")')).status).toBe(200);
    const saved = await save('print("second")');
    expect(saved).toMatchObject({ status: 200, body: { lessonId: LESSON, publishSetVersion } });

    const read = await call(savedFilesRoutes(services), learner.idToken, { query: { ...chapterQuery, trackVersion: String(trackVersion) } });
    expect(read.body).toEqual({ savedFiles: [{ lessonId: LESSON, files: [{ name: 'main.py', content: 'print("second")' }], publishSetVersion, savedAt: expect.any(String) }] });

    // Another learner sees none of it.
    const theirs = await call(savedFilesRoutes(services), other.idToken, { query: { ...chapterQuery, trackVersion: String(trackVersion) } });
    expect(theirs.body).toEqual({ savedFiles: [] });
    const theirClear = await call(clearSavedFilesRoutes(services), other.idToken, { method: 'POST', query: { ...chapterQuery, trackVersion: String(trackVersion) } });
    expect(theirClear.body).toEqual({ cleared: 0 });

    const cleared = await call(clearSavedFilesRoutes(services), learner.idToken, { method: 'POST', query: { ...chapterQuery, trackVersion: String(trackVersion) } });
    expect(cleared.body).toEqual({ cleared: 1 });
    const empty = await call(savedFilesRoutes(services), learner.idToken, { query: { ...chapterQuery, trackVersion: String(trackVersion) } });
    expect(empty.body).toEqual({ savedFiles: [] });
  });

  describe('bad save payloads change nothing', () => {
    const saveWith = (body: unknown, query: Record<string, string> = { ...lessonQuery, publishSetVersion: String(publishSetVersion) }) =>
      call(saveFilesRoutes(services), learner.idToken, { method: 'POST', query, body });

    beforeAll(async () => {
      await saveWith({ files: [{ name: 'main.py', userContent: 'print("keep me")' }] });
    });

    it.each([
      ['wrong types', { files: [{ name: 'main.py', userContent: 42 }] }, 422, /body\.files\.0\.userContent/],
      ['no files', { files: [] }, 422, /at least one file/],
      ['500 files', { files: Array.from({ length: 500 }, (_, i) => ({ name: `f${i}.py`, userContent: '' })) }, 422, /at most 20 files/],
      ['a ../ name', { files: [{ name: '../../etc/passwd', userContent: 'x' }] }, 422, /not an editable file/],
      ['an unknown file', { files: [{ name: 'other.py', userContent: 'x' }] }, 422, /not an editable file/],
      ['a file twice', { files: [{ name: 'main.py', userContent: 'a' }, { name: 'main.py', userContent: 'b' }] }, 422, /appears twice/],
      ['a file over 100 KB', { files: [{ name: 'main.py', userContent: 'x'.repeat(101 * 1024) }] }, 413, /larger than 100 KB/],
      ['extra fields', { files: [{ name: 'main.py', userContent: 'x', path: '/tmp' }] }, 422, /Invalid body/],
    ])('%s', async (_label, body, status, message) => {
      const response = await saveWith(body);
      expect(response.status).toBe(status);
      expect((response.body as { message: string }).message).toMatch(message);
    });

    it.each([
      ['an unknown publish set', { ...lessonQuery, publishSetVersion: '99999' }, 404, 'There is no publish set 99999.'],
      ['a version that is not a number', { ...lessonQuery, publishSetVersion: 'latest' }, 400, /publishSetVersion/],
      ['an unknown lesson', { ...lessonQuery, lessonId: 'py-nope', publishSetVersion: 'CURRENT' }, 404, 'Chapter "python-basics-first-steps" has no lesson "py-nope".'],
    ])('%s', async (_label, query, status, message) => {
      const resolved = { ...query, publishSetVersion: query.publishSetVersion === 'CURRENT' ? String(publishSetVersion) : query.publishSetVersion };
      const response = await saveWith({ files: [{ name: 'main.py', userContent: 'x' }] }, resolved);
      expect(response.status).toBe(status);
      expect((response.body as { message: string }).message).toMatch(message);
    });

    it('reading an unknown track version is a 404', async () => {
      const response = await call(savedFilesRoutes(services), learner.idToken, { query: { ...chapterQuery, trackVersion: '4242' } });
      expect(response).toMatchObject({ status: 404, body: { message: 'Track "python" has no version 4242.' } });
    });

    afterAll(async () => {
      const read = await call(savedFilesRoutes(services), learner.idToken, { query: { ...chapterQuery, trackVersion: String(trackVersion) } });
      expect(read.body).toMatchObject({ savedFiles: [{ files: [{ name: 'main.py', content: 'print("keep me")' }] }] });
    });
  });

  it('records a graded completion once and shows it in the chapter; work that does not pass records nothing', async () => {
    const completeWith = (submission: unknown) => call(completeLessonRoutes(services), learner.idToken, { method: 'POST', query: lessonQuery, body: { mode: 'learn', attempts: 2, usedHints: true, submission } });
    const chapterLessons = async (token: string) => (((await call(chapterRoutes(services), token, { query: chapterQuery })).body as { chapter: { lessons: { id: string; completed: boolean }[] } }).chapter.lessons);

    // The server runs the submitted file against the lesson's checks: this one does not pass.
    const wrong = await completeWith({ files: [{ name: 'main.py', userContent: 'print("hi")' }] });
    expect(wrong).toMatchObject({ status: 200, body: { recorded: false, lessonId: LESSON, verdict: { passed: false } } });
    expect((wrong.body as { verdict: { checks: { passed: boolean }[] } }).verdict.checks.some((check) => !check.passed)).toBe(true);
    expect((await chapterLessons(learner.idToken)).find((lesson) => lesson.id === LESSON)?.completed).toBe(false);

    const solution = await passingSubmission(services, lessonQuery);
    const first = await completeWith(solution);
    expect(first).toMatchObject({ status: 201, body: { recorded: true, lessonId: LESSON, firstCompletion: true, verdict: { passed: true, error: null } } });
    const again = await completeWith(solution);
    expect(again).toMatchObject({ status: 200, body: { recorded: true, lessonId: LESSON, firstCompletion: false, completedAt: (first.body as { completedAt: string }).completedAt } });

    expect((await chapterLessons(learner.idToken)).find((lesson) => lesson.id === LESSON)?.completed).toBe(true);
    expect((await chapterLessons(other.idToken)).every((lesson) => !lesson.completed)).toBe(true);
  });

  it.each([
    ['a bad mode, attempts and hints', { mode: 'speedrun', attempts: 0, usedHints: 'no' }, /Invalid body\.mode/],
    ['no submission', { mode: 'learn', attempts: 1, usedHints: false }, /carries what was handed in: the lesson’s files \(submission\)/],
    ['a submission that is not an object', { mode: 'learn', attempts: 1, usedHints: false, submission: 'print("Hello, world!")' }, /submission is \{ files \}, \{ choices \}, \{ gaps \} or \{ order \}/],
    ['files that are not files', { mode: 'learn', attempts: 1, usedHints: false, submission: { files: [{ name: 'main.py', content: 'x' }] } }, /submission/],
    ['no files at all', { mode: 'learn', attempts: 1, usedHints: false, submission: { files: [] } }, /submission/],
    ['the answer of a quiz for a code lesson', { mode: 'learn', attempts: 1, usedHints: false, submission: { choices: [0] } }, /A code lesson is answered with its files/],
    ['a file the lesson does not have', { mode: 'learn', attempts: 1, usedHints: false, submission: { files: [{ name: '../../etc/passwd', userContent: 'x' }] } }, /not an editable file of this lesson/],
    ['a file twice', { mode: 'learn', attempts: 1, usedHints: false, submission: { files: [{ name: 'main.py', userContent: 'a' }, { name: 'main.py', userContent: 'b' }] } }, /appears twice/],
  ])('refuses a completion with %s: 422 with a sentence, nothing recorded', async (_label, body, message) => {
    const fresh = await emulatorUser();
    const response = await call(completeLessonRoutes(services), fresh.idToken, { method: 'POST', query: lessonQuery, body });
    expect(response.status).toBe(422);
    expect((response.body as { message: string }).message).toMatch(message);
    const chapter = await call(chapterRoutes(services), fresh.idToken, { query: chapterQuery });
    expect((chapter.body as { chapter: { lessons: { completed: boolean }[] } }).chapter.lessons.every((lesson) => !lesson.completed)).toBe(true);
  });

  it.each([
    ['busy', () => new SandboxBusyError(), 'The code runner is busy. Try again in a few seconds.', '5'],
    ['unreachable', () => new SandboxUnavailableError('The grader could not be reached.'), 'The code runner is not available right now. Try again in a minute.', '30'],
  ])('answers a completion 503 with Retry-After when the grader is %s, and records nothing', async (_label, failure, message, retryAfter) => {
    const failing = createServices(handle.db, { grader: { grade: () => Promise.reject(failure()), close: async () => undefined } });
    const fresh = await emulatorUser();
    const response = await call(completeLessonRoutes(failing), fresh.idToken, { method: 'POST', query: lessonQuery, body: { mode: 'learn', attempts: 1, usedHints: false, submission: await passingSubmission(services, lessonQuery) } });
    expect(response).toEqual({ status: 503, body: { message }, headers: { 'Retry-After': retryAfter } });
    expect(await services.learning.completedLessonIds(fresh.uid, TRACK)).toEqual(new Set());
    await failing.checks.close();
  });

  it('is fair to every course engineer: one with two runs going is told to wait, another still runs', async () => {
    const [busy, next] = await Promise.all([emulatorUser({ roles: ['course_engineer'] }), emulatorUser({ roles: ['course_engineer'] })]);
    // Two runs that take their whole time limit, then a third from the same engineer.
    const endless = { files: [{ name: 'main.py', userContent: 'while True:\n    pass' }] };
    const running = [1, 2].map(() => call(previewRunFilesRoutes(services), busy.idToken, { method: 'POST', query: lessonQuery, body: endless }));
    const until = Date.now() + 10_000;
    while (services.previewRunSlots.inUse(busy.uid) < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    const third = await call(previewRunFilesRoutes(services), busy.idToken, { method: 'POST', query: lessonQuery, body: endless });
    expect(third).toEqual({ status: 429, body: { message: 'You already have 2 runs going. Wait for one to finish, then run again.' }, headers: { 'Retry-After': '2' } });
    // Another engineer is not held back by them.
    const other = await call(previewRunFilesRoutes(services), next.idToken, { method: 'POST', query: lessonQuery, body: { files: [{ name: 'main.py', userContent: 'print("Hello, world!")' }] } });
    expect(other).toMatchObject({ status: 200, body: { status: 'ran', passed: true } });
    expect((await Promise.all(running)).map((answer) => answer.status)).toEqual([200, 200]);
    // Their runs over, the first engineer runs again.
    expect(services.previewRunSlots.inUse(busy.uid)).toBe(0);
    expect((await call(previewRunFilesRoutes(services), busy.idToken, { method: 'POST', query: lessonQuery, body: { files: [{ name: 'main.py', userContent: 'print("Hello, world!")' }] } })).status).toBe(200);
  }, 60_000);

  it('keeps preview calls for course engineers', async () => {
    const body = { files: [{ name: 'main.py', userContent: 'print("Hello, world!")' }] };
    expect((await call(previewRunFilesRoutes(services), learner.idToken, { method: 'POST', query: lessonQuery, body })).status).toBe(403);
    const run = await call(previewRunFilesRoutes(services), engineer.idToken, { method: 'POST', query: lessonQuery, body });
    expect(run).toMatchObject({ status: 200, body: { status: 'ran', passed: true, output: 'Hello, world!\n' } });
    const wrong = await call(previewRunFilesRoutes(services), engineer.idToken, { method: 'POST', query: lessonQuery, body: { files: [{ name: 'main.py', userContent: 'print("hi")' }] } });
    expect(wrong).toMatchObject({ status: 200, body: { status: 'ran', passed: false } });
    expect((wrong.body as { checks: { passed: boolean; message: string | null }[] }).checks.some((check) => !check.passed && typeof check.message === 'string')).toBe(true);
    const invalid = await call(previewRunFilesRoutes(services), engineer.idToken, { method: 'POST', query: lessonQuery, body: { files: [{ name: 'x.py', userContent: '' }] } });
    expect(invalid.status).toBe(422);

    expect((await call(previewClearCacheRoutes(services), learner.idToken, { method: 'POST', query: chapterQuery })).status).toBe(403);
    const cleared = await call(previewClearCacheRoutes(services), engineer.idToken, { method: 'POST', query: chapterQuery });
    expect(cleared).toMatchObject({ status: 200, body: { clearedTrackVersions: expect.any(Number) } });

    // Solutions only ever reach course engineers, for the browser verification page.
    expect((await call(previewVerificationRoutes(services), learner.idToken, { query: { trackId: TRACK } })).status).toBe(403);
    const verification = await call(previewVerificationRoutes(services), engineer.idToken, { query: { trackId: TRACK } });
    expect(verification.status).toBe(200);
    const lessons = (verification.body as { lessons: { lessonId: string; lessonType: string; solution: { name: string; content: string }[] }[] }).lessons;
    const codeLessonCount = content.tracks.find((track) => track.id === TRACK)?.tutorials.flatMap((tutorial) => tutorial.chapters.flatMap((chapter) => chapter.lessons)).filter((lesson) => lesson.interaction.kind === 'code').length;
    expect(lessons).toHaveLength(codeLessonCount ?? -1);
    expect(lessons.find((lesson) => lesson.lessonId === LESSON)).toMatchObject({ lessonType: 'Python', solution: [{ name: 'main.py', content: expect.stringContaining('print(') }] });
  });
});
