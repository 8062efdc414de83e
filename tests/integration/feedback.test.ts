import type { CompiledContent } from '@/domain/content/model';
import { reportListSchema, reportSchema } from '@/domain/feedback/lesson-report';
import { reportRoutes, reportsRoutes } from '@/server/api/v1/report-routes';
import type { DatabaseHandle } from '@/server/db/client';
import { lessonReports } from '@/server/db/schema';
import { createServices, type Services } from '@/server/services/services';
import { apiCaller } from './support/api-call';
import { codeLesson, quizLesson } from './support/content-fixtures';
import { openTestDatabase } from './support/database';
import { emulatorUser } from './support/emulator';

const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

const content: CompiledContent = {
  tracks: [
    {
      id: 'fbfix',
      title: 'Feedback fixture',
      description: 'Fixture track.',
      sections: [{ title: 'One', tutorialIds: ['fb-t'] }],
      tutorials: [
        {
          id: 'fb-t',
          title: 'Tutorial',
          description: 'd',
          kind: 'course',
          chapters: [
            {
              id: 'fb-c',
              title: 'Chapter',
              lessons: [
                quizLesson('fb-quiz'),
                codeLesson('fb-code', [{ name: 'main.py', content: '', editable: true }]),
              ],
            },
          ],
        },
      ],
    },
  ],
};

let handle: DatabaseHandle;
let services: Services;
let clock = new Date('2026-11-24T09:00:00Z');
const call = apiCaller(() => services);
let learner: { idToken: string; uid: string };
let engineer: { idToken: string; uid: string };

const report = (overrides: Record<string, unknown> = {}) => ({
  trackId: 'fbfix',
  tutorialId: 'fb-t',
  chapterId: 'fb-c',
  lessonId: 'fb-code',
  mode: 'learn',
  note: 'The check says my output is wrong but it prints hi.',
  files: [{ name: 'main.py', userContent: 'print("hi")' }],
  output: 'hi\n',
  browser: { userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131', language: 'pt-PT', viewport: '390x844', theme: 'dark' },
  ...overrides,
});

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db, { now: () => clock });
  await services.content.publish(content);
  [learner, engineer] = await Promise.all([emulatorUser({ displayName: 'Rita Reporter' }), emulatorUser({ displayName: 'Eng', roles: ['course_engineer'] })]);
}, 60_000);

afterAll(async () => {
  await services.checks.close();
  await handle.close();
});

describe(`lesson reports on ${DATABASE}`, () => {
  it('a learner reports what they saw; engineers list it, newest first, and mark it fixed', async () => {
    const created = await call(reportsRoutes(services), learner.idToken, { method: 'POST', body: report() });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    clock = new Date('2026-11-24T10:00:00Z');
    expect((await call(reportsRoutes(services), engineer.idToken, { method: 'POST', body: report({ lessonId: 'fb-quiz', files: [], output: '', note: 'Two answers look right.' }) })).status).toBe(201);

    const list = reportListSchema.parse((await call(reportsRoutes(services), engineer.idToken)).body);
    expect(list.counts).toEqual({ new: 2, fixed: 0, 'wont-fix': 0 });
    expect(list.reports.map((entry) => entry.lessonId)).toEqual(['fb-quiz', 'fb-code']);
    expect(list.reports[1]).toMatchObject({ id, lessonIndex: 1, note: 'The check says my output is wrong but it prints hi.', files: [{ name: 'main.py', userContent: 'print("hi")' }], output: 'hi\n', browser: { viewport: '390x844', language: 'pt-PT' }, status: 'new', reporter: { name: 'Rita Reporter' } });

    const fixed = await call(reportRoutes(services), engineer.idToken, { method: 'PATCH', query: { reportId: id }, body: { status: 'fixed' } });
    expect(reportSchema.parse(fixed.body).status).toBe('fixed');
    const onlyNew = reportListSchema.parse((await call(reportsRoutes(services), engineer.idToken, { query: { status: 'new' } })).body);
    expect(onlyNew.reports.map((entry) => entry.lessonId)).toEqual(['fb-quiz']);
    expect(onlyNew.counts).toEqual({ new: 1, fixed: 1, 'wont-fix': 0 });
  });

  it('keeps the list and the status to course engineers', async () => {
    expect((await call(reportsRoutes(services), learner.idToken)).status).toBe(403);
    const [row] = await handle.db.select().from(lessonReports).limit(1);
    expect((await call(reportRoutes(services), learner.idToken, { method: 'PATCH', query: { reportId: row?.id ?? '' }, body: { status: 'wont-fix' } })).status).toBe(403);
    expect((await call(reportsRoutes(services), '', { method: 'POST', body: report() })).status).toBe(401);
  });

  it('refuses bad reports with a clear 4xx and stores nothing', async () => {
    const before = (await handle.db.select().from(lessonReports)).length;
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [report({ note: '   ' }), 422, /Say what went wrong/],
      [report({ note: 'x'.repeat(2_001) }), 422, /at most 2000/],
      [report({ lessonId: 'nope' }), 404, /nope/],
      [report({ trackId: 'no-track' }), 404, /no-track/],
      [report({ files: [{ name: '../../etc/passwd', userContent: 'x' }] }), 422, /not a file of lesson/],
      [report({ browser: { userAgent: 'x', language: 'en', viewport: 'wide' } }), 422, /viewport/],
      [report({ status: 'fixed' }), 422, /status|Unrecognized/i],
    ];
    for (const [body, status, message] of cases) {
      const response = await call(reportsRoutes(services), learner.idToken, { method: 'POST', body });
      expect([response.status, (response.body as { message: string }).message]).toEqual([status, expect.stringMatching(message)]);
    }
    expect((await call(reportRoutes(services), engineer.idToken, { method: 'PATCH', query: { reportId: 'abcdefghijklmnopqrst' }, body: { status: 'fixed' } })).status).toBe(404);
    expect((await call(reportRoutes(services), engineer.idToken, { method: 'PATCH', query: { reportId: 'abcdefghijklmnopqrst' }, body: { status: 'done' } })).status).toBe(422);
    expect((await handle.db.select().from(lessonReports)).length).toBe(before);
  });
});
