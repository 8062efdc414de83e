import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkControlToken, previewContentRoutes, previewPublishRoutes } from '@/server/api/v1/content-publish-routes';
import { createPreviewContent, type PreviewContent } from '@/server/content/preview-content';
import { publishContentFolder } from '@/server/content/publish-content';
import type { DatabaseHandle } from '@/server/db/client';
import { loadLessonPage } from '@/server/gssp/lesson-page';
import { isHttpError } from '@/server/http/http-error';
import { createServices, type Services } from '@/server/services/services';
import { apiCaller } from './support/api-call';
import { openTestDatabase } from './support/database';
import { emulatorUser } from './support/emulator';

/**
 * A preview deployment's working tree (docs/features/preview-deployments.md) on the real database:
 * an edit is published without a restart and the lesson page serves it under /ssr; broken content
 * keeps the last good set and says why; the publish calls are for course engineers only.
 */
let handle: DatabaseHandle;
let services: Services;
let root: string;
let preview: PreviewContent;
const call = apiCaller(() => services);
const LESSON = path.join('tracks', 'python', 'python-basics', '01-first-steps', '01-say-hello.md');

const lessonTitle = async () => (await services.content.publishedTrack('python'))?.track.tutorials[0]?.chapters[0]?.lessons[0]?.title;

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db);
  root = mkdtempSync(path.join(tmpdir(), 'codetrail-working-tree-'));
  cpSync(path.resolve('content'), root, { recursive: true });
  preview = createPreviewContent({ root, publish: () => publishContentFolder(services.content, { force: false, root }) });
}, 60_000);

afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await handle.close();
});

describe(`a preview deployment's working tree on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database'}`, () => {
  it('publishes the tree, then an edited lesson without a restart, and the lesson page serves it under /ssr', async () => {
    const first = await preview.check();
    expect(first.errors).toEqual([]);
    expect(first.publishSetVersion).not.toBeNull();
    expect(await lessonTitle()).toBe('Say hello');
    // Looking again with nothing changed publishes nothing.
    expect((await preview.check()).publishSetVersion).toBe(first.publishSetVersion);

    const file = path.join(root, LESSON);
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Say hello', 'title: Say hello, edited'));
    const edited = await preview.check();
    expect(edited.publishSetVersion).toBeGreaterThan(first.publishSetVersion ?? 0);
    expect(await lessonTitle()).toBe('Say hello, edited');

    const track = (await services.content.publishedTrack('python'))?.track;
    const tutorial = track?.tutorials[0];
    const chapter = tutorial?.chapters[0];
    if (!tutorial || !chapter) throw new Error('no first chapter');
    const learner = await emulatorUser();
    const req = Object.assign(new IncomingMessage(new Socket()), { cookies: {} as Partial<Record<string, string>> });
    const page = await loadLessonPage(
      { req, res: new ServerResponse(req), params: { trackId: 'python', tutorialId: tutorial.id, chapterId: chapter.id }, query: { lesson: '0' }, resolvedUrl: `/ssr/track/python/tutorial/${tutorial.id}/chapter/${chapter.id}/learn?lesson=0` },
      { id: learner.uid, email: null, displayName: null, roles: [] },
      'learn',
      services,
    );
    expect(page).toMatchObject({ props: { routePrefix: '/ssr', lesson: { title: 'Say hello, edited' } } });
  }, 60_000);

  it('broken content keeps the last good set and says why; fixing it publishes again', async () => {
    const before = await preview.check();
    const file = path.join(root, LESSON);
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace(/^id: .*$/m, 'id: Not An Id!'));
    const broken = await preview.check();
    expect(broken.errors.length).toBeGreaterThan(0);
    expect(broken.errors.join('\n')).toContain('01-say-hello.md');
    expect(broken.publishSetVersion).toBe(before.publishSetVersion);
    expect(await lessonTitle()).toBe('Say hello, edited');

    writeFileSync(file, good.replace('title: Say hello, edited', 'title: Say hello again'));
    const fixed = await preview.check();
    expect(fixed.errors).toEqual([]);
    expect(await lessonTitle()).toBe('Say hello again');
  }, 60_000);
});

describe('publishing while the server runs', () => {
  it('is for course engineers: a learner is refused, a bad body is a 422 that says why, an engineer publishes the server’s content folder', async () => {
    const [learner, engineer] = await Promise.all([emulatorUser(), emulatorUser({ roles: ['course_engineer'] })]);
    expect((await call(previewPublishRoutes(services), learner.idToken, { method: 'POST', body: {} })).status).toBe(403);
    expect((await call(previewContentRoutes(services), learner.idToken)).status).toBe(403);
    const bad = await call(previewPublishRoutes(services), engineer.idToken, { method: 'POST', body: { force: 'yes' } });
    // The API answers a body that fails its schema with 422 and the schema's sentence, everywhere.
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ message: expect.stringContaining('force') });

    const published = await call(previewPublishRoutes(services), engineer.idToken, { method: 'POST', body: { force: true } });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ published: true, message: expect.stringMatching(/^Published content as publish set \d+/) });
    const again = await call(previewPublishRoutes(services), engineer.idToken, { method: 'POST', body: { force: false } });
    expect(again.body).toMatchObject({ published: false, message: 'Course content is unchanged since the last publish.' });
    expect((await services.content.latestPublishSet())?.version).toBe((published.body as { publishSetVersion: number }).publishSetVersion);

    const status = await call(previewContentRoutes(services), engineer.idToken);
    expect(status.body).toMatchObject({ deployment: 'standard', lessonRoutePrefix: '/web', workingTree: null, publishSetVersion: (published.body as { publishSetVersion: number }).publishSetVersion });
  }, 60_000);

  it('the running server’s control call takes only the token `npm start` gave it', () => {
    const token = 'a'.repeat(43);
    const refusal = (expected: string | null, given: string | string[] | undefined) => {
      try {
        checkControlToken(expected, given);
        return 'allowed';
      } catch (error) {
        return isHttpError(error) ? error.status : 'threw';
      }
    };
    expect(refusal(token, token)).toBe('allowed');
    expect(refusal(token, `${token}x`)).toBe(401);
    expect(refusal(token, 'b'.repeat(43))).toBe(401);
    expect(refusal(token, undefined)).toBe(401);
    expect(refusal(token, [token])).toBe(401);
    expect(refusal(null, token)).toBe(404);
  });
});
