import path from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import type { NextApiRequest, NextApiResponse } from 'next';
import * as billingRouteBuilders from '@/server/api/v1/billing-routes';
import * as eventRouteBuilders from '@/server/api/v1/event-routes';
import * as learningRouteBuilders from '@/server/api/v1/learning-routes';
import * as previewRouteBuilders from '@/server/api/v1/preview-routes';
import * as progressRouteBuilders from '@/server/api/v1/progress-routes';
import * as projectRouteBuilders from '@/server/api/v1/project-routes';
import * as reportRouteBuilders from '@/server/api/v1/report-routes';
import * as tutorRouteBuilders from '@/server/api/v1/tutor-routes';
import * as userRouteBuilders from '@/server/api/v1/user-routes';
import { PROJECT_TEMPLATES } from '@/domain/build/project-templates';
import { lessonTypeFromFiles, type LessonType } from '@/domain/lessons/lesson-type';
import { compileContent } from '@/server/content/compile-content';
import type { DatabaseHandle } from '@/server/db/client';
import type { ApiResponse, HttpMethod, Routes } from '@/server/http/endpoint';
import { MAX_JSON_BODY_BYTES, nextApiRoute } from '@/server/http/next-api-route';
import { createServices, type Services } from '@/server/services/services';
import { DEFAULT_RATE_LIMITS } from '@/domain/rate-limits/rate-limit-rules';
import { apiCaller, testAuthenticate } from './support/api-call';
import { openTestDatabase } from './support/database';
import { emulatorUser } from './support/emulator';
import { subscribeToPro } from './support/subscribe';
import { passingSubmissionOf } from './support/submissions';
import type { Submission } from '@/domain/lessons/submission';

/**
 * Every route of API v1 with generated queries, path ids and bodies — mostly valid requests with
 * one part made hostile, so the hostile part reaches deep code — both through runRoutes and
 * through the Next adapter's own body and query handling. No answer may be a 5xx, and every 4xx
 * must say why in `{ message }`.
 */

const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

let handle: DatabaseHandle;
let services: Services;
let tokens: Record<'learner' | 'engineer', string>;
let publishSetVersion = 1;
let trackVersions: Record<string, number> = {};
let lessons: LessonRef[] = [];
let codeLessons: LessonRef[] = [];
let gradedLessons: LessonRef[] = [];
/** The learner's own projects (with a snapshot each), another learner's (one shared), and made-up ids. */
let projectIds: string[] = [];
const snapshotIds: string[] = [];
/** The learner's checkouts and payments (from a real test checkout), for the billing routes. */
let checkoutIds: string[] = [];
let paymentIds: string[] = [];
/** A lesson report, for the engineers' status route. */
let reportIds: string[] = [];
const serverErrors: unknown[] = [];
const counts = { runRoutes: 0, adapter: 0 };
/** Completions the server graded (a verdict in the answer), passed or not: the fuzz reaches the grader. */
const verdicts = { passed: 0, notPassed: 0 };
const statuses = new Map<number, number>();
const started = Date.now();

interface LessonRef {
  trackId: string;
  tutorialId: string;
  chapterId: string;
  lessonId: string;
  editable: string[];
  lessonType: LessonType | null;
  kind: 'code' | 'multiple-choice' | 'fill-gap' | 'reorder';
  /** What a learner who solved it hands in (the server's grading passes it). */
  solution: Submission;
}

const call = apiCaller(() => services, { logError: (error) => serverErrors.push(error) });

