import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { chapterRoutes, tracksRoutes } from '@/server/api/v1/learning-routes';
import { progressRoutes } from '@/server/api/v1/progress-routes';
import type { DatabaseHandle } from '@/server/db/client';
import { expectedLessonReads, loadLessonPage } from '@/server/gssp/lesson-page';
import { loadSectionPage } from '@/server/gssp/progress-pages';
import type { SessionSnapshot } from '@/server/gssp/with-session';
import { runRoutes, type Routes } from '@/server/http/endpoint';
import { onApiCaller } from '@/server/http/next-api-route';
import type { Services } from '@/server/services/services';
import { testAuthenticate } from './support/api-call';
import { openPublishedDatabase } from './support/database';
import { emulatorUser } from './support/emulator';

/**
 * Issue 18: per-request work only where it must be. Every SQL statement the app sends is counted
 * while a warm process serves one request (the publish set's content is in memory by then), and
 * each request is held to a budget: a new query on these paths has to be a deliberate choice.
 */
const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

let handle: DatabaseHandle;
let services: Services;
let learner: { uid: string; idToken: string };
let sessionId: string;
const queries: string[] = [];

const LOCATION = { trackId: 'python', tutorialId: 'python-basics', chapterId: 'python-basics-first-steps' };

/** One API call as the Next adapter makes it: token, sign-out check, rate limit, user sync, handler. */
const api = (routes: Routes, query: Record<string, string> = {}) =>
  runRoutes(routes, { method: 'GET', query, body: undefined, headers: { authorization: `Bearer ${learner.idToken}` } }, { authenticate: testAuthenticate, onAuthenticated: onApiCaller(services) });

function lessonPage(snapshot?: SessionSnapshot) {
  const req = Object.assign(new IncomingMessage(new Socket()), { cookies: {} as Partial<Record<string, string>> });
  const context = { req, res: new ServerResponse(req), params: LOCATION, query: { lesson: '0' }, resolvedUrl: '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=0' };
  return loadLessonPage(context, { id: learner.uid, email: null, displayName: null, roles: [] }, 'learn', services, snapshot);
}

/** The lesson page as withSession serves it: the session check (with the publish set), then the page. */
async function lessonPageWithSessionCheck() {
  const user = { id: learner.uid, email: null, displayName: null, roles: [] };
  const guess = expectedLessonReads({ params: LOCATION, query: { lesson: '0' } }, user, services);
  const { active, publishSet, lessonReads } = await services.sessions.isActiveWithPublishSet(sessionId, learner.uid, guess);
  if (!active) throw new Error('the session should be active');
  return lessonPage({ publishSet, lessonReads });
}

/** The section page as withSession serves it: the session check (with the publish set), then the page. */
async function sectionPageWithSessionCheck() {
  const user = { id: learner.uid, email: null, displayName: null, roles: [] };
  const { active, publishSet } = await services.sessions.isActiveWithPublishSet(sessionId, learner.uid);
  if (!active) throw new Error('the session should be active');
  const req = Object.assign(new IncomingMessage(new Socket()), { cookies: {} as Partial<Record<string, string>> });
  const context = { req, res: new ServerResponse(req), params: { trackId: 'python', sectionIndex: '0' }, query: {}, resolvedUrl: '/web/python/section/0' };
  return loadSectionPage(context as unknown as Parameters<typeof loadSectionPage>[0], user, services, { publishSet });
}

async function count<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  queries.length = 0;
  const result = await work();
  return { result, statements: [...queries] };
}

beforeAll(async () => {
  ({ handle, services } = await openPublishedDatabase({ onQuery: (query) => queries.push(query) }));
  learner = await emulatorUser();
  sessionId = await services.sessions.start(learner.uid, 60_000);
  // Warm: the first request of a process reads the publish set into memory.
  await api(tracksRoutes(services));
  await api(chapterRoutes(services), LOCATION);
  await api(progressRoutes(services));
  await lessonPage();
  await sectionPageWithSessionCheck();
});

afterAll(async () => {
  await services.checks.close();
  await handle.close();
});

describe(`queries per request on a warm process, on ${DATABASE}`, () => {
  it.each([
    // The current publish set's version, then the learner's own rows.
    ['GET /tracks', 2, () => api(tracksRoutes(services))],
    ['GET a chapter', 2, () => api(chapterRoutes(services), LOCATION)],
    ['GET /progress', 1, () => api(progressRoutes(services))],
    ['the lesson page', 2, () => lessonPage()],
    // The session check reads the publish set and the learner's rows for the lesson too.
    ['the lesson page with its session check', 1, () => lessonPageWithSessionCheck()],
    // The check (with the publish set), the learner's completions in the track, their plan for the
    // section's pro lock: the set is not read again (it was three times).
    ['the section page with its session check', 2, () => sectionPageWithSessionCheck()],
  ] as const)('%s: at most %i statements', async (name, budget, work) => {
    const { result, statements } = await count(work as () => Promise<unknown>);
    expect(result).toBeTruthy();
    console.log(`${name}: ${statements.length} statements\n  ${statements.map((statement) => statement.slice(0, 140)).join('\n  ')}`);
    expect(statements.length).toBeLessThanOrEqual(budget);
  });
});
