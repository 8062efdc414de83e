import { eq } from 'drizzle-orm';
import { MAX_FILE_BYTES } from '@/domain/build/project-files';
import { projectListSchema, projectSchema, recentlyDeletedListSchema, sharedProjectSchema, snapshotListSchema, snapshotSchema, type Project, type ProjectSummary, type SnapshotSummary } from '@/domain/build/project-dto';
import { MAX_PROJECTS_PER_LEARNER, MAX_SNAPSHOTS_PER_PROJECT } from '@/domain/build/project-rules';
import { TEMPLATE_RULES } from '@/domain/build/project-templates';
import type { CompiledContent } from '@/domain/content/model';
import { DEFAULT_RATE_LIMITS } from '@/domain/rate-limits/rate-limit-rules';
import { completeLessonRoutes, saveFilesRoutes } from '@/server/api/v1/learning-routes';
import {
  deletedProjectsRoutes,
  projectDuplicateRoutes,
  projectFilesRoutes,
  projectRestoreRoutes,
  projectRoutes,
  projectShareRoutes,
  projectSnapshotRestoreRoutes,
  projectSnapshotRoutes,
  projectSnapshotsRoutes,
  projectsRoutes,
  sharedProjectRemixRoutes,
  sharedProjectRoutes,
} from '@/server/api/v1/project-routes';
import { userProfileRoutes } from '@/server/api/v1/user-routes';
import type { DatabaseHandle } from '@/server/db/client';
import { projectSnapshots, projects } from '@/server/db/schema';
import { runRoutes, type ApiRequest, type ApiResponse, type Routes } from '@/server/http/endpoint';
import { createServices, type Services } from '@/server/services/services';
import { apiCaller } from './support/api-call';
import { openTestDatabase } from './support/database';
import { emulatorUser } from './support/emulator';
import { codeLesson, quizLesson } from './support/content-fixtures';
import { subscribeToPro } from './support/subscribe';
import { passingCompletion } from './support/submissions';

const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

// ---- a published track with two guided projects, so the import does not depend on the curriculum

const SQL_SEED = 'CREATE TABLE plants (name TEXT);\nINSERT INTO plants VALUES (\'Fern\');\n';
const content: CompiledContent = {
  tracks: [
    {
      id: 'buildfix',
      title: 'Build fixture',
      description: 'Fixture track.',
      sections: [{ title: 'Projects', tutorialIds: ['bf-quiz-project', 'bf-sql-project'] }],
      tutorials: [
        {
          id: 'bf-quiz-project',
          title: 'Project: a quiz',
          description: 'd',
          kind: 'project',
          chapters: [
            { id: 'bf-quiz-c1', title: 'Questions', lessons: [quizLesson('bfq-intro'), codeLesson('bfq-ask', [{ name: 'main.py', content: 'print("ask")', editable: true }])] },
            { id: 'bf-quiz-c2', title: 'Score', lessons: [codeLesson('bfq-score', [{ name: 'main.py', content: 'print("start")', editable: true }]), quizLesson('bfq-outro')] },
          ],
        },
        {
          id: 'bf-sql-project',
          title: 'Project: plant report',
          description: 'd',
          kind: 'project',
          chapters: [{ id: 'bf-sql-c1', title: 'Report', lessons: [codeLesson('bfs-report', [{ name: 'query.sql', content: 'SELECT name FROM plants;', editable: true }], SQL_SEED)] }],
        },
      ],
    },
  ],
};

// ---- harness

let handle: DatabaseHandle;
let services: Services;
let clock = new Date('2026-11-24T09:00:00Z');
let publishSetVersion = 0;
const advance = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

// The build-area write limit has its own test below; elsewhere it would only get in the way.
const roomyLimits = { ...DEFAULT_RATE_LIMITS, api: { ...DEFAULT_RATE_LIMITS.api, limit: 1_000_000 }, 'project-write': { ...DEFAULT_RATE_LIMITS['project-write'], limit: 1_000_000 } };
const call = apiCaller(() => services);

type Learner = { uid: string; idToken: string };
let ada: Learner;
let bo: Learner;

const create = async (token: string, body: unknown = { template: 'python' }): Promise<Project> => {
  const response = await call(projectsRoutes(services), token, { method: 'POST', body });
  expect(response.status).toBe(201);
  return projectSchema.parse(response.body);
};
const list = async (token: string): Promise<ProjectSummary[]> => {
  const response = await call(projectsRoutes(services), token);
  expect(response.status).toBe(200);
  return projectListSchema.parse(response.body).projects;
};
const at = (projectId: string, extra: Record<string, string> = {}) => ({ query: { projectId, ...extra } });
const get = (token: string, projectId: string) => call(projectRoutes(services), token, at(projectId));
const stored = async (token: string, projectId: string): Promise<Project> => {
  const response = await get(token, projectId);
  expect(response.status).toBe(200);
  return projectSchema.parse(response.body);
};
const save = (token: string, projectId: string, body: unknown) => call(projectFilesRoutes(services), token, { method: 'PUT', ...at(projectId), body });
const message = (response: ApiResponse) => (response.body as { message?: string }).message ?? '';