beforeAll(async () => {
  handle = await openTestDatabase();
  // The fuzz measures the routes, not the rate limits (which have their own tests): raised.
  const unlimited = (kind: keyof typeof DEFAULT_RATE_LIMITS) => ({ ...DEFAULT_RATE_LIMITS[kind], limit: 1_000_000 });
  services = createServices(handle.db, { rateLimits: { ...DEFAULT_RATE_LIMITS, api: unlimited('api'), 'project-write': unlimited('project-write'), 'public-read': unlimited('public-read') } });
  const compiled = await compileContent(path.resolve('content'));
  const published = await services.content.publish(compiled.content);
  publishSetVersion = published.publishSetVersion;
  trackVersions = Object.fromEntries(published.tracks.map((track) => [track.trackId, track.trackVersion]));
  lessons = compiled.content.tracks.flatMap((track) =>
    track.tutorials.flatMap((tutorial) =>
      tutorial.chapters.flatMap((chapter) =>
        chapter.lessons.map((lesson) => ({
          trackId: track.id,
          tutorialId: tutorial.id,
          chapterId: chapter.id,
          lessonId: lesson.id,
          editable: (lesson.executableContent?.files ?? []).filter((file) => file.editable).map((file) => file.name),
          lessonType: lesson.interaction.kind === 'code' && lesson.executableContent ? lessonTypeFromFiles(lesson.executableContent.files) : null,
          kind: lesson.interaction.kind,
          solution: passingSubmissionOf(lesson),
        })),
      ),
    ),
  );
  // Python runs cost Pyodide time: a few Python lessons, every other kind in full.
  const code = lessons.filter((lesson) => lesson.lessonType !== null && lesson.editable.length > 0);
  codeLessons = [...code.filter((lesson) => lesson.lessonType !== 'Python'), ...code.filter((lesson) => lesson.lessonType === 'Python').slice(0, 3)];
  // Completions are graded (code runs in the grader): every answer lesson, and the code lessons above.
  gradedLessons = [...lessons.filter((lesson) => lesson.kind !== 'code'), ...codeLessons];
  const [learner, engineer] = await Promise.all([emulatorUser({ displayName: 'Fuzz Learner' }), emulatorUser({ roles: ['course_engineer'] })]);
  tokens = { learner: learner.idToken, engineer: engineer.idToken };
  // Pro, so the project routes get past the free allowance (the billing routes, fuzzed last, may end it).
  await services.users.syncFromIdentity({ uid: learner.uid, email: null, displayName: null, roles: [], impersonated: false, authTime: null });
  const open = await services.billing.startCheckout({ uid: learner.uid, email: null, roles: [] }, { plan: 'monthly', redirectUrl: '/web/build' });
  await subscribeToPro(services, learner.uid);
  checkoutIds = [open.checkoutId];
  paymentIds = (await services.billing.overview(learner.uid)).payments.map((payment) => payment.id);
  const firstLesson = lessons[0];
  if (firstLesson) {
    const browser = { userAgent: 'fuzz', language: 'en', viewport: '390x844' };
    const reported = await services.feedback.create(learner.uid, { ...refOf(firstLesson), mode: 'learn', note: 'fuzz', files: [], output: '', browser });
    reportIds = [reported.id];
  }
  const newProject = async (token: string, template: string) => (await call(projectRouteBuilders.projectsRoutes(services), token, { method: 'POST', body: { template } })).body as { id: string };
  const own = await Promise.all(PROJECT_TEMPLATES.map((template) => newProject(tokens.learner, template)));
  const others = await Promise.all([newProject(tokens.engineer, 'web'), newProject(tokens.engineer, 'python')]);
  const share = (token: string, projectId: string) => call(projectRouteBuilders.projectShareRoutes(services), token, { method: 'POST', query: { projectId } });
  await share(tokens.engineer, others[0].id);
  await share(tokens.learner, own[0]?.id ?? '');
  for (const [token, project] of [...own.map((project) => [tokens.learner, project] as const), ...others.map((project) => [tokens.engineer, project] as const)]) {
    const snapshot = await call(projectRouteBuilders.projectSnapshotsRoutes(services), token, { method: 'POST', query: { projectId: project.id }, body: { label: 'fuzz' } });
    snapshotIds.push((snapshot.body as { id: string }).id);
  }
  projectIds = [...own, ...others].map((project) => project.id);
  expect([...projectIds, ...snapshotIds].every((id) => /^[a-z2-7]{20}$/.test(id))).toBe(true);
}, 120_000);

afterAll(async () => {
  await services.grader.close();
  await services.checks.close();
  await handle.close();
  const total = counts.runRoutes + counts.adapter;
  console.info(`api-fuzz on ${DATABASE}: ${total} requests (${counts.runRoutes} through runRoutes, ${counts.adapter} through the Next adapter) in ${((Date.now() - started) / 1000).toFixed(1)} s; answers by status: ${[...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(', ')}; graded completions: ${verdicts.passed} passed, ${verdicts.notPassed} not`);
});

// ---------------------------------------------------------------------------------------------
// Hostile values

const HOSTILE_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\uD800', '\uDFFF', 'x\uD83D', '\uDC00\uD800', '🐍', '‮gnp.exe', 'Zoë', '你好',
  '../../etc/passwd', "'; drop table users; --", '%00', '%ED%A0%80', 'NaN', 'Infinity', '-Infinity', '-1', '0', '1.5',
  '2147483647', '2147483648', '-2147483649', '9007199254740993', '1e309', '0x10', ' 7 ', 'null', 'true', '[]', '{}',
  'python', 'PYTHON', 'py-hello-print', '__proto__', 'constructor',
];
const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(300, 5_000, 120_000).map((length) => 'a'.repeat(length)) },
);
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 1.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const deepValue = fc.tuple(fc.integer({ min: 50, max: 2_000 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = '\u0000';
  for (let level = 0; level < depth; level += 1) value = arrays ? [value] : { a: value };
  return value;
});
/** Hostile values that nest only a little: parts of a valid request's base (the mutation brings the deep ones). */
const shallowNastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, [[]], { files: null }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }) },
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof({ weight: 13, arbitrary: shallowNastyValue }, { weight: 1, arbitrary: deepValue });

// ---------------------------------------------------------------------------------------------
// Valid requests per route, made hostile in one place

interface BaseRequest {
  query: Record<string, string | string[]>;
  body?: unknown;
}

const anyLesson = () => fc.constantFrom(...lessons);
const anyCodeLesson = () => fc.constantFrom(...codeLessons);
const chapterOf = (lesson: LessonRef) => ({ trackId: lesson.trackId, tutorialId: lesson.tutorialId, chapterId: lesson.chapterId });
const refOf = (lesson: LessonRef) => ({ ...chapterOf(lesson), lessonId: lesson.lessonId });
const sourceText = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.constantFrom('print("hi")', 'console.log(1)', 'select 1;', '<p>hi</p>', 'p { color: red; }'));
const filesOf = (lesson: LessonRef) =>
  fc.subarray(lesson.editable, { minLength: 1 }).chain((names) => fc.tuple(...names.map((name) => sourceText.map((userContent) => ({ name, userContent })))));
