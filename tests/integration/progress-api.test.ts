import type { CompiledContent, Lesson } from '@/domain/content/model';
import { completeLessonRoutes } from '@/server/api/v1/learning-routes';
import { progressCelebrationRoutes, progressRoutes, progressSettingsRoutes, progressSyncRoutes, streakRestoreRoutes, leagueRoutes } from '@/server/api/v1/progress-routes';
import type { DatabaseHandle } from '@/server/db/client';
import { users } from '@/server/db/schema';
import type { ApiRequest, Routes } from '@/server/http/endpoint';
import { createServices, type Services } from '@/server/services/services';
import { openTestDatabase } from './support/database';
import { apiCaller } from './support/api-call';
import { emulatorUser } from './support/emulator';
import { subscribeToPro } from './support/subscribe';
import { passingSubmissionOf } from './support/submissions';

/** A small published track of its own, so these tests do not depend on the curriculum's wording. */
function lesson(id: string): Lesson {
  return {
    id,
    title: `Lesson ${id}`,
    explanation: 'Pick the answer.',
    hints: ['It is the first one.'],
    codeLanguage: null,
    interaction: { kind: 'multiple-choice', question: 'Which?', choices: [{ text: 'this', correct: true }, { text: 'that', correct: false }] },
    executableContent: null,
    source: `fixture/${id}.md`,
  };
}
const COURSE_LESSONS = Array.from({ length: 14 }, (_, index) => `hb-l${index + 1}`);
const content: CompiledContent = {
  tracks: [
    {
      id: 'habits',
      title: 'Habits',
      description: 'Fixture track.',
      sections: [
        { title: 'One', tutorialIds: ['habits-basics'] },
        { title: 'Two', tutorialIds: ['habits-project'] },
      ],
      tutorials: [
        { id: 'habits-basics', title: 'Basics', description: 'd', kind: 'course', chapters: [{ id: 'habits-c1', title: 'C1', lessons: COURSE_LESSONS.map(lesson) }] },
        { id: 'habits-project', title: 'Project', description: 'd', kind: 'project', chapters: [{ id: 'habits-p1', title: 'P1', lessons: [lesson('hp-a'), lesson('hp-b')] }] },
      ],
    },
  ],
};
/** Every fixture lesson is answered by its first choice: the answer the server's grading passes. */
const RIGHT = passingSubmissionOf(lesson('any'));
const at = (index: number) => ({ trackId: 'habits', tutorialId: 'habits-basics', chapterId: 'habits-c1', lessonId: COURSE_LESSONS[index] ?? 'missing' });
const project = (lessonId: string) => ({ trackId: 'habits', tutorialId: 'habits-project', chapterId: 'habits-p1', lessonId });

let handle: DatabaseHandle;
let services: Services;
let clock = new Date('2026-11-01T10:00:00Z');
const call = apiCaller(() => services);

interface Summary {
  today: string;
  totalXp: number;
  xpToday: number;
  dailyGoal: { level: string; xp: number; met: boolean };
  streak: { current: number; longest: number; todayCounted: boolean };
  freezes: { held: number };
  restore: { missedDays: string[] } | null;
  calendar: { day: string; status: string | null; reason: string | null; goalMet: boolean }[];
  celebrationsDue: { streak: boolean; dailyGoal: boolean };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db, { now: () => clock });
  await services.content.publish(content);
});

afterAll(async () => {
  await services.grader.close();
  await services.checks.close();
  await handle.close();
});

