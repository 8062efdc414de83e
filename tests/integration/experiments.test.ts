import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { CONSENT_COOKIE, CONSENT_REVISION } from '@/domain/analytics/consent';
import { assignVariant, EXPERIMENT_BUCKET_COOKIE, FORCED_VARIANTS_COOKIE, serializeForcedVariants } from '@/domain/experiments/experiments';
import type { DatabaseHandle } from '@/server/db/client';
import { experimentExposures } from '@/server/db/schema';
import { consentRoutes } from '@/server/api/v1/consent-routes';
import type { Identity } from '@/server/auth/identity';
import { pageExperiments } from '@/server/gssp/page-experiments';
import { runRoutes } from '@/server/http/endpoint';
import { createServices, type Services } from '@/server/services/services';
import { openTestDatabase } from './support/database';

const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';
const PATH = 'experiment-optional-guided-project-in-path';
const NECESSARY_ONLY = { [CONSENT_COOKIE]: encodeURIComponent(JSON.stringify({ revision: CONSENT_REVISION, categories: ['necessary'] })) };
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

  it('consent withdrawn: a bucket cookie left behind is not believed but expired, the controls show, nothing is recorded, and no new bucket is set', async () => {
    const CTA = 'experiment-glossary-fixed-cta-variations';
    let index = 0;
    while (assignVariant(CTA, `bucket-${index}`) !== 'variant_learn_daily') index += 1;
    const stale = `bucket-${index}`;
    const before = await exposures();
    const withdrawn = request({ ...NECESSARY_ONLY, [EXPERIMENT_BUCKET_COOKIE]: stale });
    const assignments = await pageExperiments(withdrawn, null, [CTA], services);
    expect(assignments[CTA]).toEqual({ variant: 'original', active: false, forced: false });
    expect(withdrawn.setCookies()).toEqual([`${EXPERIMENT_BUCKET_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax; HttpOnly`]);
    expect(await exposures()).toEqual(before);
    // Once the browser has dropped it: still the control, and no new bucket.
    const after = request(NECESSARY_ONLY);
    expect((await pageExperiments(after, null, [CTA], services))[CTA].variant).toBe('original');
    expect(after.setCookies()).toEqual([]);
    // A consent record that expired (or of another revision) counts as no consent: the same.
    const expired = request({ [CONSENT_COOKIE]: encodeURIComponent(JSON.stringify({ revision: CONSENT_REVISION + 1, categories: ['necessary', 'analytics'] })), [EXPERIMENT_BUCKET_COOKIE]: stale });
    expect((await pageExperiments(expired, null, [CTA], services))[CTA].variant).toBe('original');
    expect(expired.setCookies()[0]).toMatch(/^codetrail-ab=; Path=\/; Max-Age=0;/);
    // A signed-in learner keeps the account's experiments, but not the cookie.
    const learner = request({ ...NECESSARY_ONLY, [EXPERIMENT_BUCKET_COOKIE]: stale });
    expect((await pageExperiments(learner, { id: 'learner-fi', roles: [] }, [], services))[CTA].variant).toBe(assignVariant(CTA, 'u:learner-fi'));
    expect(learner.setCookies()[0]).toMatch(/^codetrail-ab=; Path=\/; Max-Age=0;/);
  });

  it('POST /consent applies the consent cookie: it expires the bucket cookie without analytics consent, and keeps it with', async () => {
    const visitor = { authenticate: () => Promise.reject(new Error('no token was sent')) };
    const post = (cookies: { consent?: string; bucket?: string }, authorization?: string) =>
      runRoutes(consentRoutes({ consent: cookies.consent, bucket: cookies.bucket }), { method: 'POST', headers: authorization ? { authorization } : {}, query: {}, body: undefined }, authorization ? { authenticate: async (): Promise<Identity> => ({ uid: 'learner-gi', email: null, displayName: null, roles: [], authTime: 0, impersonated: false }) } : visitor);

    const withdrawn = await post({ consent: NECESSARY_ONLY[CONSENT_COOKIE], bucket: 'bucket-123' });
    expect(withdrawn).toEqual({ status: 200, body: { analytics: false, marketing: false, experiments: 'off' }, headers: { 'Set-Cookie': `${EXPERIMENT_BUCKET_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax; HttpOnly` } });
    // The body is not read: only the cookie says what was chosen.
    expect((await post({ bucket: 'bucket-123' })).headers).toEqual({ 'Set-Cookie': expect.stringMatching(/^codetrail-ab=; /) });
    expect(await post({ consent: NECESSARY_ONLY[CONSENT_COOKIE] })).toEqual({ status: 200, body: { analytics: false, marketing: false, experiments: 'off' }, headers: {} });
    expect(await post({ consent: ANALYTICS_CONSENT[CONSENT_COOKIE], bucket: 'bucket-123' })).toEqual({ status: 200, body: { analytics: true, marketing: false, experiments: 'on' }, headers: {} });
    expect((await post({ consent: NECESSARY_ONLY[CONSENT_COOKIE], bucket: 'bucket-123' }, 'Bearer token')).body).toEqual({ analytics: false, marketing: false, experiments: 'account' });
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