const timeZone = fc.constantFrom('UTC', 'Europe/Lisbon', 'Asia/Tokyo', 'America/St_Johns');
const recentInstant = fc.integer({ min: -72 * 3600_000, max: 3600_000 }).map((offset) => new Date(Date.now() + offset).toISOString());
const completion = fc.record(
  { mode: fc.constantFrom('learn', 'challenge', 'tutor'), attempts: fc.integer({ min: 1, max: 10 }), usedHints: fc.boolean(), completedAt: recentInstant, timeZone },
  { requiredKeys: ['mode', 'attempts', 'usedHints'] },
);
const anyGradedLesson = () => fc.constantFrom(...gradedLessons);
/** An answer of some kind, for any lesson: indices, words, an order or files (with names the lesson may not have). */
const anyAnswer: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ choices: fc.array(fc.oneof(fc.nat({ max: 8 }), nastyNumber), { maxLength: 4 }) }),
  fc.record({ gaps: fc.array(fc.oneof(fc.constantFrom('print', 'SELECT', 'color', ' 42 '), nastyString), { maxLength: 4 }) }),
  fc.record({ order: fc.array(fc.oneof(fc.nat({ max: 10 }), nastyNumber), { maxLength: 10 }) }),
  fc.record({ files: fc.array(fc.record({ name: fc.oneof(fc.constantFrom('main.py', 'index.html', 'style.css', 'script.js', 'query.sql', '../main.py'), nastyString), userContent: sourceText }), { maxLength: 3 }) }),
  fc.record({ files: fc.constant([]), choices: fc.constant([0]) }),
);
/** The same kind of answer the lesson takes, with made-up content (mostly not passing). */
const answerOfKind = (lesson: LessonRef): fc.Arbitrary<unknown> => {
  if (lesson.kind === 'code') return lesson.editable.length > 0 ? filesOf(lesson).map((files) => ({ files })) : anyAnswer;
  const solved = lesson.solution;
  if ('choices' in solved) return fc.subarray([0, 1, 2, 3]).map((choices) => ({ choices }));
  if ('gaps' in solved) return fc.tuple(...solved.gaps.map((gap) => fc.oneof(fc.constant(gap), fc.constant(` ${gap} `), fc.string({ maxLength: 12 })))).map((gaps) => ({ gaps }));
  if ('order' in solved) return fc.shuffledSubarray(solved.order, { minLength: solved.order.length }).map((order) => ({ order }));
  return anyAnswer;
};
/** What a completion hands in: the solution, a wrong answer of the right kind, any other answer, none, or a value that is no submission. */
const submissionFor = (lesson: LessonRef): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(lesson.solution) },
    { weight: 3, arbitrary: answerOfKind(lesson) },
    { weight: 2, arbitrary: anyAnswer },
    { weight: 1, arbitrary: fc.constant(undefined) },
    // Not deepValue: a base that is already 2,000 levels deep, with a deep mutation inside it, is
    // deeper than this harness's own JSON round trip can take (the server is not what overflows).
    { weight: 1, arbitrary: shallowNastyValue },
  );
const completionOf = (lesson: LessonRef) =>
  fc.tuple(completion, submissionFor(lesson)).map(([body, submission]) => (submission === undefined ? body : { ...body, submission }));

const noQuery = (body?: fc.Arbitrary<unknown>): fc.Arbitrary<BaseRequest> => (body ? body.map((value) => ({ query: {}, body: value })) : fc.constant({ query: {} }));

interface FuzzRoute {
  build: (services: Services, req?: NextApiRequest) => Routes;
  /** The method fuzzed (others only by the method mutation); the routes' first one by default. */
  method?: HttpMethod;
  caller: 'learner' | 'engineer';
  base: () => fc.Arbitrary<BaseRequest>;
  /** Runs through each of the two paths. */
  runs: number;
}

const anyProjectId = () => fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...projectIds) }, { weight: 1, arbitrary: fc.constantFrom('abcdefghijklmnopqrst', 'aaaaaaaaaaaaaaaaaaaa') });
const projectQuery = () => anyProjectId().map((projectId) => ({ projectId }));
const snapshotQuery = () => fc.tuple(anyProjectId(), fc.constantFrom(...snapshotIds)).map(([projectId, snapshotId]) => ({ projectId, snapshotId }));
const projectTitle = fc.oneof(fc.constantFrom('My game', '  Plant   shop ', 'Jogo da memória 🧠'), fc.string({ maxLength: 90 }));
const projectFiles = fc.array(
  fc.record({ path: fc.oneof(fc.constantFrom('main.py', 'index.html', 'style.css', 'js/app.js', 'query.sql', 'schema.sql', 'main.js', 'notes.md', '../x.py', 'a//b.py'), fc.string({ maxLength: 30 })), content: sourceText }),
  { maxLength: 5 },
);
const withProject = (body: fc.Arbitrary<unknown>): fc.Arbitrary<BaseRequest> => fc.tuple(projectQuery(), body).map(([query, value]) => ({ query, body: value }));
const projectRoute = (build: (s: Services) => Routes, method: HttpMethod, runs: number, base: () => fc.Arbitrary<BaseRequest> = () => projectQuery().map((query) => ({ query }))): FuzzRoute => ({ build, method, caller: 'learner', base, runs });

const fakeTutorModel: typeof fetch = async () => new Response(JSON.stringify({ choices: [{ message: { content: 'Look at line 1.' } }] }), { status: 200, headers: { 'Content-Type': 'application/json' } });

