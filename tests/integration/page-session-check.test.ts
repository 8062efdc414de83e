import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { GetServerSidePropsContext } from 'next';
import type { Lesson } from '@/domain/content/model';
import type { LessonPageProps } from '@/lib/lesson/lesson-page-props';
import type { DatabaseHandle } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { expectedLessonReads, loadLessonPage } from '@/server/gssp/lesson-page';
import { onboardingDestination } from '@/server/gssp/onboarding-pages';
import { loadSectionPage } from '@/server/gssp/progress-pages';
import type { SessionSnapshot } from '@/server/gssp/with-session';
import { locateChapter } from '@/server/services/learning-service';
import { createServices, type Services } from '@/server/services/services';
import { openPublishedDatabase } from './support/database';
import { passingSubmissionOf } from './support/submissions';

/**
 * Issue 18: a signed-in page checks its server-side session and reads the current publish set in
 * one statement (sessions.isActiveWithPublishSet). It must refuse exactly what isActive refuses,
 * give the set latestPublishSet gives, and see another process's clear cache like any read of the
 * current set.
 */
const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

let handle: DatabaseHandle;
let services: Services;
const queries: string[] = [];

beforeAll(async () => {
  ({ handle, services } = await openPublishedDatabase({ onQuery: (query) => queries.push(query) }));
});

afterAll(async () => {
  await services.grader.close();
  await services.checks.close();
  await handle.close();
});

async function counted<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  queries.length = 0;
  const result = await work();
  return { result, statements: queries.length };
}

