import path from 'node:path';
import { savedFilesRoutes, saveFilesRoutes, MAX_VERSION } from '@/server/api/v1/learning-routes';
import { progressSettingsRoutes, progressSyncRoutes } from '@/server/api/v1/progress-routes';
import { compileContent } from '@/server/content/compile-content';
import type { DatabaseHandle } from '@/server/db/client';
import { createContentService } from '@/server/services/content-service';
import { createProgressService, SYNC_DEFERRED_MESSAGE } from '@/server/services/progress-service';
import { createServices, type Services } from '@/server/services/services';
import { apiCaller } from './support/api-call';
import { openTestDatabase } from './support/database';
import { emulatorUser } from './support/emulator';
import { passingSubmission } from './support/submissions';

/** What no request may do to the database: store text it cannot hold, or overflow an integer column. */

let handle: DatabaseHandle;
let services: Services;
let learner: { uid: string; idToken: string };
let publishSetVersion = 0;
let trackVersion = 0;

const call = apiCaller(() => services);
const chapter = { trackId: 'python', tutorialId: 'python-basics', chapterId: 'python-basics-first-steps' };
const lesson = { ...chapter, lessonId: 'py-hello-print' };

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db);
  const compiled = await compileContent(path.resolve('content'));
  const published = await services.content.publish(compiled.content);
  publishSetVersion = published.publishSetVersion;
  trackVersion = published.tracks.find((track) => track.trackId === 'python')?.trackVersion ?? 0;
  learner = await emulatorUser();
});

afterAll(async () => {
  await services.grader.close();
  await services.checks.close();
  await handle.close();
});

const save = (userContent: string, version: string = String(publishSetVersion)) =>
  call(saveFilesRoutes(services), learner.idToken, { method: 'POST', query: { ...lesson, publishSetVersion: version }, body: { files: [{ name: 'main.py', userContent }] } });

describe(`data safety on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database'}`, () => {
  it('refuses a file with NUL or a lone surrogate, saying which file, which character and where; the saved copy stays as it was', async () => {
    expect((await save('print("kept")')).status).toBe(200);

    expect(await save('a = 1\nb = 2\nprint(a\u0000b)')).toEqual({
      status: 422,
      body: { message: 'main.py contains a character that cannot be saved (NUL, U+0000) on line 3. Remove it and try again.' },
    });
    expect(await save('print("\uD83D")')).toEqual({
      status: 422,
      body: { message: 'main.py contains a character that cannot be saved (a lone UTF-16 surrogate, U+D83D) on line 1. Remove it and try again.' },
    });
    // Emoji are surrogate pairs, which are fine.
    expect((await save('print("🐍 olá")')).status).toBe(200);

    const read = await call(savedFilesRoutes(services), learner.idToken, { query: { ...chapter, trackVersion: String(trackVersion) } });
    expect(read.body).toMatchObject({ savedFiles: [{ lessonId: lesson.lessonId, files: [{ name: 'main.py', content: 'print("🐍 olá")' }] }] });
  });

  it.each([
    ['publishSetVersion', () => save('x', String(2 ** 31)), 400, 'Invalid query.publishSetVersion: publishSetVersion must be a whole number from 1 to 2147483647'],
    ['publishSetVersion far beyond', () => save('x', '1e300'), 400, 'Invalid query.publishSetVersion: publishSetVersion must be a whole number from 1 to 2147483647'],
    ['trackVersion', () => call(savedFilesRoutes(services), learner.idToken, { query: { ...chapter, trackVersion: String(2 ** 31) } }), 400, 'Invalid query.trackVersion: trackVersion must be a whole number from 1 to 2147483647'],
    ['the largest integer column value', () => save('x', String(MAX_VERSION)), 404, `There is no publish set ${MAX_VERSION}.`],
  ])('bounds %s to what an integer column holds', async (_case, request, status, message) => {
    expect(await request()).toEqual({ status, body: { message } });
  });

  it('refuses unstorable characters in path ids and other text fields with the field named', async () => {
    expect(await call(savedFilesRoutes(services), learner.idToken, { query: { ...chapter, chapterId: 'python\u0000', trackVersion: '1' } })).toEqual({
      status: 400,
      body: { message: 'Invalid query.chapterId: it contains a character that is not allowed (NUL, U+0000).' },
    });
    expect(await call(progressSettingsRoutes(services), learner.idToken, { method: 'PUT', body: { timeZone: 'Europe/Lisbon\u0000' } })).toEqual({
      status: 422,
      body: { message: 'body.timeZone contains a character that cannot be saved (NUL, U+0000) at position 14. Remove it and try again.' },
    });
  });

  it('stores a display name with NUL or a lone surrogate from the token as replacement characters, not a failed request', async () => {
    const identity = { uid: `weird-name-${Date.now()}`, email: null, displayName: 'Ada\u0000 \uD800Lovelace', roles: [], impersonated: false, authTime: null };
    await services.users.syncFromIdentity(identity);
    expect((await services.users.me(identity)).displayName).toBe('Ada\uFFFD \uFFFDLovelace');
  });

  it('answers a failed sync item with a sentence (and keeps it for the next sync), logging the internal error', async () => {
    const content = createContentService(handle.db);
    const internal = new Error('relation "publish_sets" does not exist');
    const failing = { ...content, publishedTrack: async (trackId: string) => (trackId === 'javascript' ? Promise.reject(internal) : content.publishedTrack(trackId)) };
    const progress = createProgressService(handle.db, failing, services.grader);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const completedAt = new Date().toISOString();
      const item = { mode: 'learn' as const, attempts: 1, usedHints: false, completedAt: new Date(completedAt), timeZone: null, submission: await passingSubmission(services, lesson) };
      const result = await progressSyncRoutes({ ...services, progress }).POST?.handle({
        identity: { uid: learner.uid, email: null, displayName: null, roles: [], impersonated: false, authTime: null },
        query: {},
        body: {
          timeZone: 'UTC',
          completions: [
            { ...lesson, ...item, completedAt },
            { trackId: 'javascript', tutorialId: 'javascript-basics', chapterId: 'x', lessonId: 'js-anything', ...item, completedAt },
            { ...chapter, lessonId: 'py-no-such-lesson', ...item, completedAt },
          ],
        },
      });
      const body = JSON.stringify(result?.body);
      expect(body).not.toContain('publish_sets');
      expect(result?.body).toMatchObject({
        results: [
          { lessonId: lesson.lessonId, status: 'recorded', recorded: true, verdict: expect.objectContaining({ passed: true }) },
          { lessonId: 'js-anything', status: 'deferred', message: SYNC_DEFERRED_MESSAGE },
          { lessonId: 'py-no-such-lesson', status: 'rejected', message: 'Chapter "python-basics-first-steps" has no lesson "py-no-such-lesson".' },
        ],
      });
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('progress: sync could not record lesson js-anything'), internal);
    } finally {
      logged.mockRestore();
    }
  });
});