const ROUTES: Record<string, FuzzRoute> = {
  tracksRoutes: { build: (s) => learningRouteBuilders.tracksRoutes(s), caller: 'learner', base: () => noQuery(), runs: 50 },
  trackRoutes: { build: (s) => learningRouteBuilders.trackRoutes(s), caller: 'learner', base: () => anyLesson().map((l) => ({ query: { trackId: l.trackId } })), runs: 50 },
  tutorialRoutes: {
    build: (s) => learningRouteBuilders.tutorialRoutes(s),
    caller: 'learner',
    base: () => anyLesson().map((l) => ({ query: { trackId: l.trackId, tutorialId: l.tutorialId } })),
    runs: 50,
  },
  chapterRoutes: { build: (s) => learningRouteBuilders.chapterRoutes(s), caller: 'learner', base: () => anyLesson().map((l) => ({ query: chapterOf(l) })), runs: 50 },
  savedFilesRoutes: {
    build: (s) => learningRouteBuilders.savedFilesRoutes(s),
    caller: 'learner',
    base: () => anyLesson().map((l) => ({ query: { ...chapterOf(l), trackVersion: String(trackVersions[l.trackId]) } })),
    runs: 60,
  },
  clearSavedFilesRoutes: {
    build: (s) => learningRouteBuilders.clearSavedFilesRoutes(s),
    caller: 'learner',
    base: () => anyLesson().map((l) => ({ query: { ...chapterOf(l), trackVersion: String(trackVersions[l.trackId]) } })),
    runs: 60,
  },
  saveFilesRoutes: {
    build: (s) => learningRouteBuilders.saveFilesRoutes(s),
    caller: 'learner',
    base: () => anyCodeLesson().chain((l) => filesOf(l).map((files) => ({ query: { ...refOf(l), publishSetVersion: String(publishSetVersion) }, body: { files } }))),
    runs: 90,
  },
  completeLessonRoutes: {
    build: (s) => learningRouteBuilders.completeLessonRoutes(s),
    caller: 'learner',
    base: () => anyGradedLesson().chain((l) => completionOf(l).map((body) => ({ query: refOf(l), body }))),
    runs: 70,
  },
  previewRunFilesRoutes: {
    build: (s) => learningRouteBuilders.previewRunFilesRoutes(s),
    caller: 'engineer',
    base: () => anyCodeLesson().chain((l) => filesOf(l).map((files) => ({ query: refOf(l), body: { files } }))),
    runs: 40,
  },
  previewClearCacheRoutes: { build: (s) => learningRouteBuilders.previewClearCacheRoutes(s), caller: 'engineer', base: () => anyLesson().map((l) => ({ query: chapterOf(l) })), runs: 40 },
  previewVerificationRoutes: {
    build: (s) => learningRouteBuilders.previewVerificationRoutes(s),
    caller: 'engineer',
    base: () => anyLesson().map((l) => ({ query: { trackId: l.trackId } })),
    runs: 30,
  },
  previewFallbackRoutes: {
    build: (_s, req) => previewRouteBuilders.previewFallbackRoutes((req?.url ?? '/api/v1/preview/nothing').split('?')[0] ?? ''),
    caller: 'engineer',
    base: () => noQuery(),
    runs: 40,
  },
  progressRoutes: { build: (s) => progressRouteBuilders.progressRoutes(s), caller: 'learner', base: () => noQuery(), runs: 50 },
  progressSettingsRoutes: {
    build: (s) => progressRouteBuilders.progressSettingsRoutes(s),
    caller: 'learner',
    base: () => noQuery(fc.record({ dailyGoal: fc.constantFrom('casual', 'regular', 'serious', 'intense'), timeZone }, { requiredKeys: [] })),
    runs: 70,
  },
  progressSyncRoutes: {
    build: (s) => progressRouteBuilders.progressSyncRoutes(s),
    caller: 'learner',
    base: () =>
      noQuery(
        fc.record({
          timeZone: fc.option(timeZone),
          completions: fc.array(
            anyGradedLesson().chain((l) => fc.tuple(completionOf(l), recentInstant).map(([c, completedAt]) => ({ ...refOf(l), ...c, completedAt }))),
            { maxLength: 3 },
          ),
        }),
      ),
    runs: 70,
  },
  progressCelebrationRoutes: {
    build: (s) => progressRouteBuilders.progressCelebrationRoutes(s),
    caller: 'learner',
    base: () => noQuery(fc.record({ kind: fc.constantFrom('streak', 'daily-goal') })),
    runs: 50,
  },
  streakRestoreRoutes: { build: (s) => progressRouteBuilders.streakRestoreRoutes(s), caller: 'learner', base: () => noQuery(anyLesson().map(refOf)), runs: 60 },
  leagueRoutes: { build: (s) => progressRouteBuilders.leagueRoutes(s), caller: 'learner', base: () => noQuery(), runs: 50 },
  tutorRoutes: {
    build: (s) => tutorRouteBuilders.tutorRoutes(s, { baseUrl: 'http://tutor.invalid/v1', apiKey: null, model: 'fuzz', timeoutMs: 1000 }, fakeTutorModel),
    caller: 'learner',
    base: () =>
      noQuery(
        anyCodeLesson().chain((l) =>
          fc.record({
            ...Object.fromEntries(Object.entries(refOf(l)).map(([key, value]) => [key, fc.constant(value)])),
            files: filesOf(l),
            output: fc.string({ maxLength: 100 }),
            error: fc.option(fc.string({ maxLength: 50 })),
            failedChecks: fc.array(fc.nat({ max: 5 }), { maxLength: 3 }),
          }),
        ),
      ),
    runs: 50,
  },
  userVisitsRoutes: { build: (s) => userRouteBuilders.userVisitsRoutes(s), caller: 'learner', base: () => noQuery(fc.constant({ appName: 'web' })), runs: 50 },
  userMeRoutes: { build: (s) => userRouteBuilders.userMeRoutes(s), caller: 'learner', base: () => noQuery(), runs: 50 },
  userProfileRoutes: {
    build: (s) => userRouteBuilders.userProfileRoutes(s),
    caller: 'learner',
    base: () => noQuery(fc.record({ displayName: fc.oneof(fc.constantFrom('Ada', 'Grace Hopper', 'Łukasz'), fc.string({ maxLength: 50 })) })),
    runs: 60,
  },
  userOnboardingRoutes: { build: (s) => userRouteBuilders.userOnboardingRoutes(s), caller: 'learner', base: () => noQuery(), runs: 30 },
  'userOnboardingRoutes PUT': {
    build: (s) => userRouteBuilders.userOnboardingRoutes(s),
    method: 'PUT',
    caller: 'learner',
    base: () =>
      noQuery(
        fc.record({
          answers: fc.record(
            { goal: fc.constantFrom('career', 'school', 'fun', 'project'), build: fc.constantFrom('websites', 'games', 'data', 'automation', 'unsure'), experience: fc.constantFrom('none', 'little', 'some'), minutes: fc.constantFrom('5', '10', '15', '20'), exercise: fc.constantFrom('right', 'wrong') },
            { requiredKeys: [] },
          ),
          action: fc.constantFrom('in-progress', 'finish', 'skip'),
          timeZone: fc.constantFrom('UTC', 'Europe/Lisbon', 'America/New_York'),
        }, { requiredKeys: ['answers', 'action'] }),
      ),
    runs: 60,
  },
  projectsRoutes: projectRoute((s) => projectRouteBuilders.projectsRoutes(s), 'GET', 30, () => noQuery()),
  deletedProjectsRoutes: projectRoute((s) => projectRouteBuilders.deletedProjectsRoutes(s), 'GET', 20, () => noQuery()),
  'projectsRoutes POST': projectRoute((s) => projectRouteBuilders.projectsRoutes(s), 'POST', 40, () =>
    noQuery(fc.record({ template: fc.constantFrom(...PROJECT_TEMPLATES), title: projectTitle }, { requiredKeys: ['template'] })),
  ),
  projectRoutes: projectRoute((s) => projectRouteBuilders.projectRoutes(s), 'GET', 30),
  'projectRoutes PATCH': projectRoute((s) => projectRouteBuilders.projectRoutes(s), 'PATCH', 40, () => withProject(fc.record({ title: projectTitle }))),
  'projectRoutes DELETE': projectRoute((s) => projectRouteBuilders.projectRoutes(s), 'DELETE', 20),
  projectFilesRoutes: projectRoute((s) => projectRouteBuilders.projectFilesRoutes(s), 'PUT', 60, () =>
    withProject(fc.record({ files: projectFiles, baseRevision: fc.integer({ min: 1, max: 5 }) }, { requiredKeys: ['files'] })),
  ),
  projectRestoreRoutes: projectRoute((s) => projectRouteBuilders.projectRestoreRoutes(s), 'POST', 30),
  projectDuplicateRoutes: projectRoute((s) => projectRouteBuilders.projectDuplicateRoutes(s), 'POST', 30),
  projectSnapshotsRoutes: projectRoute((s) => projectRouteBuilders.projectSnapshotsRoutes(s), 'GET', 30),
  'projectSnapshotsRoutes POST': projectRoute((s) => projectRouteBuilders.projectSnapshotsRoutes(s), 'POST', 40, () =>
    withProject(fc.option(fc.record({ label: projectTitle }, { requiredKeys: [] }), { nil: undefined })),
  ),
  projectSnapshotRoutes: projectRoute((s) => projectRouteBuilders.projectSnapshotRoutes(s), 'GET', 30, () => snapshotQuery().map((query) => ({ query }))),
  projectSnapshotRestoreRoutes: projectRoute((s) => projectRouteBuilders.projectSnapshotRestoreRoutes(s), 'POST', 30, () => snapshotQuery().map((query) => ({ query }))),
  projectShareRoutes: projectRoute((s) => projectRouteBuilders.projectShareRoutes(s), 'POST', 30),
  'projectShareRoutes DELETE': projectRoute((s) => projectRouteBuilders.projectShareRoutes(s), 'DELETE', 20),
  sharedProjectRoutes: projectRoute((s) => projectRouteBuilders.sharedProjectRoutes(s), 'GET', 40),
  sharedProjectRemixRoutes: projectRoute((s) => projectRouteBuilders.sharedProjectRemixRoutes(s), 'POST', 30),
  reportsRoutes: {
    build: (s) => reportRouteBuilders.reportsRoutes(s),
    method: 'POST',
    caller: 'learner',
    base: () =>
      anyLesson().chain((l) =>
        fc
          .record({
            note: fc.oneof(fc.constantFrom('The check is wrong.', 'Typo in the text'), fc.string({ maxLength: 120 })),
            files: fc.array(fc.record({ name: fc.constantFrom(...(l.editable.length > 0 ? l.editable : ['main.py'])), userContent: sourceText }), { maxLength: 2 }),
            output: fc.string({ maxLength: 80 }),
            viewport: fc.constantFrom('390x844', '1280x800', 'wide'),
          })
          .map(({ note, files, output, viewport }) => ({ query: {}, body: { ...refOf(l), mode: 'learn', note, files, output, browser: { userAgent: 'fuzz', language: 'en', viewport } } })),
      ),
    runs: 40,
  },
  'reportsRoutes GET': { build: (s) => reportRouteBuilders.reportsRoutes(s), method: 'GET', caller: 'engineer', base: () => fc.constantFrom('new', 'fixed', 'wont-fix', 'all').map((status) => ({ query: { status } })), runs: 20 },
  reportRoutes: {
    build: (s) => reportRouteBuilders.reportRoutes(s),
    method: 'PATCH',
    caller: 'engineer',
    base: () => fc.tuple(fc.constantFrom(...reportIds, 'abcdefghijklmnopqrst'), fc.constantFrom('new', 'fixed', 'wont-fix')).map(([reportId, status]) => ({ query: { reportId }, body: { status } })),
    runs: 30,
  },
  // Events: only the caller's own RSVP; unknown, hostile or past ids are 404/409/400, never a 5xx.
  eventRsvpRoutes: {
    build: (s) => eventRouteBuilders.eventRsvpRoutes(s),
    method: 'PUT',
    caller: 'learner',
    base: () => fc.constantFrom('weekly-javascript-challenge', 'sunday-study-session', 'html-forms-workshop', 'no-such-event').map((eventId) => ({ query: { eventId } })),
    runs: 40,
  },
  'eventRsvpRoutes DELETE': { build: (s) => eventRouteBuilders.eventRsvpRoutes(s), method: 'DELETE', caller: 'learner', base: () => fc.constantFrom('weekly-python-challenge', 'no-such-event').map((eventId) => ({ query: { eventId } })), runs: 20 },
  eventRemindersRoutes: { build: (s) => eventRouteBuilders.eventRemindersRoutes(s), caller: 'learner', base: () => noQuery(), runs: 20 },
  // Public: the caller's token, when the fuzzer sends one, is not even looked at.
  eventCalendarRoutes: { build: (s) => eventRouteBuilders.eventCalendarRoutes(s), caller: 'learner', base: () => fc.constantFrom('weekly-python-challenge', 'portfolio-page-workshop', 'no-such-event').map((eventId) => ({ query: { eventId } })), runs: 20 },
  // Billing last: a fuzzed cancel or refund may end the learner's Pro.
  billingRoutes: { build: (s) => billingRouteBuilders.billingRoutes(s), caller: 'learner', base: () => noQuery(), runs: 30 },
  checkoutRoutes: {
    build: (s) => billingRouteBuilders.checkoutRoutes(s),
    caller: 'learner',
    base: () =>
      noQuery(
        fc.record(
          {
            plan: fc.constantFrom('monthly', 'yearly'),
            flow: fc.constantFrom('web', 'web2app'),
            redirectUrl: fc.oneof(fc.constantFrom('/web/build', '/web/python/sections/1', 'https://evil.example/', '//evil.example', 'javascript:alert(1)', 'codetrail://home'), fc.string({ maxLength: 60 })),
            trackingReferer: fc.constantFrom('paywall', 'lesson:py-1', 'settings'),
          },
          { requiredKeys: ['plan'] },
        ),
      ),
    runs: 40,
  },
  checkoutStatusRoutes: { build: (s) => billingRouteBuilders.checkoutStatusRoutes(s), caller: 'learner', base: () => fc.constantFrom(...checkoutIds, 'cs_missing').map((checkoutId) => ({ query: { checkoutId } })), runs: 30 },
  testCheckoutRoutes: { build: (s) => billingRouteBuilders.testCheckoutRoutes(s), caller: 'learner', base: () => fc.constantFrom(...checkoutIds, 'cs_missing').map((checkoutId) => ({ query: { checkoutId } })), runs: 30 },
  'testCheckoutRoutes POST': {
    build: (s) => billingRouteBuilders.testCheckoutRoutes(s),
    method: 'POST',
    caller: 'learner',
    base: () => fc.tuple(fc.constantFrom(...checkoutIds, 'cs_missing'), fc.constantFrom('succeeds', 'fails-at-renewal', 'declined', 'stolen')).map(([checkoutId, card]) => ({ query: { checkoutId }, body: { card } })),
    runs: 30,
  },
  cancelRoutes: { build: (s) => billingRouteBuilders.cancelRoutes(s), caller: 'learner', base: () => noQuery(), runs: 20 },
  resumeRoutes: { build: (s) => billingRouteBuilders.resumeRoutes(s), caller: 'learner', base: () => noQuery(), runs: 20 },
  refundRoutes: { build: (s) => billingRouteBuilders.refundRoutes(s), caller: 'learner', base: () => fc.constantFrom(...paymentIds, 'pi_missing').map((paymentId) => ({ query: { paymentId } })), runs: 20 },
  portalRoutes: { build: (s) => billingRouteBuilders.portalRoutes(s), caller: 'learner', base: () => noQuery(), runs: 20 },
  billingNotificationsRoutes: { build: (s) => billingRouteBuilders.billingNotificationsRoutes(s), caller: 'learner', base: () => noQuery(), runs: 20 },
  dismissBillingNotificationRoutes: { build: (s) => billingRouteBuilders.dismissBillingNotificationRoutes(s), caller: 'learner', base: () => fc.constantFrom('trial-reminder:sub_missing:2026-12-05', 'x').map((notificationId) => ({ query: { notificationId } })), runs: 20 },
};

