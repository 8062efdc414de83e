import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import path from 'node:path';
import type { Lesson, Track } from '@/domain/content/model';
import type { LessonPageProps } from '@/lib/lesson/lesson-page-props';
import { completeLessonRoutes, saveFilesRoutes } from '@/server/api/v1/learning-routes';
import { leagueRoutes } from '@/server/api/v1/progress-routes';
import { userProfileRoutes } from '@/server/api/v1/user-routes';
import { compileContent } from '@/server/content/compile-content';
import type { DatabaseHandle } from '@/server/db/client';
import { loadLessonPage } from '@/server/gssp/lesson-page';
import { paywallDestination } from '@/server/gssp/paywall-destination';
import { createServices, type Services } from '@/server/services/services';
import { openTestDatabase } from './support/database';
import { apiCaller } from './support/api-call';
import { emulatorUser } from './support/emulator';
import { courseSolutionGrader, passingCompletion } from './support/submissions';

/**
 * Issue 11 points 5 and 6 through the lesson page's own getServerSideProps core: saved code opens
 * on every code lesson (any device), and a locked chapter's URL goes to the section with a notice.
 */
let handle: DatabaseHandle;
let services: Services;
let track: Track;
let publishSetVersion = 0;
let learner: { uid: string; idToken: string };
let engineer: { uid: string; idToken: string };

const call = apiCaller(() => services);
const user = (who: { uid: string }, roles: string[] = []) => ({ id: who.uid, email: null, displayName: null, roles });

function page(chapter: { tutorialId: string; chapterId: string }, lessonIndex: number, who: { uid: string }, roles: string[] = []) {
  const req = Object.assign(new IncomingMessage(new Socket()), { cookies: {} as Partial<Record<string, string>> });
  const res = new ServerResponse(req);
  const context = {
    req,
    params: { trackId: track.id, ...chapter },
    query: { lesson: String(lessonIndex) },
    resolvedUrl: `/web/track/${track.id}/tutorial/${chapter.tutorialId}/chapter/${chapter.chapterId}/learn?lesson=${lessonIndex}`,
    res,
  };
  return loadLessonPage(context, user(who, roles), 'learn', services).then((result) => ({ result, cookies: [res.getHeader('Set-Cookie') ?? []].flat().map(String) }));
}

/** Passes the lesson as a learner who solved it: the server grades the lesson's own solution, and records it. */
async function pass(token: string, ref: { trackId: string; tutorialId: string; chapterId: string; lessonId: string }) {
  const response = await call(completeLessonRoutes(services), token, { method: 'POST', query: ref, body: await passingCompletion(services, ref) });
  expect(response).toMatchObject({ body: { recorded: true, lessonId: ref.lessonId, verdict: { passed: true } } });
  return response;
}

const isCode = (lesson: Lesson) => lesson.interaction.kind === 'code' && (lesson.executableContent?.files.some((file) => file.editable) ?? false);

beforeAll(async () => {
  handle = await openTestDatabase();
  // Only the course's own solutions are handed in here (some tests pass a whole section).
  services = createServices(handle.db, { grader: courseSolutionGrader() });
  const compiled = await compileContent(path.resolve('content'));
  expect(compiled.errors).toEqual([]);
  publishSetVersion = (await services.content.publish(compiled.content)).publishSetVersion;
  const published = await services.content.publishedTrack('python');
  if (!published) throw new Error('python is not published');
  track = published.track;
  [learner, engineer] = await Promise.all([emulatorUser(), emulatorUser({ roles: ['course_engineer'] })]);
});

afterAll(async () => {
  await services.grader.close();
  await services.checks.close();
  await handle.close();
});

