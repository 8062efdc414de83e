import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { CONSENT_COOKIE, CONSENT_REVISION } from '@/domain/analytics/consent';
import { assignVariant, EXPERIMENT_BUCKET_COOKIE, FORCED_VARIANTS_COOKIE, serializeForcedVariants } from '@/domain/experiments/experiments';
import type { DatabaseHandle } from '@/server/db/client';
import { experimentExposures } from '@/server/db/schema';
import { pageExperiments } from '@/server/gssp/page-experiments';
import { createServices, type Services } from '@/server/services/services';
import { openTestDatabase } from './support/database';

const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';
const PATH = 'experiment-optional-guided-project-in-path';
const ANALYTICS_CONSENT = { [CONSENT_COOKIE]: encodeURIComponent(JSON.stringify({ revision: CONSENT_REVISION, categories: ['necessary', 'analytics'] })) };

let handle: DatabaseHandle;
let services: Services;
const clock = new Date('2026-11-24T09:00:00Z');

/** A request as the browser sends it: its cookies in the Cookie header (values as given, already encoded). */
function request(cookies: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const req = new IncomingMessage(new Socket());
  const cookie = Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join('; ');
  Object.assign(req.headers, cookie ? { cookie } : {}, headers);
  const res = new ServerResponse(req);
  return { req, res, setCookies: () => [res.getHeader('Set-Cookie') ?? []].flat().map(String) };
}
const exposures = async () => (await handle.db.select().from(experimentExposures)).map((row) => `${row.experiment} ${row.bucketId} ${row.variant} ${row.userId ?? '-'}`).sort();

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db, { now: () => clock, experimentsStarted: ['demo-ab-test'] });
});

afterAll(async () => {
  await services.checks.close();
  await handle.close();
});

describe(`experiments on ${DATABASE}`, () => {
  it('a signed-in learner: the bucket is the learner (every device), one exposure per experiment however many views', async () => {
    const learner = { id: 'learner-ada', roles: [] };
    for (let view = 0; view < 3; view += 1) {
      const context = request();
      const assignments = await pageExperiments(context, learner, [PATH, 'demo-ab-test'], services);
      expect(assignments[PATH]).toEqual({ variant: assignVariant(PATH, 'u:learner-ada'), active: true, forced: false });
      expect(context.setCookies()).toEqual([]);
    }
    expect(await exposures()).toEqual([`demo-ab-test u:learner-ada ${assignVariant('demo-ab-test', 'u:learner-ada')} learner-ada`, `${PATH} u:learner-ada ${assignVariant(PATH, 'u:learner-ada')} learner-ada`]);
  });

  it('a visitor who has not agreed to analytics cookies is outside every experiment: the controls, no cookie, no exposure', async () => {
    for (const consent of [undefined, JSON.stringify({ revision: CONSENT_REVISION, categories: ['necessary'] })]) {
      const context = request(consent ? { [CONSENT_COOKIE]: consent } : {});
      const before = await exposures();
      const assignments = await pageExperiments(context, null, ['experiment-glossary-fixed-cta-variations', PATH], services);
      expect(context.setCookies()).toEqual([]);
      expect(assignments['experiment-glossary-fixed-cta-variations']).toEqual({ variant: 'original', active: false, forced: false });
      expect(assignments[PATH].variant).toBe('original');
      expect(await exposures()).toEqual(before);
    }
  });

  it('a visitor who agreed gets a random bucket as an HttpOnly cookie on first sight, and keeps it', async () => {
    const first = request(ANALYTICS_CONSENT);
    await pageExperiments(first, null, ['experiment-glossary-fixed-cta-variations'], services);
    const [cookie] = first.setCookies();
    expect(cookie).toMatch(new RegExp(`^${EXPERIMENT_BUCKET_COOKIE}=[A-Za-z0-9_-]{20}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly$`));
    const bucketId = /=([^;]+)/.exec(cookie ?? '')?.[1] ?? '';
    const again = request({ ...ANALYTICS_CONSENT, [EXPERIMENT_BUCKET_COOKIE]: bucketId });
    const assignments = await pageExperiments(again, null, ['experiment-glossary-fixed-cta-variations'], services);
    expect(again.setCookies()).toEqual([]);
    expect(assignments['experiment-glossary-fixed-cta-variations'].variant).toBe(assignVariant('experiment-glossary-fixed-cta-variations', bucketId));
    expect((await exposures()).filter((row) => row.includes(bucketId))).toEqual([`experiment-glossary-fixed-cta-variations ${bucketId} ${assignVariant('experiment-glossary-fixed-cta-variations', bucketId)} -`]);
  });

  it('a bucket from the request header wins (the mobile app)', async () => {
    const context = request({ [EXPERIMENT_BUCKET_COOKIE]: 'cookie-bucket-1' }, { 'x-codetrail-ab-bucket': 'app-bucket-42' });
    const assignments = await pageExperiments(context, { id: 'learner-bo', roles: [] }, [], services);
    expect(assignments[PATH].variant).toBe(assignVariant(PATH, 'app-bucket-42'));
  });

  it("forces a variant for a course engineer only, and never counts it as an exposure; a learner's forcing cookie is ignored", async () => {
    const forced = serializeForcedVariants({ [PATH]: 'variant2_no_optional_projects', 'demo-ab-test': 'variant1' });
    const before = await exposures();
    const engineer = await pageExperiments(request({ [FORCED_VARIANTS_COOKIE]: encodeURIComponent(forced) }), { id: 'engineer-cy', roles: ['course_engineer'] }, [PATH, 'demo-ab-test'], services);
    expect(engineer[PATH]).toEqual({ variant: 'variant2_no_optional_projects', active: false, forced: true });
    expect(engineer['demo-ab-test']).toEqual({ variant: 'variant1', active: false, forced: true });
    expect(await exposures()).toEqual(before);

    const learner = await pageExperiments(request({ [FORCED_VARIANTS_COOKIE]: encodeURIComponent(forced) }), { id: 'learner-di', roles: [] }, [PATH], services);
    expect(learner[PATH]).toEqual({ variant: assignVariant(PATH, 'u:learner-di'), active: true, forced: false });
  });

  it('an experiment not started shows its control and records nothing', async () => {
    const quiet = createServices(handle.db, { now: () => clock, experimentsStarted: [] });
    const before = await exposures();
    const assignments = await pageExperiments(request(), { id: 'learner-ed', roles: [] }, ['demo-ab-test'], quiet);
    expect(assignments['demo-ab-test']).toEqual({ variant: 'original', active: false, forced: false });
    expect(await exposures()).toEqual(before);
    await quiet.checks.close();
  });

  it('counts exposures per variant', async () => {
    const counts = await services.experiments.exposureCounts();
    expect(counts.reduce((sum, row) => sum + row.exposures, 0)).toBe((await exposures()).length);
  });
});