/** Every path inside a JSON value, the value itself first. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, index) => pathsOf(item, [...prefix, index], out));
  else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], out);
  return out;
}

function replaceAt(value: unknown, at: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = at;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  if (typeof value === 'object' && value !== null) return { ...value, [head]: replaceAt((value as Record<string, unknown>)[head as string], rest, replacement) };
  return value;
}

/** The characters PostgreSQL text cannot take, and integers just past what its columns hold. */
const UNSTORABLE = ['\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF'];
const OUT_OF_RANGE = [2 ** 31, 2 ** 31 + 1, 2 ** 32, -(2 ** 31) - 1, 2 ** 53 + 2, 1e10, 1e300, -1, 0, 1.5];

type Mutation =
  | { kind: 'none' }
  | { kind: 'query'; pick: number; value: string | string[] | undefined; extraKey: boolean }
  | { kind: 'body'; pick: number; value: unknown }
  | { kind: 'corrupt-text'; pick: number; at: number; character: string }
  | { kind: 'out-of-range'; pick: number; value: number }
  | { kind: 'extra-field'; key: string; value: unknown }
  | { kind: 'method'; method: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('query' as const),
      pick: fc.nat(),
      value: fc.oneof({ weight: 5, arbitrary: nastyString }, { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.constant(undefined) }),
      extraKey: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('body' as const), pick: fc.nat(), value: nastyValue }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('corrupt-text' as const), pick: fc.nat(), at: fc.nat(), character: fc.constantFrom(...UNSTORABLE) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('out-of-range' as const), pick: fc.nat(), value: fc.constantFrom(...OUT_OF_RANGE) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('extra-field' as const), key: nastyString, value: nastyValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('method' as const), method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'get', 'BREW') }) },
);