describe('progress API', () => {
  let token: string;
  const summary = async () => (await call(progressRoutes(services), token)).body as Summary;
  const complete = (index: number, body: Record<string, unknown> = {}) =>
    call(completeLessonRoutes(services), token, { method: 'POST', query: at(index), body: { mode: 'learn', attempts: 1, usedHints: false, timeZone: 'Europe/Lisbon', submission: RIGHT, ...body } });

  beforeAll(async () => {
    const learner = await emulatorUser();
    // Guided projects are Pro (billing.test.ts holds a free learner to that).
    await subscribeToPro(services, learner.uid);
    token = learner.idToken;
  });

  it('a completion awards XP once and counts the day; the streak screen is due', async () => {
    clock = new Date('2026-11-01T10:00:00Z');
    const first = await complete(0);
    expect(first).toMatchObject({ status: 201, body: { recorded: true, verdict: { passed: true, items: [true, true] }, firstCompletion: true, xpAwarded: 15, countedOn: '2026-11-01', streakExtended: true } });
    const again = await complete(0);
    expect(again).toMatchObject({ status: 200, body: { recorded: true, firstCompletion: false, xpAwarded: 0, streakExtended: false } });
    const now = await summary();
    expect(now).toMatchObject({ today: '2026-11-01', totalXp: 15, xpToday: 15, streak: { current: 1, longest: 1, todayCounted: true }, celebrationsDue: { streak: true, dailyGoal: false } });
  });

  it('settings change the daily goal; reaching it makes the goal screen due, each screen shows once a day', async () => {
    const changed = await call(progressSettingsRoutes(services), token, { method: 'PUT', body: { dailyGoal: 'casual' } });
    expect(changed).toMatchObject({ status: 200, body: { dailyGoal: { level: 'casual', xp: 20 } } });
    const second = await complete(1);
    expect(second.body).toMatchObject({ xpAwarded: 15, goalJustMet: true });
    expect((await summary()).celebrationsDue).toEqual({ streak: true, dailyGoal: true });
    await call(progressCelebrationRoutes(services), token, { method: 'POST', body: { kind: 'streak' } });
    expect((await summary()).celebrationsDue).toEqual({ streak: false, dailyGoal: true });
    await call(progressCelebrationRoutes(services), token, { method: 'POST', body: { kind: 'daily-goal' } });
    expect((await summary()).celebrationsDue).toEqual({ streak: false, dailyGoal: false });
  });

  it('earns a freeze with seven goal days, spends it on a missed day, and gives it back when a late offline lesson arrives', async () => {
    // Goal days 2..7 November (1 November already met): one challenge lesson a day (25 XP ≥ 20).
    for (let day = 2; day <= 7; day += 1) {
      clock = new Date(`2026-11-0${day}T12:00:00Z`);
      expect((await complete(day, { mode: 'challenge' })).body).toMatchObject({ goalJustMet: true });
    }
    let now = await summary();
    expect(now.freezes.held).toBe(1);
    expect(now.streak.current).toBe(7);
    // 8 November is missed; on the 9th the freeze covers it automatically.
    clock = new Date('2026-11-09T09:00:00Z');
    now = await summary();
    expect(now.freezes.held).toBe(0);
    expect(now.calendar.find((entry) => entry.day === '2026-11-08')).toMatchObject({ status: 'frozen' });
    expect(now.streak.current).toBe(8);
    // A lesson passed offline late on the 8th (Lisbon time) syncs now: it counts on the 8th, the freeze comes back.
    const synced = await call(progressSyncRoutes(services), token, {
      method: 'POST',
      body: { timeZone: 'Europe/Lisbon', completions: [{ ...at(8), mode: 'learn', attempts: 2, usedHints: false, completedAt: '2026-11-08T23:30:00+00:00', submission: RIGHT }] },
    });
    expect(synced.status).toBe(200);
    const body = synced.body as { results: { status: string; countedOn: string; usedClientTime: boolean }[]; summary: Summary };
    expect(body.results).toEqual([expect.objectContaining({ status: 'recorded', countedOn: '2026-11-08', usedClientTime: true })]);
    expect(body.summary.freezes.held).toBe(1);
    expect(body.summary.calendar.find((entry) => entry.day === '2026-11-08')).toMatchObject({ status: 'counted' });
  });

  it('a streak broken by more missed days than freezes can be restored within 48 hours with a make-up review, never by paying', async () => {
    clock = new Date('2026-11-09T12:00:00Z');
    await complete(9);
    // 10 and 11 November missed with one freeze: broken on the 12th, freeze kept.
    clock = new Date('2026-11-12T08:00:00Z');
    let now = await summary();
    expect(now.streak.current).toBe(0);
    expect(now.freezes.held).toBe(1);
    expect(now.restore).toEqual({ missedDays: ['2026-11-10', '2026-11-11'], until: '2026-11-12', review: expect.objectContaining({ trackId: 'habits', lessonIndex: expect.any(Number) }) });
    const fresh = await call(streakRestoreRoutes(services), token, { method: 'POST', body: at(12) });
    expect(fresh).toMatchObject({ status: 409, body: { message: expect.stringContaining('already passed') } });
    const restored = await call(streakRestoreRoutes(services), token, { method: 'POST', body: at(0) });
    expect(restored.status).toBe(200);
    now = restored.body as Summary;
    expect(now.restore).toBeNull();
    expect(now.streak.current).toBe(12);
    expect(now.calendar.find((entry) => entry.day === '2026-11-10')).toMatchObject({ status: 'restored', reason: expect.stringContaining('make-up review') });
    expect((await call(streakRestoreRoutes(services), token, { method: 'POST', body: at(0) })).status).toBe(409);
  });

  it('travel never removes a counted day', async () => {
    const traveller = (await emulatorUser()).idToken;
    const completeAs = (index: number, timeZone: string) =>
      call(completeLessonRoutes(services), traveller, { method: 'POST', query: at(index), body: { mode: 'learn', attempts: 1, usedHints: false, timeZone, submission: RIGHT } });
    clock = new Date('2026-11-23T14:00:00Z'); // 23:00 in Tokyo
    expect((await completeAs(0, 'Asia/Tokyo')).body).toMatchObject({ countedOn: '2026-11-23' });
    clock = new Date('2026-11-24T02:00:00Z'); // flew to Los Angeles: still the 23rd there
    expect((await completeAs(1, 'America/Los_Angeles')).body).toMatchObject({ countedOn: '2026-11-23' });
    clock = new Date('2026-11-25T03:00:00Z'); // the 24th in Los Angeles, nothing done yet today
    const now = (await call(progressRoutes(services), traveller)).body as Summary;
    expect(now).toMatchObject({ today: '2026-11-24', streak: { current: 1, todayCounted: false } });
    expect(now.calendar.filter((entry) => entry.status === 'counted').map((entry) => entry.day)).toEqual(['2026-11-23']);
  });

  it("the calendar and today's XP are read for the learner's own days, at both ends of the world's time zones", async () => {
    type Calendar = { today: string; xpToday: number; calendar: { day: string; xp: number }[] };
    const learnerIn = async (timeZone: string) => {
      const learner = (await emulatorUser()).idToken;
      return {
        complete: (index: number) => call(completeLessonRoutes(services), learner, { method: 'POST', query: at(index), body: { mode: 'learn', attempts: 1, usedHints: false, timeZone, submission: RIGHT } }),
        summary: async () => (await call(progressRoutes(services), learner)).body as Calendar,
      };
    };
    // UTC+14: already tomorrow there. (Weeks before the other tests': the league test counts its
    // week's members and rolls weeks over in order.)
    const east = await learnerIn('Pacific/Kiritimati');
    clock = new Date('2026-10-08T11:00:00Z');
    expect((await east.complete(0)).body).toMatchObject({ countedOn: '2026-10-09' });
    const eastNow = await east.summary();
    expect(eastNow).toMatchObject({ today: '2026-10-09' });
    expect(eastNow.xpToday).toBeGreaterThan(0);
    expect(eastNow.calendar.at(-1)).toMatchObject({ day: '2026-10-09', xp: eastNow.xpToday });
    // UTC-11: still yesterday there, so the calendar's first day is 35 days before UTC's today.
    const west = await learnerIn('Pacific/Pago_Pago');
    clock = new Date('2026-09-04T20:00:00Z');
    expect((await west.complete(0)).body).toMatchObject({ countedOn: '2026-09-04' });
    clock = new Date('2026-10-09T05:00:00Z');
    const westNow = await west.summary();
    expect(westNow).toMatchObject({ today: '2026-10-08', xpToday: 0 });
    expect(westNow.calendar).toHaveLength(35);
    expect(westNow.calendar[0]?.day).toBe('2026-09-04');
    expect(westNow.calendar[0]?.xp).toBeGreaterThan(0);
  });

  it('finishing a guided project awards project XP once', async () => {
    clock = new Date('2026-11-12T18:00:00Z');
    expect((await call(completeLessonRoutes(services), token, { method: 'POST', query: project('hp-a'), body: { mode: 'learn', attempts: 3, usedHints: true, submission: RIGHT } })).body).toMatchObject({ projectCompleted: false, xpAwarded: 10 });
    const last = await call(completeLessonRoutes(services), token, { method: 'POST', query: project('hp-b'), body: { mode: 'learn', attempts: 3, usedHints: true, submission: RIGHT } });
    expect(last.body).toMatchObject({ projectCompleted: true, xpAwarded: 60 });
    expect((await call(completeLessonRoutes(services), token, { method: 'POST', query: project('hp-b'), body: { mode: 'learn', attempts: 1, usedHints: false, submission: RIGHT } })).body).toMatchObject({ xpAwarded: 0 });
  });

  it('answers bad input with a clear 4xx and changes nothing', async () => {
    const before = await summary();
    const cases: [Routes, Partial<ApiRequest>, number, string][] = [
      [progressSettingsRoutes(services), { method: 'PUT', body: { dailyGoal: 'heroic' } }, 422, 'dailyGoal'],
      [progressSettingsRoutes(services), { method: 'PUT', body: { timeZone: 'Mars/Olympus' } }, 422, 'IANA'],
      [progressSettingsRoutes(services), { method: 'PUT', body: {} }, 422, 'dailyGoal or timeZone'],
      [progressSyncRoutes(services), { method: 'POST', body: { completions: [{ ...at(13), mode: 'learn', attempts: 1, usedHints: false, completedAt: 'yesterday', submission: RIGHT }] } }, 422, 'completedAt'],
      [progressSyncRoutes(services), { method: 'POST', body: { completions: Array.from({ length: 101 }, () => ({ ...at(13), mode: 'learn', attempts: 1, usedHints: false, completedAt: '2026-11-12T10:00:00Z', submission: RIGHT })) } }, 422, 'at most 100'],
      [progressCelebrationRoutes(services), { method: 'POST', body: { kind: 'fireworks' } }, 422, 'kind'],
      [completeLessonRoutes(services), { method: 'POST', query: at(13), body: { mode: 'learn', attempts: 1, usedHints: false, timeZone: 'Nowhere', submission: RIGHT } }, 422, 'timeZone'],
    ];
    for (const [routes, request, status, text] of cases) {
      const response = await call(routes, token, request);
      expect(response.status).toBe(status);
      expect((response.body as { message: string }).message).toContain(text);
    }
    // A wrong answer is graded, answered and not recorded: no XP, no day, now or from a sync.
    const wrong = await complete(13, { submission: { choices: [1] } });
    expect(wrong).toEqual({ status: 200, body: { recorded: false, lessonId: 'hb-l14', verdict: { passed: false, checks: [], error: null, items: [false, false] } }, headers: undefined });
    const syncedWrong = await call(progressSyncRoutes(services), token, { method: 'POST', body: { completions: [{ ...at(13), mode: 'learn', attempts: 1, usedHints: false, completedAt: clock.toISOString(), submission: { choices: [0, 1] } }] } });
    expect((syncedWrong.body as { results: unknown[] }).results).toEqual([{ lessonId: 'hb-l14', status: 'not-passed', message: expect.any(String), verdict: expect.objectContaining({ passed: false }) }]);
    expect(await summary()).toEqual(before);
  });
});