describe(`learner data on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database'}`, () => {
  const firstSectionTutorial = () => {
    const tutorial = track.tutorials.find((candidate) => candidate.id === track.sections[0]?.tutorialIds[0]);
    if (!tutorial || tutorial.chapters.length < 2) throw new Error('the first tutorial needs two chapters');
    return tutorial;
  };

  it('every code lesson of a chapter opens with the learner’s saved files and when they were saved', async () => {
    const tutorial = firstSectionTutorial();
    const chapter = tutorial.chapters[0];
    if (!chapter) throw new Error('no chapter');
    const where = { tutorialId: tutorial.id, chapterId: chapter.id };
    const codeLessons = chapter.lessons.map((lesson, index) => ({ lesson, index })).filter(({ lesson }) => isCode(lesson));
    expect(codeLessons.length).toBeGreaterThanOrEqual(2);

    // Nothing saved yet: the starter files, no saved time.
    const [firstCode] = codeLessons;
    if (!firstCode) throw new Error('no code lesson');
    const before = await page(where, firstCode.index, learner);
    expect(before.result).toMatchObject({ props: { initialFiles: firstCode.lesson.executableContent?.files.map(({ name, content }) => ({ name, content })), initialFilesSavedAt: null } });

    for (const { lesson, index } of codeLessons) {
      const editable = lesson.executableContent?.files.find((file) => file.editable);
      if (!editable) throw new Error('no editable file');
      const mine = `# saved on another device for ${lesson.id}\n`;
      const saved = await call(saveFilesRoutes(services), learner.idToken, {
        method: 'POST',
        query: { trackId: track.id, ...where, lessonId: lesson.id, publishSetVersion: String(publishSetVersion) },
        body: { files: [{ name: editable.name, userContent: mine }] },
      });
      expect(saved.status).toBe(200);
      const opened = await page(where, index, learner);
      if (!('props' in opened.result)) throw new Error(`lesson ${index} did not render`);
      const props = (await opened.result.props) as LessonPageProps;
      expect(props.initialFiles?.find((file) => file.name === editable.name)?.content).toBe(mine);
      // The read-only files are still there, as the lesson ships them.
      expect(props.initialFiles?.map((file) => file.name)).toEqual(lesson.executableContent?.files.map((file) => file.name));
      expect(props.initialFilesSavedAt).toBe((saved.body as { savedAt: string }).savedAt);
    }

    // Another learner gets the starter files.
    const other = await emulatorUser();
    await pass(other.idToken, { trackId: track.id, ...where, lessonId: firstCode.lesson.id });
    const theirs = await page(where, firstCode.index, other);
    expect(theirs.result).toMatchObject({ props: { initialFilesSavedAt: null } });
  });

  it('a locked chapter’s URL goes to the section with a notice; finishing the current chapter unlocks it', async () => {
    const tutorial = firstSectionTutorial();
    const [current, locked] = tutorial.chapters;
    if (!current || !locked) throw new Error('two chapters needed');
    const fresh = await emulatorUser();
    await pass(fresh.idToken, { trackId: track.id, tutorialId: tutorial.id, chapterId: current.id, lessonId: current.lessons[0]?.id ?? '' });

    const refused = await page({ tutorialId: tutorial.id, chapterId: locked.id }, 0, fresh);
    expect(refused.result).toEqual({ redirect: { destination: `/web/${track.id}/section/0`, permanent: false } });
    const cookie = refused.cookies.find((entry) => entry.startsWith('codetrail_notification='));
    expect(cookie).toBeDefined();
    const value = JSON.parse(decodeURIComponent((cookie ?? '').split(';')[0]?.split('=')[1] ?? '')) as { route: string; message: string };
    expect(value).toEqual({ route: `/web/${track.id}/section/0`, kind: 'info', message: `Finish “${current.title}” first to unlock “${locked.title}”.` });

    // Course engineers preview it.
    await pass(engineer.idToken, { trackId: track.id, tutorialId: tutorial.id, chapterId: current.id, lessonId: current.lessons[0]?.id ?? '' });
    expect(await page({ tutorialId: tutorial.id, chapterId: locked.id }, 0, engineer, ['course_engineer'])).toMatchObject({ result: { props: { chapterId: locked.id } } });

    // Finish the current chapter: the next one opens.
    for (const lesson of current.lessons) {
      await pass(fresh.idToken, { trackId: track.id, tutorialId: tutorial.id, chapterId: current.id, lessonId: lesson.id });
    }
    expect(await page({ tutorialId: tutorial.id, chapterId: locked.id }, 0, fresh)).toMatchObject({ result: { props: { chapterId: locked.id } }, cookies: [] });
  });

  it('the lock first, then Pro: a Pro chapter the path has not reached goes to the section, not the paywall; once reached, the paywall names the lesson it leads back to', async () => {
    const proTutorial = track.tutorials.find((candidate) => candidate.id === track.sections[1]?.tutorialIds[0]);
    const proChapter = proTutorial?.chapters[0];
    const proLesson = proChapter?.lessons[0];
    if (!proTutorial || !proChapter || !proLesson) throw new Error('the second section needs a chapter');
    const where = { tutorialId: proTutorial.id, chapterId: proChapter.id };
    const url = `/web/track/${track.id}/tutorial/${proTutorial.id}/chapter/${proChapter.id}/learn?lesson=0`;
    const fresh = await emulatorUser();
    const firstChapter = firstSectionTutorial().chapters[0];
    const context = { req: new IncomingMessage(new Socket()), res: new ServerResponse(new IncomingMessage(new Socket())) };

    // Not reached: the section where the learner continues, with the lock's notice, and no paywall.
    const locked = await page(where, 0, fresh);
    expect(locked.result).toEqual({ redirect: { destination: `/web/${track.id}/section/0`, permanent: false } });
    const notice = locked.cookies.find((entry) => entry.startsWith('codetrail_notification='));
    expect(JSON.parse(decodeURIComponent((notice ?? '').split(';')[0]?.split('=')[1] ?? '{}'))).toMatchObject({ message: `Finish “${firstChapter?.title}” first to unlock “${proChapter.title}”.` });
    // The paywall says so before anyone pays for it.
    expect(await paywallDestination(url, context, user(fresh), services)).toEqual({ lessonTitle: proLesson.title, lockedUntil: firstChapter?.title });

    // The free section done: now the paywall, leading back to this lesson, which it names.
    for (const tutorialId of track.sections[0]?.tutorialIds ?? []) {
      for (const chapter of track.tutorials.find((candidate) => candidate.id === tutorialId)?.chapters ?? []) {
        for (const lesson of chapter.lessons) {
          await pass(fresh.idToken, { trackId: track.id, tutorialId, chapterId: chapter.id, lessonId: lesson.id });
        }
      }
    }
    expect((await page(where, 0, fresh)).result).toEqual({ redirect: { destination: `/web/pro?redirectUrl=${encodeURIComponent(url)}&trackingReferer=lesson`, permanent: false } });
    expect(await paywallDestination(url, context, user(fresh), services)).toEqual({ lessonTitle: proLesson.title, lockedUntil: null });
    // Any other URL names no lesson.
    for (const other of [null, `/web/${track.id}/section/1`, `/web/track/${track.id}/tutorial/${proTutorial.id}/chapter/nope/learn?lesson=0`, `/web/track/${track.id}/tutorial/${proTutorial.id}/chapter/${proChapter.id}/learn?lesson=999`]) {
      expect(await paywallDestination(other, context, user(fresh), services)).toBeNull();
    }
  });

  it('the profile: a chosen name (validated, shown in the league), tracks in progress, totals and achievements from learning', async () => {
    const ada = await emulatorUser();
    const profile = async () => (await call(userProfileRoutes(services), ada.idToken)).body as {
      name: string;
      nameChosen: boolean;
      tracks: { id: string; percent: number; completedLessons: number }[];
      totals: { xp: number; lessons: number; daysLearned: number };
      streak: { current: number; longest: number };
      achievements: { id: string; earned: boolean; earnedAt: string | null }[];
      calendar: unknown[];
    };
    const fresh = await profile();
    expect(fresh).toMatchObject({ nameChosen: false, tracks: [], totals: { xp: 0, lessons: 0, daysLearned: 0 }, streak: { current: 0, longest: 0 } });
    expect(fresh.name).toMatch(/^Learner [A-Z0-9]{4}$/);
    expect(fresh.achievements.filter((a) => a.earned)).toEqual([]);
    expect(fresh.calendar.length).toBeGreaterThan(27);

    // A code lesson passed on the first try, no hints.
    const tutorial = firstSectionTutorial();
    const chapter = tutorial.chapters[0];
    const code = chapter?.lessons.find(isCode);
    if (!chapter || !code) throw new Error('no code lesson');
    const passed = await pass(ada.idToken, { trackId: track.id, tutorialId: tutorial.id, chapterId: chapter.id, lessonId: code.id });
    expect(passed.status).toBe(201);
    const after = await profile();
    expect(after.totals).toMatchObject({ lessons: 1, daysLearned: 1 });
    expect(after.totals.xp).toBeGreaterThan(0);
    expect(after.streak).toEqual({ current: 1, longest: 1 });
    expect(after.tracks).toEqual([expect.objectContaining({ id: track.id, completedLessons: 1, percent: expect.any(Number) })]);
    const earned = after.achievements.filter((a) => a.earned).map((a) => a.id);
    expect(earned).toEqual(expect.arrayContaining(['first-code-passed', 'first-perfect-lesson']));
    expect(earned).not.toContain('streak-7');

    // The name others see: refused with a sentence when it is not a name, else shown in the league.
    const bad = await call(userProfileRoutes(services), ada.idToken, { method: 'PUT', body: { displayName: '<script>' } });
    expect(bad.status).toBe(422);
    expect((bad.body as { message: string }).message).toMatch(/letters, digits/);
    const renamed = await call(userProfileRoutes(services), ada.idToken, { method: 'PUT', body: { displayName: '  Ada   Lovelace ' } });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Ada Lovelace', nameChosen: true } });
    const league = await call(leagueRoutes(services), ada.idToken);
    expect((league.body as { standings: { name: string; me: boolean }[] }).standings.find((row) => row.me)?.name).toBe('Ada Lovelace');
    // A later sign-in sync keeps the chosen name.
    await services.users.syncFromIdentity({ uid: ada.uid, email: null, displayName: 'Token Name', roles: [], impersonated: false, authTime: null });
    expect((await profile()).name).toBe('Ada Lovelace');
  });
});