/** Where a text or a whole number sits in a request: a query parameter or a path in the body. */
type Slot = { in: 'query'; key: string } | { in: 'body'; path: (string | number)[] };

function slots(base: BaseRequest, wanted: 'text' | 'integer'): Slot[] {
  const isWanted = (value: unknown) => (wanted === 'text' ? typeof value === 'string' : Number.isInteger(value) || (typeof value === 'string' && /^\d+$/.test(value)));
  const inQuery: Slot[] = Object.entries(base.query)
    .filter(([, value]) => isWanted(value))
    .map(([key]) => ({ in: 'query', key }));
  const inBody: Slot[] = pathsOf(base.body)
    .filter((at) => at.length > 0 && isWanted(at.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], base.body)))
    .map((at) => ({ in: 'body', path: at }));
  return [...inQuery, ...inBody];
}

function readSlot(request: { query: Record<string, string | string[]>; body: unknown }, slot: Slot): unknown {
  return slot.in === 'query' ? request.query[slot.key] : slot.path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], request.body);
}

type Caller = 'own' | 'learner' | 'engineer' | 'anonymous' | 'garbage';
// Mostly the route's own caller, so hostile parts get past authentication to the code behind it.
const callerArb = fc.oneof({ weight: 16, arbitrary: fc.constant<Caller>('own') }, { weight: 1, arbitrary: fc.constantFrom<Caller>('learner', 'engineer', 'anonymous', 'garbage') });