describe('leagues', () => {
  it('groups learners by weekly XP and promotes the top five at Monday 00:00 UTC', async () => {
    const ids = Array.from({ length: 20 }, (_, index) => `league-learner-${index}`);
    await handle.db.insert(users).values(ids.map((id, index) => ({ id, email: `${id}@example.com`, displayName: `Learner ${index}` })));
    clock = new Date('2026-11-17T10:00:00Z'); // a Tuesday in the week of 16 November
    for (const [index, id] of ids.entries()) {
      // Learner i passes up to i+1 lessons; the last one does them as challenges and leads.
      for (let lessonIndex = 0; lessonIndex <= Math.min(index, 13); lessonIndex += 1) await services.progress.recordCompletion(id, at(lessonIndex), { mode: index === 19 ? 'challenge' : 'learn', attempts: 2, usedHints: false, submission: RIGHT }, clock);
    }
    const board = await services.progress.league(ids[19] ?? '', clock);
    expect(board.standings).toHaveLength(20);
    expect(board.standings[0]).toMatchObject({ rank: 1, me: true, outcome: 'promote', name: 'Learner 19' });
    // Other learners see chosen names only, never emails.
    expect(board.standings.some((row) => row.name.includes('@') || row.name.includes('example'))).toBe(false);
    expect(board.tier).toBe('bronze');
    // Next week: the rollover runs once, on first use.
    clock = new Date('2026-11-23T00:00:01Z');
    const next = await services.progress.league(ids[19] ?? '', clock);
    expect(next).toMatchObject({ tier: 'silver', joined: false, weekStart: '2026-11-23' });
    expect((await services.progress.league(ids[0] ?? '', clock)).tier).toBe('bronze');
    await services.progress.ensureRollover(clock);
    await services.progress.recordCompletion(ids[19] ?? '', project('hp-a'), { mode: 'learn', attempts: 1, usedHints: false, submission: RIGHT }, clock);
    expect(await services.progress.league(ids[19] ?? '', clock)).toMatchObject({ tier: 'silver', joined: true, standings: [{ rank: 1, me: true, xp: 15 }] });
  });

  it('is served over HTTP for the signed-in learner', async () => {
    const { idToken } = await emulatorUser();
    const response = await call(leagueRoutes(services), idToken);
    expect(response).toMatchObject({ status: 200, body: { joined: false, tier: 'bronze', standings: [] } });
  });
});