/** A call as a browser without a token makes it; authenticating would fail the test. */
const anonymous = (routes: Routes, request: Partial<ApiRequest>, onPublicCaller?: () => Promise<void>) =>
  runRoutes(routes, { method: 'GET', query: {}, body: undefined, headers: {}, ...request }, {
    authenticate: async () => {
      throw new Error('a public endpoint must not look at the token');
    },
    onPublicCaller,
  });

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db, { now: () => clock, rateLimits: roomyLimits });
  publishSetVersion = (await services.content.publish(content)).publishSetVersion;
  [ada, bo] = await Promise.all([emulatorUser({ displayName: 'Ada Builder' }), emulatorUser({ displayName: 'Bo Remixer' })]);
  // Past the free allowance of projects: both are Pro (billing.test.ts holds the free learner to it).
  for (const learner of [ada, bo]) await subscribeToPro(services, learner.uid);
}, 60_000);

afterAll(async () => {
  await services.grader.close();
  await services.checks.close();
  await handle.close();
});

describe(`build area API on ${DATABASE}`, () => {
  it('creates from each template, lists newest first, reads, renames, saves', async () => {
    const python = await create(ada.idToken);
    expect(python).toMatchObject({
      title: 'My Python program',
      language: 'python',
      source: 'template',
      sourceRef: 'python',
      files: TEMPLATE_RULES.python.files,
      revision: 1,
      shared: false,
      sharePath: null,
      createdAt: clock.toISOString(),
    });
    expect(python.id).toMatch(/^[a-z2-7]{20}$/);
    advance(1);
    const sql = await create(ada.idToken, { template: 'sql', title: '  Plant   shop ' });
    expect(sql).toMatchObject({ title: 'Plant shop', language: 'sql', files: TEMPLATE_RULES.sql.files });
    advance(1);
    const web = await create(ada.idToken, { template: 'web' });
    const js = await create(ada.idToken, { template: 'javascript' });
    expect([web.title, web.files.map((file) => file.path), js.title, js.files.map((file) => file.path)]).toEqual(['My web page', ['index.html', 'style.css', 'script.js'], 'My JavaScript program', ['main.js']]);

    const listed = await list(ada.idToken);
    expect(listed.map((entry) => entry.id).slice(-2)).toEqual([sql.id, python.id]);
    expect(listed.find((entry) => entry.id === sql.id)).toEqual({
      id: sql.id,
      title: 'Plant shop',
      language: 'sql',
      source: 'template',
      updatedAt: sql.updatedAt,
      shared: false,
      fileCount: 2,
      preview: expect.stringMatching(/^-- Ask the plant shop a question[\s\S]*SELECT name, price/),
    });
    expect(await stored(ada.idToken, python.id)).toEqual(python);

    advance(1);
    const renamed = await call(projectRoutes(services), ada.idToken, { method: 'PATCH', ...at(python.id), body: { title: 'Number game' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ title: 'Number game', revision: 1, updatedAt: clock.toISOString() });
    expect((await list(ada.idToken))[0]).toMatchObject({ id: python.id, title: 'Number game' });

    const saved = await save(ada.idToken, python.id, { files: [{ path: 'main.py', content: 'import game\n' }, { path: 'game/rules.py', content: 'LIMIT = 3\n' }] });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ revision: 2, files: [{ path: 'main.py', content: 'import game\n' }, { path: 'game/rules.py', content: 'LIMIT = 3\n' }] });
    expect((await stored(ada.idToken, python.id)).revision).toBe(2);
    expect((await list(ada.idToken)).find((entry) => entry.id === python.id)).toMatchObject({ fileCount: 2, preview: 'import game' });
  });

  it('a save against the current revision applies; a stale one is 409 with the current revision and changes nothing', async () => {
    const project = await create(ada.idToken);
    const first = await save(ada.idToken, project.id, { files: [{ path: 'main.py', content: 'print("phone")' }], baseRevision: 1 });
    expect(first.body).toMatchObject({ revision: 2 });
    // The laptop still thinks it is at revision 1.
    const stale = await save(ada.idToken, project.id, { files: [{ path: 'main.py', content: 'print("laptop")' }], baseRevision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: expect.stringMatching(/at revision 2 now\. Nothing was saved/), revision: 2 });
    expect((await stored(ada.idToken, project.id)).files).toEqual([{ path: 'main.py', content: 'print("phone")' }]);
    // Without baseRevision the last save wins.
    expect((await save(ada.idToken, project.id, { files: [{ path: 'main.py', content: 'print("laptop")' }] })).body).toMatchObject({ revision: 3 });
  });

  it('refuses bad files, sizes and bodies with a clear 4xx and leaves the stored project as it was', async () => {
    const project = await create(ada.idToken);
    const before = await stored(ada.idToken, project.id);
    const big = 'a'.repeat(MAX_FILE_BYTES);
    const cases: [string, unknown, number, RegExp][] = [
      ['a parent folder', { files: [{ path: '../x.py', content: '' }] }, 422, /can't contain '\.\.'/],
      ['an absolute path', { files: [{ path: '/etc/passwd', content: '' }] }, 422, /can't start with '\/'/],
      ['an empty folder name', { files: [{ path: 'a//b.py', content: '' }] }, 422, /empty part/],
      ['a backslash', { files: [{ path: 'a\\b.py', content: '' }] }, 422, /can't contain '\\'/],
      ['a hidden file', { files: [{ path: '.env', content: '' }] }, 422, /can't start with '\.'/],
      ['a wrong extension', { files: [{ path: 'main.py', content: '' }, { path: 'index.html', content: '' }] }, 422, /Python project can't have \.html files/],
      ['too deep', { files: [{ path: 'a/b/c/d.py', content: '' }] }, 422, /at most 3 levels/],
      ['the same name twice', { files: [{ path: 'main.py', content: '1' }, { path: 'main.py', content: '2' }] }, 422, /two files called "main\.py"/],
      ['no files', { files: [] }, 422, /at least one file/],
      ['31 files', { files: Array.from({ length: 31 }, (_, index) => ({ path: `f${index}.py`, content: '' })) }, 422, /at most 30 files/],
      ['a file past 100,000 bytes', { files: [{ path: 'main.py', content: `${big}é` }] }, 413, /"main\.py" is larger than 100,000 bytes/],
      ['a project past 500,000 bytes', { files: Array.from({ length: 6 }, (_, index) => ({ path: `f${index}.py`, content: big })) }, 413, /larger than 500,000 bytes together/],
      ['an unknown field', { files: [{ path: 'main.py', content: '' }], force: true }, 422, /body: Unrecognized key/],
      ['an unknown field in a file', { files: [{ path: 'main.py', content: '', mode: 'rwx' }] }, 422, /body\.files\.0/],
      ['a revision as text', { files: [{ path: 'main.py', content: '' }], baseRevision: '1' }, 422, /body\.baseRevision/],
      ['files as an object', { files: { 'main.py': '' } }, 422, /body\.files/],
    ];
    for (const [label, body, status, expected] of cases) {
      const response = await save(ada.idToken, project.id, body);
      expect({ label, status: response.status, message: message(response) }).toEqual({ label, status, message: expect.stringMatching(expected) });
    }
    const missing = await save(ada.idToken, project.id, undefined);
    expect([missing.status, message(missing)]).toEqual([400, 'This call needs a JSON body.']);

    const renames: [unknown, RegExp][] = [
      [{ title: ' ' }, /The title can't be empty/],
      [{ title: 'a'.repeat(81) }, /at most 80 characters/],
      [{ title: 'Bad\u202Etitle' }, /can't be shown/],
      [{ title: 'ok', owner: bo.uid }, /Unrecognized key/],
    ];
    for (const [body, expected] of renames) {
      const response = await call(projectRoutes(services), ada.idToken, { method: 'PATCH', ...at(project.id), body });
      expect([response.status, message(response)]).toEqual([422, expect.stringMatching(expected)]);
    }
    expect(await stored(ada.idToken, project.id)).toEqual(before);

    const creations: [unknown, RegExp][] = [
      [{ template: 'cobol' }, /body\.template/],
      [{ template: 'web', title: '' }, /The title can't be empty/],
      [{ template: 'web', files: [] }, /Unrecognized key/],
    ];
    const count = (await list(ada.idToken)).length;
    for (const [body, expected] of creations) {
      const response = await call(projectsRoutes(services), ada.idToken, { method: 'POST', body });
      expect([response.status, message(response)]).toEqual([422, expect.stringMatching(expected)]);
    }
    expect(await list(ada.idToken)).toHaveLength(count);
  });

  it('deletes softly: 404 and out of the list, restorable for 30 days; a duplicate is "Copy of …"', async () => {
    const project = await create(ada.idToken, { template: 'web', title: 'Portfolio' });
    const deleted = await call(projectRoutes(services), ada.idToken, { method: 'DELETE', ...at(project.id) });
    expect(deleted).toMatchObject({ status: 200, body: { undoUntil: new Date(clock.getTime() + 30 * 86_400_000).toISOString() } });
    expect((await get(ada.idToken, project.id)).status).toBe(404);
    expect((await save(ada.idToken, project.id, { files: [{ path: 'index.html', content: '' }] })).status).toBe(404);
    expect((await call(projectRoutes(services), ada.idToken, { method: 'DELETE', ...at(project.id) })).status).toBe(404);
    expect((await list(ada.idToken)).some((entry) => entry.id === project.id)).toBe(false);

    const restored = await call(projectRestoreRoutes(services), ada.idToken, { method: 'POST', ...at(project.id) });
    expect(restored.status).toBe(200);
    expect(projectSchema.parse(restored.body)).toEqual(project);
    expect((await list(ada.idToken)).some((entry) => entry.id === project.id)).toBe(true);

    const copy = await call(projectDuplicateRoutes(services), ada.idToken, { method: 'POST', ...at(project.id) });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ title: 'Copy of Portfolio', language: 'web', files: project.files, source: 'duplicate', sourceRef: project.id, revision: 1 });
    expect((copy.body as Project).id).not.toBe(project.id);
  });

  it('a project deleted more than 30 days ago is gone for good, with its snapshots', async () => {
    const project = await create(ada.idToken);
    await save(ada.idToken, project.id, { files: [{ path: 'main.py', content: 'print(2)' }] });
    await call(projectRoutes(services), ada.idToken, { method: 'DELETE', ...at(project.id) });
    advance(30 * 24 * 60 + 1);
    const late = await call(projectRestoreRoutes(services), ada.idToken, { method: 'POST', ...at(project.id) });
    expect(late.status).toBe(404);
    await list(ada.idToken); // the listing clears what is past its window
    expect(await handle.db.select().from(projects).where(eq(projects.id, project.id))).toEqual([]);
    expect(await handle.db.select().from(projectSnapshots).where(eq(projectSnapshots.projectId, project.id))).toEqual([]);
  });

  it('keeps another learner’s projects private: 404 on every call, and nothing changes', async () => {
    const project = await create(ada.idToken, { template: 'python', title: 'Private diary' });
    await save(ada.idToken, project.id, { files: [{ path: 'main.py', content: 'secret = 1' }] });
    const snapshotId = ((await call(projectSnapshotsRoutes(services), ada.idToken, at(project.id))).body as { snapshots: SnapshotSummary[] }).snapshots[0]?.id ?? '';
    const before = await stored(ada.idToken, project.id);
    const attempts: [string, Routes, Partial<ApiRequest>][] = [
      ['GET', projectRoutes(services), { ...at(project.id) }],
      ['PATCH', projectRoutes(services), { method: 'PATCH', ...at(project.id), body: { title: 'Mine now' } }],
      ['PUT files', projectFilesRoutes(services), { method: 'PUT', ...at(project.id), body: { files: [{ path: 'main.py', content: 'stolen' }] } }],
      ['DELETE', projectRoutes(services), { method: 'DELETE', ...at(project.id) }],
      ['restore', projectRestoreRoutes(services), { method: 'POST', ...at(project.id) }],
      ['duplicate', projectDuplicateRoutes(services), { method: 'POST', ...at(project.id) }],
      ['list snapshots', projectSnapshotsRoutes(services), { ...at(project.id) }],
      ['take a snapshot', projectSnapshotsRoutes(services), { method: 'POST', ...at(project.id), body: {} }],
      ['read a snapshot', projectSnapshotRoutes(services), { ...at(project.id, { snapshotId }) }],
      ['restore a snapshot', projectSnapshotRestoreRoutes(services), { method: 'POST', ...at(project.id, { snapshotId }) }],
      ['share', projectShareRoutes(services), { method: 'POST', ...at(project.id) }],
      ['unshare', projectShareRoutes(services), { method: 'DELETE', ...at(project.id) }],
      ['remix (not shared)', sharedProjectRemixRoutes(services), { method: 'POST', ...at(project.id) }],
    ];
    for (const [label, routes, request] of attempts) {
      const response = await call(routes, bo.idToken, request);
      expect({ label, status: response.status, message: message(response) }).toEqual({ label, status: 404, message: expect.stringMatching(/no such project|no shared project/) });
    }
    expect((await anonymous(sharedProjectRoutes(services), at(project.id))).status).toBe(404);
    expect(await stored(ada.idToken, project.id)).toEqual(before);
    expect((await list(bo.idToken)).some((entry) => entry.id === project.id)).toBe(false);
    // A made-up or malformed id is the same 404.
    for (const projectId of ['abcdefghijklmnopqrst', '../../etc/passwd', '', 'A'.repeat(500)]) expect((await get(ada.idToken, projectId)).status).toBe(404);
  });

  it('shares: anyone reads it without a token, Bo remixes his own copy, unsharing ends it, deleting pauses it until Undo', async () => {
    const project = await create(ada.idToken, { template: 'web', title: 'My cat page' });
    const files = [
      { path: 'index.html', content: '<h1>Whiskers</h1>' },
      { path: 'style.css', content: 'h1 { color: orange; }' },
    ];
    await save(ada.idToken, project.id, { files });
    expect((await anonymous(sharedProjectRoutes(services), at(project.id))).status).toBe(404);

    const shared = await call(projectShareRoutes(services), ada.idToken, { method: 'POST', ...at(project.id) });
    expect(shared).toMatchObject({ status: 200, body: { shared: true, sharePath: `/web/shared/${project.id}` } });
    expect(await stored(ada.idToken, project.id)).toMatchObject({ shared: true, sharePath: `/web/shared/${project.id}` });

    const read = await anonymous(sharedProjectRoutes(services), at(project.id));
    expect(read.status).toBe(200);
    expect(sharedProjectSchema.strict().parse(read.body)).toEqual({ id: project.id, title: 'My cat page', language: 'web', files, authorName: 'Ada Builder', remixedFrom: null, updatedAt: expect.any(String) });
    // A token sent anyway changes nothing (it is not even checked).
    expect((await anonymous(sharedProjectRoutes(services), { ...at(project.id), headers: { authorization: 'Bearer not-a-token' } })).body).toEqual(read.body);
    // The author's chosen public name, as leaderboards show it.
    expect((await call(userProfileRoutes(services), ada.idToken, { method: 'PUT', body: { displayName: 'Ada B.' } })).status).toBe(200);
    expect((await anonymous(sharedProjectRoutes(services), at(project.id))).body).toMatchObject({ authorName: 'Ada B.' });

    const remix = await call(sharedProjectRemixRoutes(services), bo.idToken, { method: 'POST', ...at(project.id) });
    expect(remix.status).toBe(201);
    const copy = projectSchema.parse(remix.body);
    expect(copy).toMatchObject({ title: 'My cat page', language: 'web', files, source: 'remix', sourceRef: project.id, shared: false, revision: 1 });
    expect((await list(bo.idToken)).map((entry) => entry.id)).toContain(copy.id);
    expect((await save(bo.idToken, copy.id, { files: [{ path: 'index.html', content: '<h1>Rex</h1>' }] })).status).toBe(200);
    const original = await stored(ada.idToken, project.id);
    expect([original.files, original.revision]).toEqual([files, 2]);
    // Bo's copy is his: Ada cannot reach it.
    expect((await get(ada.idToken, copy.id)).status).toBe(404);

    const unshared = await call(projectShareRoutes(services), ada.idToken, { method: 'DELETE', ...at(project.id) });
    expect(unshared.body).toEqual({ shared: false, sharePath: null });
    expect((await anonymous(sharedProjectRoutes(services), at(project.id))).status).toBe(404);
    expect((await call(sharedProjectRemixRoutes(services), bo.idToken, { method: 'POST', ...at(project.id) })).status).toBe(404);

    await call(projectShareRoutes(services), ada.idToken, { method: 'POST', ...at(project.id) });
    expect((await anonymous(sharedProjectRoutes(services), at(project.id))).status).toBe(200);
    await call(projectRoutes(services), ada.idToken, { method: 'DELETE', ...at(project.id) });
    expect((await anonymous(sharedProjectRoutes(services), at(project.id))).status).toBe(404);
    expect((await call(sharedProjectRemixRoutes(services), bo.idToken, { method: 'POST', ...at(project.id) })).status).toBe(404);
    // Undo brings it back exactly as it was: shared, the same link answering again.
    await call(projectRestoreRoutes(services), ada.idToken, { method: 'POST', ...at(project.id) });
    expect(await stored(ada.idToken, project.id)).toMatchObject({ shared: true, sharePath: `/web/shared/${project.id}` });
    expect((await anonymous(sharedProjectRoutes(services), at(project.id))).status).toBe(200);
  });

  it('lists my recently deleted projects with their dates and days left; restoring one takes it off the list; nobody else sees or restores them', async () => {
    const deletedList = async (token: string) => {
      const response = await call(deletedProjectsRoutes(services), token);
      expect(response.status).toBe(200);
      return recentlyDeletedListSchema.strict().parse(response.body).projects;
    };
    const kept = await create(ada.idToken, { template: 'web', title: 'Kept page' });
    const old = await create(ada.idToken, { template: 'python', title: 'Old game' });
    const recent = await create(ada.idToken, { template: 'web', title: 'Shared page' });
    await call(projectShareRoutes(services), ada.idToken, { method: 'POST', ...at(recent.id) });
    await call(projectRoutes(services), ada.idToken, { method: 'DELETE', ...at(old.id) });
    const oldDeletedAt = clock.toISOString();
    advance(10 * 24 * 60); // ten days
    await call(projectRoutes(services), ada.idToken, { method: 'DELETE', ...at(recent.id) });
    const recentDeletedAt = clock.toISOString();
    advance(60);

    const mine = (await deletedList(ada.idToken)).filter((entry) => [old.id, recent.id, kept.id].includes(entry.id));
    expect(mine).toEqual([
      { id: recent.id, title: 'Shared page', language: 'web', deletedAt: recentDeletedAt, restoreUntil: new Date(Date.parse(recentDeletedAt) + 30 * 86_400_000).toISOString(), daysLeft: 30, shared: true },
      { id: old.id, title: 'Old game', language: 'python', deletedAt: oldDeletedAt, restoreUntil: new Date(Date.parse(oldDeletedAt) + 30 * 86_400_000).toISOString(), daysLeft: 20, shared: false },
    ]);

    // Bo: not in his list, and restoring it is the same 404 as an unknown project; it stays deleted.
    expect((await deletedList(bo.idToken)).some((entry) => entry.id === old.id || entry.id === recent.id)).toBe(false);
    const stolen = await call(projectRestoreRoutes(services), bo.idToken, { method: 'POST', ...at(old.id) });
    expect([stolen.status, message(stolen)]).toEqual([404, expect.stringMatching(/no such project/)]);
    expect((await get(ada.idToken, old.id)).status).toBe(404);
    expect((await list(bo.idToken)).some((entry) => entry.id === old.id)).toBe(false);
    // The list takes no parameters that could name someone else.
    const asked = await call(deletedProjectsRoutes(services), bo.idToken, { query: { ownerId: ada.uid } });
    expect([asked.status, message(asked)]).toEqual([400, expect.stringMatching(/Unrecognized key/)]);
    // Without a valid token: no list at all.
    expect((await call(deletedProjectsRoutes(services), 'not-a-token')).status).toBe(401);

    // Restored from the list: off it, back among the projects, its link working again.
    expect((await call(projectRestoreRoutes(services), ada.idToken, { method: 'POST', ...at(recent.id) })).status).toBe(200);
    expect((await deletedList(ada.idToken)).map((entry) => entry.id)).toContain(old.id);
    expect((await deletedList(ada.idToken)).map((entry) => entry.id)).not.toContain(recent.id);
    expect((await anonymous(sharedProjectRoutes(services), at(recent.id))).status).toBe(200);

    // Past its 30 days the old one leaves the list (and cannot be restored).
    advance(20 * 24 * 60);
    expect((await deletedList(ada.idToken)).map((entry) => entry.id)).not.toContain(old.id);
    expect((await call(projectRestoreRoutes(services), ada.idToken, { method: 'POST', ...at(old.id) })).status).toBe(404);
  });

  it('a remix credits its original, as the server read it: the title and author, a link while the original is shared; a forged source is ignored', async () => {
    const original = await create(ada.idToken, { template: 'web', title: 'Star map' });
    await call(projectShareRoutes(services), ada.idToken, { method: 'POST', ...at(original.id) });
    const decoy = await create(bo.idToken, { template: 'web', title: 'Decoy' });
    // Whatever the browser claims about the source is not read.
    const remix = await call(sharedProjectRemixRoutes(services), bo.idToken, {
      method: 'POST',
      ...at(original.id),
      body: { sourceRef: decoy.id, remixedFrom: { title: 'Something else', authorName: 'Bo', sharePath: `/web/shared/${decoy.id}` } },
    });
    expect(remix.status).toBe(201);
    const copy = projectSchema.parse(remix.body);
    const authorName = sharedProjectSchema.parse((await anonymous(sharedProjectRoutes(services), at(original.id))).body).authorName;
    expect(copy).toMatchObject({ source: 'remix', sourceRef: original.id, remixedFrom: { title: 'Star map', authorName, sharePath: `/web/shared/${original.id}` } });
    // Nor can a credit be written any other way.
    const forged: [string, Routes, Partial<ApiRequest>][] = [
      ['create', projectsRoutes(services), { method: 'POST', body: { template: 'web', source: 'remix', sourceRef: original.id } }],
      ['create with credit', projectsRoutes(services), { method: 'POST', body: { template: 'web', remixedFrom: { title: 'Star map', authorName, sharePath: null } } }],
      ['save with credit', projectFilesRoutes(services), { method: 'PUT', ...at(decoy.id), body: { files: decoy.files, remixedFrom: { title: 'Star map', authorName, sharePath: null } } }],
      ['rename with credit', projectRoutes(services), { method: 'PATCH', ...at(decoy.id), body: { title: 'x', remixedFrom: { title: 'Star map', authorName, sharePath: null } } }],
    ];
    for (const [label, routes, request] of forged) {
      const response = await call(routes, bo.idToken, request);
      expect({ label, status: response.status, message: message(response) }).toEqual({ label, status: 422, message: expect.stringMatching(/Unrecognized key/) });
    }
    expect((await stored(bo.idToken, decoy.id)).remixedFrom).toBeNull();
    expect(original.remixedFrom).toBeNull();

    // A duplicate of the remix keeps the credit; a shared remix shows it to anyone.
    const duplicate = projectSchema.parse((await call(projectDuplicateRoutes(services), bo.idToken, { method: 'POST', ...at(copy.id) })).body);
    expect(duplicate.remixedFrom).toEqual(copy.remixedFrom);
    await call(projectShareRoutes(services), bo.idToken, { method: 'POST', ...at(copy.id) });
    expect((await anonymous(sharedProjectRoutes(services), at(copy.id))).body).toMatchObject({ remixedFrom: { title: 'Star map', authorName, sharePath: `/web/shared/${original.id}` } });

    // The original renamed and unshared: the credit stays as it was when remixed, without a link.
    await call(projectRoutes(services), ada.idToken, { method: 'PATCH', ...at(original.id), body: { title: 'Secret new name' } });
    await call(projectShareRoutes(services), ada.idToken, { method: 'DELETE', ...at(original.id) });
    expect((await stored(bo.idToken, copy.id)).remixedFrom).toEqual({ title: 'Star map', authorName, sharePath: null });
    expect((await anonymous(sharedProjectRoutes(services), at(copy.id))).body).toMatchObject({ remixedFrom: { title: 'Star map', sharePath: null } });
  });

  it('tells the shared page whether the viewer is the author (Edit) or not (Remix), from the session, not the request', async () => {
    const project = await create(ada.idToken, { template: 'web', title: 'Mine to edit' });
    await call(projectShareRoutes(services), ada.idToken, { method: 'POST', ...at(project.id) });
    expect((await services.projects.sharedFor(ada.uid, project.id)).viewerIsOwner).toBe(true);
    expect((await services.projects.sharedFor(bo.uid, project.id)).viewerIsOwner).toBe(false);
    expect((await services.projects.sharedFor(null, project.id)).viewerIsOwner).toBe(false);
    expect(JSON.stringify((await services.projects.sharedFor(ada.uid, project.id)).project)).not.toContain(ada.uid);
  });

  it("refuses a save that drops the file a project starts from (the editor's own rule), and keeps the files", async () => {
    const project = await create(ada.idToken, { template: 'web' });
    const withoutEntry = project.files.filter((file) => file.path !== 'index.html');
    const refused = await save(ada.idToken, project.id, { files: withoutEntry });
    expect([refused.status, message(refused)]).toEqual([422, "index.html is where the project starts, so it can't be deleted."]);
    const renamed = await save(ada.idToken, project.id, { files: project.files.map((file) => (file.path === 'index.html' ? { ...file, path: 'home.html' } : file)) });
    expect(renamed.status).toBe(422);
    expect((await stored(ada.idToken, project.id)).files).toEqual(project.files);
    expect((await save(ada.idToken, project.id, { files: project.files.filter((file) => file.path !== 'script.js') })).status).toBe(200);
  });

  it('snapshots: one automatic per 10 minutes of saves, manual ones with labels, restore keeps what it replaces', async () => {
    const project = await create(ada.idToken);
    const version = (n: number) => [{ path: 'main.py', content: `print(${n})` }];
    const snapshotsOf = async () => snapshotListSchema.parse((await call(projectSnapshotsRoutes(services), ada.idToken, at(project.id))).body).snapshots;
    advance(1);
    await save(ada.idToken, project.id, { files: version(1) });
    const firstAuto = clock.toISOString();
    advance(5);
    await save(ada.idToken, project.id, { files: version(2) });
    advance(5);
    await save(ada.idToken, project.id, { files: version(3) });
    expect((await snapshotsOf()).map((snapshot) => [snapshot.kind, snapshot.createdAt])).toEqual([
      ['auto', clock.toISOString()],
      ['auto', firstAuto],
    ]);

    advance(1);
    const manual = await call(projectSnapshotsRoutes(services), ada.idToken, { method: 'POST', ...at(project.id), body: { label: '  Before the scores ' } });
    expect(manual).toMatchObject({ status: 201, body: { kind: 'manual', label: 'Before the scores', createdAt: clock.toISOString() } });
    const unlabelled = await call(projectSnapshotsRoutes(services), ada.idToken, { method: 'POST', ...at(project.id) });
    expect(unlabelled).toMatchObject({ status: 201, body: { kind: 'manual', label: null } });
    const refused = await call(projectSnapshotsRoutes(services), ada.idToken, { method: 'POST', ...at(project.id), body: { label: 'x'.repeat(61) } });
    expect([refused.status, message(refused)]).toEqual([422, expect.stringMatching(/at most 60 characters/)]);

    const listed = await snapshotsOf();
    expect(listed.map((snapshot) => snapshot.kind)).toEqual(['manual', 'manual', 'auto', 'auto']);
    const oldest = listed[3];
    const read = await call(projectSnapshotRoutes(services), ada.idToken, at(project.id, { snapshotId: oldest?.id ?? '' }));
    expect(snapshotSchema.parse(read.body)).toEqual({ ...oldest, files: version(1) });

    advance(1);
    const restored = await call(projectSnapshotRestoreRoutes(services), ada.idToken, { method: 'POST', ...at(project.id, { snapshotId: oldest?.id ?? '' }) });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ files: version(1), revision: 5 });
    const [beforeRestore] = await snapshotsOf();
    expect(beforeRestore).toMatchObject({ kind: 'before-restore', createdAt: clock.toISOString() });
    const kept = await call(projectSnapshotRoutes(services), ada.idToken, at(project.id, { snapshotId: beforeRestore?.id ?? '' }));
    expect((kept.body as { files: unknown }).files).toEqual(version(3));

    // Another project's snapshot, or a made-up id, is not found through this project.
    const other = await create(ada.idToken);
    for (const snapshotId of [beforeRestore?.id ?? '', 'abcdefghijklmnopqrst', 'x']) {
      expect((await call(projectSnapshotRoutes(services), ada.idToken, at(other.id, { snapshotId }))).status).toBe(404);
      expect((await call(projectSnapshotRestoreRoutes(services), ada.idToken, { method: 'POST', ...at(other.id, { snapshotId }) })).status).toBe(404);
    }
    expect((await stored(ada.idToken, other.id)).revision).toBe(1);
  });

  it(`keeps ${MAX_SNAPSHOTS_PER_PROJECT} snapshots, letting automatic ones go first`, async () => {
    const project = await create(ada.idToken);
    await save(ada.idToken, project.id, { files: [{ path: 'main.py', content: 'print(1)' }] });
    for (let index = 1; index <= MAX_SNAPSHOTS_PER_PROJECT; index += 1) {
      advance(0.01);
      await call(projectSnapshotsRoutes(services), ada.idToken, { method: 'POST', ...at(project.id), body: { label: `Step ${index}` } });
    }
    let snapshots = snapshotListSchema.parse((await call(projectSnapshotsRoutes(services), ada.idToken, at(project.id))).body).snapshots;
    expect(snapshots).toHaveLength(MAX_SNAPSHOTS_PER_PROJECT);
    expect(snapshots.every((snapshot) => snapshot.kind === 'manual')).toBe(true);
    advance(0.01);
    await call(projectSnapshotsRoutes(services), ada.idToken, { method: 'POST', ...at(project.id), body: { label: 'One more' } });
    snapshots = snapshotListSchema.parse((await call(projectSnapshotsRoutes(services), ada.idToken, at(project.id))).body).snapshots;
    expect(snapshots).toHaveLength(MAX_SNAPSHOTS_PER_PROJECT);
    expect([snapshots[0]?.label, snapshots.at(-1)?.label]).toEqual(['One more', 'Step 2']);
  });

  it(`refuses a learner's project number ${MAX_PROJECTS_PER_LEARNER + 1} (create, duplicate, remix, restore); deleted ones do not count`, async () => {
    const learner = await emulatorUser();
    await subscribeToPro(services, learner.uid);
    const first = await create(learner.idToken);
    await Promise.all(Array.from({ length: MAX_PROJECTS_PER_LEARNER - 2 }, () => create(learner.idToken, { template: 'javascript' })));
    // The last place, asked for five times at once: exactly one gets it.
    const racing = await Promise.all(Array.from({ length: 5 }, () => call(projectsRoutes(services), learner.idToken, { method: 'POST', body: { template: 'web' } })));
    expect(racing.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await list(learner.idToken)).toHaveLength(MAX_PROJECTS_PER_LEARNER);

    const shared = await create(ada.idToken, { template: 'sql' });
    await call(projectShareRoutes(services), ada.idToken, { method: 'POST', ...at(shared.id) });
    const refusals = [
      await call(projectsRoutes(services), learner.idToken, { method: 'POST', body: { template: 'web' } }),
      await call(projectDuplicateRoutes(services), learner.idToken, { method: 'POST', ...at(first.id) }),
      await call(sharedProjectRemixRoutes(services), learner.idToken, { method: 'POST', ...at(shared.id) }),
    ];
    for (const refusal of refusals) expect([refusal.status, message(refusal)]).toEqual([409, `You have ${MAX_PROJECTS_PER_LEARNER} projects, the most you can keep. Delete one to make room for another.`]);
    expect(await list(learner.idToken)).toHaveLength(MAX_PROJECTS_PER_LEARNER);

    await call(projectRoutes(services), learner.idToken, { method: 'DELETE', ...at(first.id) });
    await create(learner.idToken, { template: 'web' });
    const restore = await call(projectRestoreRoutes(services), learner.idToken, { method: 'POST', ...at(first.id) });
    expect(restore.status).toBe(409);
    expect((await get(learner.idToken, first.id)).status).toBe(404);
    expect(await list(learner.idToken)).toHaveLength(MAX_PROJECTS_PER_LEARNER);
  }, 120_000);

  it('imports a finished guided project once, with the learner’s saved files, never again after a delete', async () => {
    const learner = await emulatorUser();
    await subscribeToPro(services, learner.uid);
    const lesson = (chapterId: string, lessonId: string, tutorialId = 'bf-quiz-project') => ({ trackId: 'buildfix', tutorialId, chapterId, lessonId });
    const complete = async (path: ReturnType<typeof lesson>) => {
      const response = await call(completeLessonRoutes(services), learner.idToken, { method: 'POST', query: path, body: await passingCompletion(services, path) });
      expect(response).toMatchObject({ status: 201, body: { recorded: true, verdict: { passed: true } } });
    };
    const guided = async () => (await list(learner.idToken)).filter((entry) => entry.source === 'guided');

    for (const path of [lesson('bf-quiz-c1', 'bfq-intro'), lesson('bf-quiz-c1', 'bfq-ask'), lesson('bf-quiz-c2', 'bfq-score')]) await complete(path);
    const savedCode = await call(saveFilesRoutes(services), learner.idToken, {
      method: 'POST',
      query: { ...lesson('bf-quiz-c2', 'bfq-score'), publishSetVersion: String(publishSetVersion) },
      body: { files: [{ name: 'main.py', userContent: 'score = 3\nprint(score)' }] },
    });
    expect(savedCode.status).toBe(200);
    expect(await guided()).toEqual([]); // one lesson of the project left

    await complete(lesson('bf-quiz-c2', 'bfq-outro'));
    // Two listings at once still import it once.
    await Promise.all([list(learner.idToken), list(learner.idToken)]);
    const [imported, ...more] = await guided();
    expect(more).toEqual([]);
    expect(imported).toMatchObject({ title: 'Project: a quiz', language: 'python', fileCount: 1, preview: 'score = 3\nprint(score)' });
    const project = await stored(learner.idToken, imported?.id ?? '');
    expect(project).toMatchObject({ source: 'guided', sourceRef: 'bf-quiz-project', files: [{ path: 'main.py', content: 'score = 3\nprint(score)' }], revision: 1 });
    expect(await guided()).toHaveLength(1);

    // Finished without saving: the starter files, and the SQL seed as schema.sql.
    await complete(lesson('bf-sql-c1', 'bfs-report', 'bf-sql-project'));
    const sql = (await guided()).find((entry) => entry.language === 'sql');
    expect(await stored(learner.idToken, sql?.id ?? '')).toMatchObject({
      title: 'Project: plant report',
      sourceRef: 'bf-sql-project',
      files: [
        { path: 'schema.sql', content: SQL_SEED },
        { path: 'query.sql', content: 'SELECT name FROM plants;' },
      ],
    });

    await call(projectRoutes(services), learner.idToken, { method: 'DELETE', ...at(project.id) });
    expect((await guided()).map((entry) => entry.title)).toEqual(['Project: plant report']);
    const rows = await handle.db.select({ id: projects.id }).from(projects).where(eq(projects.ownerId, learner.uid));
    expect(rows).toHaveLength(2);
  });

  it('limits build-area writes per learner (429 with Retry-After) and shared reads per address', async () => {
    const tight = createServices(handle.db, { now: () => clock, rateLimits: { ...roomyLimits, 'project-write': { ...DEFAULT_RATE_LIMITS['project-write'], limit: 2 }, 'public-read': { ...DEFAULT_RATE_LIMITS['public-read'], limit: 2 } } });
    const learner = await emulatorUser();
    const callTight = apiCaller(() => tight);
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1) statuses.push((await callTight(projectsRoutes(tight), learner.idToken, { method: 'POST', body: { template: 'python' } })).status);
    expect(statuses).toEqual([201, 201, 429]);
    const refused = await callTight(projectsRoutes(tight), learner.idToken, { method: 'POST', body: { template: 'python' } });
    expect(refused.body).toEqual({ message: DEFAULT_RATE_LIMITS['project-write'].message });
    expect(Number(refused.headers?.['Retry-After'])).toBeGreaterThanOrEqual(1);
    expect(await list(learner.idToken)).toHaveLength(2);

    const project = (await list(learner.idToken))[0]?.id ?? '';
    await call(projectShareRoutes(services), learner.idToken, { method: 'POST', ...at(project) });
    const address = `test-address-${Date.now()}-${Math.random()}`; // its own counter, also on a kept database
    const reads: number[] = [];
    for (let index = 0; index < 3; index += 1) reads.push((await anonymous(sharedProjectRoutes(tight), at(project), () => tight.rateLimits.hit('public-read', address))).status);
    expect(reads).toEqual([200, 200, 429]);
    await tight.checks.close();
  });
});