interface FuzzRequest {
  method: string;
  query: Record<string, string | string[]>;
  body: unknown;
  token: string;
}

function hostile(route: FuzzRoute, routes: Routes, base: BaseRequest, change: Mutation, caller: Caller): FuzzRequest {
  let method: string = route.method ?? Object.keys(routes)[0] ?? 'GET';
  const query = { ...base.query };
  let body = base.body;
  const write = (slot: Slot, value: unknown) => {
    if (slot.in === 'query') query[slot.key] = String(value);
    else body = replaceAt(body, slot.path, value);
  };
  if (change.kind === 'query') {
    const keys = Object.keys(query);
    const key = change.extraKey || keys.length === 0 ? 'extra' : (keys[change.pick % keys.length] as string);
    if (change.value === undefined) delete query[key];
    else query[key] = change.value;
  } else if (change.kind === 'body') {
    const paths = pathsOf(body);
    body = replaceAt(body, paths[change.pick % paths.length] ?? [], change.value);
  } else if (change.kind === 'corrupt-text') {
    const candidates = slots(base, 'text');
    const slot = candidates[change.pick % Math.max(1, candidates.length)];
    if (slot) {
      const text = String(readSlot({ query, body }, slot));
      const at = change.at % (text.length + 1);
      write(slot, text.slice(0, at) + change.character + text.slice(at));
    }
  } else if (change.kind === 'out-of-range') {
    const candidates = slots(base, 'integer');
    const slot = candidates[change.pick % Math.max(1, candidates.length)];
    if (slot) write(slot, change.value);
  } else if (change.kind === 'extra-field') {
    body = typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, [change.key]: change.value } : { [change.key]: change.value };
  } else if (change.kind === 'method') method = change.method;
  const who = caller === 'own' ? route.caller : caller;
  const token = who === 'anonymous' ? '' : who === 'garbage' ? 'not.a.token' : tokens[who];
  return { method, query, body, token };
}

function countVerdicts(body: unknown): void {
  const results = (body as { results?: unknown } | null)?.results;
  for (const entry of [body, ...(Array.isArray(results) ? results : [])]) {
    const passed = (entry as { verdict?: { passed?: unknown } } | null)?.verdict?.passed;
    if (typeof passed === 'boolean') verdicts[passed ? 'passed' : 'notPassed'] += 1;
  }
}