describe(`the page's session check with the publish set, on ${DATABASE}`, () => {
  it('agrees with isActive for every kind of session, in one statement, with the current publish set', async () => {
    const mine = await services.sessions.start('page-user-a', 60_000);
    const theirs = await services.sessions.start('page-user-b', 60_000);
    const ended = await services.sessions.start('page-user-c', 60_000);
    await services.sessions.endAllFor('page-user-c');
    const current = await services.content.latestPublishSet();
    expect(current).not.toBeNull();

    const cases: [string, string | undefined, string, boolean][] = [
      ['its own user', mine, 'page-user-a', true],
      ["another user's session", theirs, 'page-user-a', false],
      ['a forged id', 'forged-session-id', 'page-user-a', false],
      ['a session ended at sign-out', ended, 'page-user-c', false],
    ];
    for (const [label, sessionId, userId, active] of cases) {
      const { result, statements } = await counted(() => services.sessions.isActiveWithPublishSet(sessionId, userId));
      expect({ label, active: result.active }).toEqual({ label, active });
      expect({ label, active: await services.sessions.isActive(sessionId, userId) }).toEqual({ label, active });
      expect({ label, statements }).toEqual({ label, statements: 1 });
      expect(result.publishSet).toEqual(current);
    }
    // No cookie, or one too long to be ours: refused without asking the database.
    for (const sessionId of [undefined, 'x'.repeat(201)]) {
      const { result, statements } = await counted(() => services.sessions.isActiveWithPublishSet(sessionId, 'page-user-a'));
      expect(result).toEqual({ active: false });
      expect(statements).toBe(0);
    }
  });

  it('an expired session is not active', async () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const clocked = createServices(handle.db, { now: () => now });
    const id = await clocked.sessions.start('page-user-d', 60_000);
    expect((await clocked.sessions.isActiveWithPublishSet(id, 'page-user-d')).active).toBe(true);
    now = new Date('2026-11-23T10:01:01Z');
    expect((await clocked.sessions.isActiveWithPublishSet(id, 'page-user-d')).active).toBe(false);
    await clocked.checks.close();
  });

  it("the lesson's track comes from the set the check read, and a clear cache in another process is seen through it", async () => {
    const session = await services.sessions.start('page-user-e', 60_000);
    const { publishSet } = await services.sessions.isActiveWithPublishSet(session, 'page-user-e');
    // Warm: the track is in memory, so with the check's set no statement is needed.
    await services.content.asOf(publishSet).publishedTrack('python');
    const warm = await counted(() => services.content.asOf(publishSet).publishedTrack('python'));
    expect(warm.result?.publishSetVersion).toBe(publishSet?.version);
    expect(warm.statements).toBe(0);

    // Another app process on the same database clears its cache (the shared counter moves).
    const other = createServices(handle.db);
    await other.content.clearCache();
    const check = await services.sessions.isActiveWithPublishSet(session, 'page-user-e');
    expect(check.publishSet?.cacheGeneration).not.toBe(publishSet?.cacheGeneration);
    // This process dropped its cached tracks on seeing the new generation: the track is read again.
    const reread = await counted(() => services.content.asOf(check.publishSet).publishedTrack('python'));
    expect(reread.result?.track.id).toBe('python');
    expect(reread.statements).toBe(1);
    await other.checks.close();
  });

  describe("the lesson page's own reads in the same statement", () => {
    const LOCATION = { trackId: 'python', tutorialId: 'python-basics', chapterId: 'python-basics-first-steps' };
    const user = (id: string) => ({ id, email: null, displayName: null, roles: [] as string[] });
    const context = (lessonIndex: number) => {
      const req = Object.assign(new IncomingMessage(new Socket()), { cookies: {} as Partial<Record<string, string>> });
      return { req, res: new ServerResponse(req), params: LOCATION, query: { lesson: String(lessonIndex) }, resolvedUrl: `/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=${lessonIndex}` };
    };
    const chapterLessons = async (): Promise<Lesson[]> => {
      const published = await services.content.publishedTrack('python');
      if (!published) throw new Error('python is not published');
      return locateChapter(published.track, LOCATION).chapter.lessons;
    };
    const learnerNamed = async (uid: string) => {
      await services.users.syncFromIdentity({ uid, email: null, displayName: null, roles: [], impersonated: false, authTime: null });
      return uid;
    };
    /** The lesson page as withSession serves it: check (with the guessed reads), then the page. */
    async function servePage(sessionId: string, userId: string, lessonIndex: number, guess = expectedLessonReads(context(lessonIndex), user(userId), services)) {
      return counted(async () => {
        const check = await services.sessions.isActiveWithPublishSet(sessionId, userId, guess);
        const snapshot: SessionSnapshot = { publishSet: check.publishSet, lessonReads: check.lessonReads };
        const result = await loadLessonPage(context(lessonIndex), user(userId), 'learn', services, snapshot);
        if (!('props' in result)) throw new Error(`expected props, got ${JSON.stringify(result)}`);
        return { check, props: (await result.props) as LessonPageProps };
      });
    }

    it('one statement for the whole page, with the same completions and saved files the page reads by itself', async () => {
      const lessons = await chapterLessons();
      const code = lessons.findIndex((lesson) => lesson.interaction.kind === 'code');
      const codeLesson = lessons[code]!;
      const learner = await learnerNamed('page-user-f');
      const session = await services.sessions.start(learner, 60_000);
      const set = await services.content.latestPublishSet();
      await services.learning.saveFiles(learner, { ...LOCATION, lessonId: codeLesson.id }, set!.version, [{ name: codeLesson.executableContent!.files[0]!.name, userContent: 'print("mine")' }]);
      expect(await services.progress.recordCompletion(learner, { ...LOCATION, lessonId: lessons[0]!.id }, { mode: 'learn', attempts: 1, usedHints: false, submission: passingSubmissionOf(lessons[0]!) }, new Date())).toMatchObject({ recorded: true });

      const guess = expectedLessonReads(context(code), user(learner), services);
      expect(guess).toEqual({ userId: learner, trackId: 'python', lessonId: codeLesson.id });
      const together = await servePage(session, learner, code);
      expect(together.statements).toBe(1);
      expect(together.result.check.lessonReads?.saved?.files[0]?.content).toBe('print("mine")');
      const alone = await counted(() => loadLessonPage(context(code), user(learner), 'learn', services));
      expect(alone.statements).toBe(2);
      if (!('props' in alone.result)) throw new Error('expected props');
      expect(together.result.props).toEqual(await alone.result.props);
      expect(together.result.props.initialFiles?.[0]?.content).toBe('print("mine")');
      expect(together.result.props.lessons[0]?.completed).toBe(true);
    });

    it('a guess of another lesson (a publish elsewhere moved it) is not used: the page reads its own', async () => {
      const lessons = await chapterLessons();
      const code = lessons.findIndex((lesson) => lesson.interaction.kind === 'code');
      const learner = await learnerNamed('page-user-g');
      const session = await services.sessions.start(learner, 60_000);
      const set = await services.content.latestPublishSet();
      const codeLesson = lessons[code]!;
      await services.learning.saveFiles(learner, { ...LOCATION, lessonId: codeLesson.id }, set!.version, [{ name: codeLesson.executableContent!.files[0]!.name, userContent: 'print("right lesson")' }]);
      const wrong = await servePage(session, learner, code, { userId: learner, trackId: 'python', lessonId: 'some-other-lesson' });
      expect(wrong.statements).toBe(2);
      expect(wrong.result.props.initialFiles?.[0]?.content).toBe('print("right lesson")');
    });

    it("never hands on reads for anyone but the session's own learner", async () => {
      const lessons = await chapterLessons();
      const code = lessons.findIndex((lesson) => lesson.interaction.kind === 'code');
      const victim = await learnerNamed('page-user-h');
      const attacker = 'page-user-i';
      const set = await services.content.latestPublishSet();
      const codeLesson = lessons[code]!;
      await services.learning.saveFiles(victim, { ...LOCATION, lessonId: codeLesson.id }, set!.version, [{ name: codeLesson.executableContent!.files[0]!.name, userContent: 'print("secret")' }]);
      const attackerSession = await services.sessions.start(attacker, 60_000);
      const askedForVictim = { userId: victim, trackId: 'python', lessonId: codeLesson.id };
      // The attacker's own session, asking for the victim's reads: active, but nothing handed on.
      const own = await services.sessions.isActiveWithPublishSet(attackerSession, attacker, askedForVictim);
      expect(own).toEqual({ active: true, publishSet: expect.anything() });
      // The attacker's session presented as the victim's: refused, nothing handed on.
      expect(await services.sessions.isActiveWithPublishSet(attackerSession, victim, askedForVictim)).toEqual({ active: false, publishSet: expect.anything() });
      // And a page given someone else's reads does not show them.
      const page = await loadLessonPage(context(code), user(attacker), 'learn', services, {
        lessonReads: { ...askedForVictim, completed: new Set(), saved: { lessonId: codeLesson.id, files: [{ name: 'main.py', content: 'print("secret")' }], publishSetVersion: set!.version, updatedAt: new Date() } },
      });
      if (!('props' in page)) throw new Error('expected props');
      expect(JSON.stringify(await page.props)).not.toContain('secret');
    });
  });

  describe('other signed-in pages read the publish set once, in the session check', () => {
    const readsPublishSet = (statements: string[]) => statements.filter((statement) => /from "publish_sets"/i.test(statement));
    const sectionContext = () => {
      const req = Object.assign(new IncomingMessage(new Socket()), { cookies: {} as Partial<Record<string, string>> });
      return { req, res: new ServerResponse(req), params: { trackId: 'python', sectionIndex: '0' }, query: {}, resolvedUrl: '/web/python/section/0' } as unknown as GetServerSidePropsContext;
    };
    const learner = { id: 'page-user-section', email: null, displayName: null, roles: [] as string[] };

    it('the section page: no statement reads the set again, and the props are what the page gives reading it itself', async () => {
      const session = await services.sessions.start(learner.id, 60_000);
      // Warm: the tracks are in memory.
      const alone = await loadSectionPage(sectionContext(), learner, services);
      queries.length = 0;
      const check = await services.sessions.isActiveWithPublishSet(session, learner.id);
      expect(check.active).toBe(true);
      expect(readsPublishSet(queries)).toHaveLength(1);
      queries.length = 0;
      const served = await loadSectionPage(sectionContext(), learner, services, { publishSet: check.publishSet });
      expect(readsPublishSet(queries)).toEqual([]);
      if (!('props' in served) || !('props' in alone)) throw new Error('expected props');
      expect(await served.props).toEqual(await alone.props);
      // Without a set from a check (a caller outside withSession), the page reads it itself.
      queries.length = 0;
      await loadSectionPage(sectionContext(), learner, services);
      expect(readsPublishSet(queries).length).toBeGreaterThan(0);
    });

    it('/onboarding-check: a learner who finished the chat but no lesson goes to the recommended track, with no read of the set', async () => {
      const onboarded = 'page-user-onboarded';
      await handle.db.insert(users).values({ id: onboarded, email: `${onboarded}@example.com` });
      const answers = { goal: 'career', build: 'websites', experience: 'none', minutes: '5', exercise: 'right' } as const;
      await services.onboarding.save(onboarded, { answers, action: 'finish' }, new Date());
      const check = await services.sessions.isActiveWithPublishSet(await services.sessions.start(onboarded, 60_000), onboarded);
      queries.length = 0;
      expect(await onboardingDestination(services, onboarded, check.publishSet)).toBe('/web/html/section/active');
      expect(readsPublishSet(queries)).toEqual([]);
    });

    it("a reader bound to the check's set keeps serving that set, and reads nothing for the glossary and events once in memory", async () => {
      const check = await services.sessions.isActiveWithPublishSet(await services.sessions.start(learner.id, 60_000), learner.id);
      const content = services.content.asOf(check.publishSet);
      expect(services.content.asOf(check.publishSet)).toBe(content);
      await content.publishedGlossary();
      await content.publishedEvents();
      const { result, statements } = await counted(async () => ({
        set: await content.latestPublishSet(),
        tracks: (await content.publishedTracks()).map((entry) => entry.publishSetVersion),
        glossary: await content.publishedGlossary(),
        events: await content.publishedEvents(),
      }));
      expect(statements).toBe(0);
      expect(result.set).toBe(check.publishSet);
      expect(new Set(result.tracks)).toEqual(new Set([check.publishSet?.version]));
      expect(result.glossary).toEqual(await services.content.publishedGlossary());
      expect(result.events).toEqual(await services.content.publishedEvents());
    });
  });
});
