import { SKIPPED_ANSWERS } from '@/domain/onboarding/onboarding-chat';
import { completeLessonRoutes } from '@/server/api/v1/learning-routes';
import { userOnboardingRoutes } from '@/server/api/v1/user-routes';
import type { DatabaseHandle } from '@/server/db/client';
import { onboardingDestination } from '@/server/gssp/onboarding-pages';
import { createProgressRepository } from '@/server/repositories/progress-repository';
import type { Services } from '@/server/services/services';
import { UNFINISHED_ONBOARDING_MESSAGE } from '@/server/services/onboarding-service';
import { apiCaller } from './support/api-call';
import { openPublishedDatabase } from './support/database';
import { emulatorUser } from './support/emulator';
import { passingCompletion } from './support/submissions';

const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

let handle: DatabaseHandle;
let services: Services;
const call = apiCaller(() => services);
const get = (token: string) => call(userOnboardingRoutes(services), token);
const put = (token: string, body: unknown) => call(userOnboardingRoutes(services), token, { method: 'PUT', body });
const settings = (uid: string) => createProgressRepository(handle.db).readProgress(uid);

beforeAll(async () => {
  ({ handle, services } = await openPublishedDatabase());
});

afterAll(async () => {
  await services.grader.close();
  await services.checks.close();
  await handle.close();
});

describe(`the onboarding chat's answers (GET/PUT /user/onboarding), on ${DATABASE}`, () => {
  it('stores each answer, finishes with the daily goal from the minutes, and names the first lesson', async () => {
    const learner = await emulatorUser({ displayName: 'Ada' });
    expect(await get(learner.idToken)).toMatchObject({ status: 200, body: { answers: {}, status: 'new', skipped: false } });
    expect(await onboardingDestination(services, learner.uid)).toBe('/web/onboarding/chat');

    const started = await put(learner.idToken, { answers: { goal: 'career', build: 'websites' }, action: 'in-progress' });
    expect(started).toMatchObject({ status: 200, body: { state: { status: 'started' }, start: null } });
    expect(await settings(learner.uid)).toBeNull(); // no goal is set before the learner finishes
    expect(await onboardingDestination(services, learner.uid)).toBe('/web/onboarding/chat');

    const answers = { goal: 'career', build: 'websites', experience: 'none', minutes: '5', exercise: 'right' };
    const finished = await put(learner.idToken, { answers, action: 'finish', timeZone: 'Europe/Lisbon' });
    expect(finished.status).toBe(200);
    expect(finished.body).toMatchObject({ state: { answers, status: 'done', skipped: false }, start: { trackId: 'html', dailyGoal: 'casual' } });
    const html = (await services.content.publishedTrack('html'))?.track;
    const firstTutorial = html?.tutorials[0];
    const firstChapter = firstTutorial?.chapters[0];
    expect((finished.body as { start: { href: string } }).start.href).toBe(`/web/track/html/tutorial/${firstTutorial?.id}/chapter/${firstChapter?.id}/learn?lesson=0`);
    expect(await settings(learner.uid)).toMatchObject({ dailyGoal: 'casual', timeZone: 'Europe/Lisbon' });
    expect(await get(learner.idToken)).toMatchObject({ body: { answers, status: 'done' } });
    expect(await onboardingDestination(services, learner.uid)).toBe('/web/html/section/active');

    // Changing an answer later keeps the learner onboarded.
    await put(learner.idToken, { answers: { ...answers, build: 'data' }, action: 'in-progress' });
    expect(await get(learner.idToken)).toMatchObject({ body: { answers: { build: 'data' }, status: 'done' } });
  });

  it('refuses what the chat never asks, and leaves the stored answers as they were', async () => {
    const learner = await emulatorUser();
    await put(learner.idToken, { answers: { goal: 'fun' }, action: 'in-progress' });
    const refusals: [unknown, number, RegExp][] = [
      [{ answers: { goal: 'fun', minutes: '60' }, action: 'in-progress' }, 422, /minutes/],
      [{ answers: { goal: 'websites' }, action: 'in-progress' }, 422, /goal/],
      [{ answers: { goal: 'fun', secret: 'x' }, action: 'in-progress' }, 422, /secret|unrecognized/i],
      [{ answers: { goal: 'fun' }, action: 'publish' }, 422, /action/],
      [{ answers: { goal: 'fun' }, action: 'in-progress', timeZone: 'Mars/Olympus' }, 422, /time zone/],
      [{ answers: { goal: 'fun' }, action: 'in-progress', userId: 'someone-else' }, 422, /userId|unrecognized/i],
      [{ answers: { goal: 'fun', build: 'games' }, action: 'finish' }, 422, new RegExp(UNFINISHED_ONBOARDING_MESSAGE.replace(/[.,]/g, '.'))],
      ['not an object', 422, /.+/],
    ];
    for (const [body, status, message] of refusals) {
      const response = await put(learner.idToken, body);
      expect({ body, status: response.status }).toEqual({ body, status });
      expect(JSON.stringify(response.body)).toMatch(message);
    }
    expect(await get(learner.idToken)).toMatchObject({ body: { answers: { goal: 'fun' }, status: 'started' } });
    expect(await settings(learner.uid)).toBeNull();
  });

  it('a learner who skips gets the defaults: a regular goal and Python', async () => {
    const learner = await emulatorUser();
    const skipped = await put(learner.idToken, { answers: { goal: 'school' }, action: 'skip' });
    expect(skipped.body).toMatchObject({ state: { answers: { ...SKIPPED_ANSWERS, goal: 'school' }, status: 'done', skipped: true }, start: { trackId: 'python', dailyGoal: 'regular' } });
    expect(await settings(learner.uid)).toMatchObject({ dailyGoal: 'regular' });
    expect(await onboardingDestination(services, learner.uid)).toBe('/web/python/section/active');
  });

  it('answers are the learner’s own: another learner sees none of them', async () => {
    const [one, other] = await Promise.all([emulatorUser(), emulatorUser()]);
    await put(one.idToken, { answers: { goal: 'career', build: 'data' }, action: 'in-progress' });
    expect(await get(other.idToken)).toMatchObject({ body: { answers: {}, status: 'new' } });
    expect(await call(userOnboardingRoutes(services), 'not-a-token')).toMatchObject({ status: 401 });
  });

  it('a learner with a finished lesson goes on to that track, chat or no chat', async () => {
    const learner = await emulatorUser();
    const python = (await services.content.publishedTrack('python'))?.track;
    const tutorial = python?.tutorials[0];
    const chapter = tutorial?.chapters[0];
    const lesson = chapter?.lessons[0];
    if (!python || !tutorial || !chapter || !lesson) throw new Error('python has no first lesson');
    const completed = await call(completeLessonRoutes(services), learner.idToken, { method: 'POST', query: { trackId: python.id, tutorialId: tutorial.id, chapterId: chapter.id, lessonId: lesson.id }, body: await passingCompletion(services, { trackId: python.id, tutorialId: tutorial.id, chapterId: chapter.id, lessonId: lesson.id }) });
    expect(completed).toMatchObject({ status: 201, body: { recorded: true } });
    expect(await onboardingDestination(services, learner.uid)).toBe('/web/python/section/active');
  });
});