function expectNoServerError(response: { status: number; body: unknown }, request: unknown): void {
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  countVerdicts(response.body);
  if (response.status >= 500 || response.status < 200) {
    const cause = serverErrors.at(-1);
    throw new Error(`Answered ${response.status} ${JSON.stringify(response.body)} to ${JSON.stringify(request).slice(0, 2000)}${cause ? `\ncause: ${String(cause instanceof Error ? cause.stack : cause)}` : ''}`);
  }
  if (response.status >= 400) {
    const message = (response.body as { message?: unknown } | undefined)?.message;
    if (typeof message !== 'string' || message.length === 0) throw new Error(`A ${response.status} without { message }: ${JSON.stringify(response.body)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The Next adapter, with Node's request stream and a response that serialises like Next's

type RawBody = { kind: 'json' } | { kind: 'bytes'; bytes: Buffer; contentType: string | undefined };

const rawBody: fc.Arbitrary<RawBody> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ kind: 'json' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('bytes' as const),
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
        fc.constantFrom(
          Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
          Buffer.from('{"files": [{"name": "main.py", "userContent": "\\ud800"}]}'),
          Buffer.from('{"files": [{"name": "main.py", "userContent": "\\u0000"}]}'),
          Buffer.from('{"files": ['),
          Buffer.from('['.repeat(100_000) + ']'.repeat(100_000)),
          Buffer.from(`"${'x'.repeat(MAX_JSON_BODY_BYTES)}"`),
          Buffer.from('null'),
          Buffer.from('1e999'),
        ),
      ),
      contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'APPLICATION/JSON', undefined),
    }),
  },
);

function adapterRequest(request: FuzzRequest, raw: RawBody): NextApiRequest {
  let bytes: Buffer | null = null;
  let contentType: string | undefined = 'application/json';
  if (raw.kind === 'bytes') {
    bytes = raw.bytes;
    contentType = raw.contentType;
  } else if (request.body !== undefined) bytes = Buffer.from(JSON.stringify(request.body), 'utf8');
  const stream = Readable.from(bytes && bytes.length > 0 ? [bytes] : []);
  const headers: Record<string, string> = { authorization: `Bearer ${request.token}` };
  if (bytes) headers['content-length'] = String(bytes.length);
  if (contentType && bytes) headers['content-type'] = contentType;
  const search = new URLSearchParams(Object.entries(request.query).flatMap(([key, value]) => (Array.isArray(value) ? value.map((item) => [key, item]) : [[key, value]]))).toString();
  return Object.assign(stream, { method: request.method, headers, query: request.query, url: `/api/v1/fuzz${search ? `?${search}` : ''}`, socket: { remoteAddress: '127.0.0.1' } }) as unknown as NextApiRequest;
}

async function throughAdapter(route: FuzzRoute, request: FuzzRequest, raw: RawBody): Promise<{ status: number; body: unknown }> {
  const sent = { status: 0, body: undefined as unknown };
  const res = {
    setHeader: () => res,
    status(code: number) {
      sent.status = code;
      return res;
    },
    json(body: unknown) {
      // What the client receives: Next sends JSON.stringify of it.
      sent.body = JSON.parse(JSON.stringify(body)) as unknown;
      return res;
    },
    send(body: unknown) {
      // A file (the calendar): sent as it is.
      sent.body = body;
      return res;
    },
  };
  const handler = nextApiRoute(route.build, { getServices: async () => services, authenticate: testAuthenticate });
  await handler(adapterRequest(request, raw), res as unknown as NextApiResponse);
  return sent;
}

/**
 * Reports a failed property with its own error and a shortened counterexample. fast-check's own
 * report prints every value in full, and a deeply nested hostile value (deepValue) overflows its
 * stack there, hiding the failure behind a RangeError.
 */
function reportFailure<T extends unknown[]>(details: fc.RunDetails<T>): void {
  if (!details.failed) return;
  let shown: string;
  try {
    shown = JSON.stringify(details.counterexample)?.slice(0, 3000) ?? 'undefined';
  } catch {
    shown = '(too deep to print)';
  }
  const cause = details.errorInstance instanceof Error ? (details.errorInstance.stack ?? details.errorInstance.message) : String(details.errorInstance);
  throw new Error(`Property failed after ${details.numRuns} runs (seed ${details.seed}, path "${details.counterexamplePath}"):\n${cause}\ncounterexample: ${shown}`);
}

// ---------------------------------------------------------------------------------------------

describe(`fuzzing every API v1 route on ${DATABASE}`, () => {
  it('covers every route builder the API exports', () => {
    const builders = [billingRouteBuilders, eventRouteBuilders, reportRouteBuilders, learningRouteBuilders, previewRouteBuilders, progressRouteBuilders, projectRouteBuilders, tutorRouteBuilders, userRouteBuilders].flatMap((module) =>
      Object.entries(module)
        .filter(([name, value]) => name.endsWith('Routes') && typeof value === 'function')
        .map(([name]) => name),
    );
    // A route fuzzed once per method has one entry per method ("projectsRoutes POST").
    expect([...new Set(Object.keys(ROUTES).map((name) => name.split(' ')[0]))].sort()).toEqual(builders.sort());
  });

  describe.each(Object.keys(ROUTES))('%s', (name) => {
    const route = ROUTES[name] as FuzzRoute;

    it('never answers 5xx and explains every 4xx, through runRoutes', async () => {
      await fc.assert(
        fc.asyncProperty(route.base(), mutation, callerArb, async (base, change, caller) => {
          const routes = route.build(services);
          const request = hostile(route, routes, base, change, caller);
          // Bodies arrive as parsed JSON.
          const body = request.body === undefined ? undefined : (JSON.parse(JSON.stringify(request.body)) as unknown);
          const response: ApiResponse = await call(routes, request.token, { method: request.method, query: request.query, body });
          counts.runRoutes += 1;
          expectNoServerError(response, request);
        }),
        { numRuns: route.runs, reporter: reportFailure },
      );
    }, 120_000);

    it('never answers 5xx and explains every 4xx, through the Next adapter (raw bodies, content types)', async () => {
      await fc.assert(
        fc.asyncProperty(route.base(), mutation, callerArb, rawBody, async (base, change, caller, raw) => {
          const request = hostile(route, route.build(services), base, change, caller);
          const response = await throughAdapter(route, request, raw);
          counts.adapter += 1;
          expectNoServerError(response, { ...request, raw: raw.kind === 'bytes' ? raw.bytes.subarray(0, 200).toString('latin1') : 'json' });
        }),
        { numRuns: route.runs, reporter: reportFailure },
      );
    }, 120_000);
  });

  it('sent at least 2,000 requests', () => {
    expect(counts.runRoutes + counts.adapter).toBeGreaterThanOrEqual(2_000);
    // Completions got past validation to the grader, with passing and with failing work.
    expect(verdicts.passed).toBeGreaterThan(0);
    expect(verdicts.notPassed).toBeGreaterThan(0);
  });
});
