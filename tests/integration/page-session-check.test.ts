import type { DatabaseHandle } from '@/server/db/client';
import { createServices, type Services } from '@/server/services/services';
import { openPublishedDatabase } from './support/database';

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
    await services.content.publishedTrack('python', publishSet);
    const warm = await counted(() => services.content.publishedTrack('python', publishSet));
    expect(warm.result?.publishSetVersion).toBe(publishSet?.version);
    expect(warm.statements).toBe(0);

    // Another app process on the same database clears its cache (the shared counter moves).
    const other = createServices(handle.db);
    await other.content.clearCache();
    const check = await services.sessions.isActiveWithPublishSet(session, 'page-user-e');
    expect(check.publishSet?.cacheGeneration).not.toBe(publishSet?.cacheGeneration);
    // This process dropped its cached tracks on seeing the new generation: the track is read again.
    const reread = await counted(() => services.content.publishedTrack('python', check.publishSet));
    expect(reread.result?.track.id).toBe('python');
    expect(reread.statements).toBe(1);
    await other.checks.close();
  });
});
