import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { leagueWeeks, users } from '@/server/db/schema';
import type { Services } from '@/server/services/services';
import { openPublishedDatabase } from './support/database';
import { passingSubmission } from './support/submissions';

/**
 * Issue 18: production runs several app processes against one PostgreSQL. Two real OS processes,
 * each with the app's services and their own in-memory caches (tests/integration/support/
 * app-process.ts), share this test's database: a save in one is read in the other, a clear cache
 * in one is seen by the other, and the league rollover happens once when both ask at once.
 * PostgreSQL only: the embedded database is one process's by design (it refuses a second).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

class AppProcess {
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
      if (message.id === undefined) return;
      const entry = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error !== undefined) entry?.reject(new Error(message.error));
      else entry?.resolve(message.result);
    });
  }

  static start(databaseUrl: string): Promise<AppProcess> {
    const child = fork(path.resolve('tests/integration/support/app-process.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      child.once('message', () => resolve(new AppProcess(child)));
      child.once('exit', (code) => reject(new Error(`the app process exited (${code}) before it was ready`)));
    });
  }

  call<T>(name: string, ...args: unknown[]): Promise<T> {
    const id = (this.next += 1);
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.child.send({ id, name, args });
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.disconnect();
    });
  }
}

(onPostgres ? describe : describe.skip)('two app processes on one PostgreSQL', () => {
  let handle: Awaited<ReturnType<typeof openPublishedDatabase>>['handle'];
  let services: Services;
  let one: AppProcess;
  let two: AppProcess;

  beforeAll(async () => {
    ({ handle, services } = await openPublishedDatabase());
    [one, two] = await Promise.all([AppProcess.start(handle.url ?? ''), AppProcess.start(handle.url ?? '')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await services.grader.close();
    await services.checks.close();
    await handle.close();
  });

  it('a save in one process is read in the other', async () => {
    await handle.db.insert(users).values({ id: 'mp-saver', email: 'mp-saver@example.com' });
    const lessonId = (await services.content.publishedTrack('python'))?.track.tutorials[0]?.chapters[0]?.lessons.find((lesson) => lesson.executableContent)?.id ?? '';
    await one.call('saveFiles', 'mp-saver', lessonId, 'print("saved in process one")\n');
    const read = await two.call<{ savedFiles: { lessonId: string; files: { content: string }[] }[] }>('savedFiles', 'mp-saver');
    expect(read.savedFiles).toEqual([expect.objectContaining({ lessonId, files: [expect.objectContaining({ content: 'print("saved in process one")\n' })] })]);
  });

  it('a clear cache in one process is seen by the other', async () => {
    const before = await two.call<string>('firstLessonTitle');
    expect(before).toBeTruthy();
    // A fix written straight into the stored track version (as an operator might): process two
    // keeps serving its cached copy until a course engineer clears the cache, in any process.
    const published = await services.content.publishedTrack('python');
    await handle.db.execute(
      sql`update track_versions set data = jsonb_set(data, '{tutorials,0,chapters,0,lessons,0,title}', to_jsonb(${`${before} (fixed)`}::text)) where track_id = 'python' and version = ${published?.trackVersion ?? 0}`,
    );
    expect(await two.call<string>('firstLessonTitle')).toBe(before);
    await one.call('clearCache');
    expect(await two.call<string>('firstLessonTitle')).toBe(`${before} (fixed)`);
    expect(await one.call<string>('firstLessonTitle')).toBe(`${before} (fixed)`);
  });

  it('the league rollover happens once when both processes ask for the new week at the same time', async () => {
    await handle.db.insert(users).values({ id: 'mp-leader', email: 'mp-leader@example.com', displayName: 'Leader' });
    const track = (await services.content.publishedTrack('python'))?.track;
    const tutorial = track?.tutorials[0];
    const chapter = tutorial?.chapters[0];
    const week = new Date('2026-11-17T10:00:00Z');
    for (const lesson of chapter?.lessons.slice(0, 2) ?? []) {
      const ref = { trackId: 'python', tutorialId: tutorial?.id ?? '', chapterId: chapter?.id ?? '', lessonId: lesson.id };
      expect(await services.progress.recordCompletion('mp-leader', ref, { mode: 'learn', attempts: 1, usedHints: false, submission: await passingSubmission(services, ref) }, week)).toMatchObject({ recorded: true });
    }
    expect(await services.progress.league('mp-leader', week)).toMatchObject({ tier: 'bronze', joined: true });
    // Next week, both processes at once: promoted once (silver), not twice (gold).
    const nextWeek = '2026-11-23T08:00:00Z';
    const boards = await Promise.all([one.call<{ tier: string }>('league', 'mp-leader', nextWeek), two.call<{ tier: string }>('league', 'mp-leader', nextWeek)]);
    expect(boards.map((board) => board.tier)).toEqual(['silver', 'silver']);
    const weeks = await handle.db.select({ weekStart: leagueWeeks.weekStart }).from(leagueWeeks);
    expect(weeks).toEqual([{ weekStart: '2026-11-16' }]);
  });
});
