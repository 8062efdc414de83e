import fc from 'fast-check';
import {
  EXPERIMENTS,
  EXPERIMENT_NAMES,
  assignVariant,
  bucketIdFrom,
  bucketPoint,
  evaluateExperiments,
  outsideExperiments,
  planBucket,
  exposuresOf,
  isExperimentActive,
  parseForcedVariants,
  serializeForcedVariants,
  type ExperimentName,
} from './experiments';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** 100,000 ids from a seed: random ones like our cookie's, or sequential ones like a database's. */
function ids(seed: number, kind: 'random' | 'sequential', count = 100_000): string[] {
  if (kind === 'sequential') return Array.from({ length: count }, (_, index) => `u:user-${seed}-${index}`);
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: a fast, seeded stand-in for crypto.getRandomValues.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  return Array.from({ length: count }, () => Array.from({ length: 20 }, () => ALPHABET[next() % 32]).join(''));
}

function shares(name: ExperimentName, bucketIds: readonly string[]): number[] {
  const variants = EXPERIMENTS[name].variants as readonly string[];
  const counts = new Array<number>(variants.length).fill(0);
  for (const id of bucketIds) {
    const index = variants.indexOf(assignVariant(name, id));
    counts[index] = (counts[index] ?? 0) + 1;
  }
  return counts.map((count) => count / bucketIds.length);
}

describe('the split', () => {
  it.each(EXPERIMENT_NAMES)('%s: every variant within 1 point of an even share over 100,000 ids', (name) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom<'random' | 'sequential'>('random', 'sequential'), (seed, kind) => {
        const even = 1 / EXPERIMENTS[name].variants.length;
        for (const share of shares(name, ids(seed, kind))) expect(Math.abs(share - even)).toBeLessThan(0.01);
      }),
      { numRuns: 4 },
    );
  });

  it('is stable: the same bucket gets the same variant, every time', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EXPERIMENT_NAMES), fc.string({ minLength: 8, maxLength: 40 }), (name, id) => {
        const first = assignVariant(name, id);
        for (let again = 0; again < 5; again += 1) expect(assignVariant(name, id)).toBe(first);
        expect(EXPERIMENTS[name].variants as readonly string[]).toContain(first);
      }),
    );
  });

  it('is independent across experiments: being in one variant says nothing of another', () => {
    const bucketIds = ids(7, 'random');
    const a = 'demo-ab-test';
    const b = 'experiment-glossary-fixed-cta-variations';
    const both = bucketIds.filter((id) => assignVariant(a, id) === 'variant1' && assignVariant(b, id) === 'variant_learn_daily').length / bucketIds.length;
    expect(Math.abs(both - 0.25)).toBeLessThan(0.01);
  });

  it('puts points on [0, 1)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EXPERIMENT_NAMES), fc.string(), (name, id) => {
        const point = bucketPoint(name, id);
        expect(point).toBeGreaterThanOrEqual(0);
        expect(point).toBeLessThan(1);
      }),
    );
  });
});

describe('isExperimentActive', () => {
  it.each<[ExperimentName, string, string[], boolean]>([
    ['experiment-optional-guided-project-in-path', '2024-12-01T23:59:59Z', [], false],
    ['experiment-optional-guided-project-in-path', '2024-12-02T00:00:00Z', [], true],
    ['experiment-optional-guided-project-in-path', '2026-11-24T12:00:00Z', [], true],
    ['experiment-glossary-fixed-cta-variations', '2025-08-20T23:59:59Z', [], false],
    ['experiment-glossary-fixed-cta-variations', '2025-08-21T00:00:00Z', [], true],
    ['demo-ab-test', '2026-11-24T12:00:00Z', [], false],
    ['demo-ab-test', '2026-11-24T12:00:00Z', ['demo-ab-test'], true],
    ['demo-ab-test', '2026-11-24T12:00:00Z', ['another'], false],
  ])('%s at %s, started by hand %j → %s', (name, at, started, expected) => {
    expect(isExperimentActive(name, new Date(at), started)).toBe(expected);
  });
});

describe('bucketIdFrom', () => {
  it.each<[string, Parameters<typeof bucketIdFrom>[0], string | null]>([
    ['a header wins', { header: 'app-bucket-123', uid: 'ada', cookie: 'cookiebucket1' }, 'app-bucket-123'],
    ['then the signed-in learner (every device)', { uid: 'ada', cookie: 'cookiebucket1' }, 'u:ada'],
    ['then the cookie', { cookie: 'cookiebucket1' }, 'cookiebucket1'],
    ['nothing: a new one is due', {}, null],
    ['a malformed header is ignored', { header: 'x', cookie: 'cookiebucket1' }, 'cookiebucket1'],
    ['a malformed cookie is ignored', { cookie: '<script>' }, null],
    ['an over-long cookie is ignored', { cookie: 'a'.repeat(200) }, null],
  ])('%s', (_name, input, expected) => {
    expect(bucketIdFrom(input)).toBe(expected);
  });
});

describe('planBucket: the bucket cookie needs analytics consent', () => {
  const COOKIE = 'cookie-bucket-1';
  it.each<[string, Parameters<typeof planBucket>[0], ReturnType<typeof planBucket>]>([
    ['consent, no bucket yet: a new one', { analyticsAllowed: true }, { bucket: { from: 'new' }, clearCookie: false }],
    ['consent and a bucket cookie: that bucket', { analyticsAllowed: true, cookie: COOKIE }, { bucket: { from: 'cookie', id: COOKIE }, clearCookie: false }],
    ['consent and an unreadable cookie: a new one (it overwrites it)', { analyticsAllowed: true, cookie: 'x' }, { bucket: { from: 'new' }, clearCookie: false }],
    ['no consent, no cookie: outside, nothing set', { analyticsAllowed: false }, { bucket: { from: 'none' }, clearCookie: false }],
    ['consent withdrawn, the cookie left behind: outside, and the cookie cleared', { analyticsAllowed: false, cookie: COOKIE }, { bucket: { from: 'none' }, clearCookie: true }],
    ['withdrawn, an unreadable cookie: cleared as well', { analyticsAllowed: false, cookie: '' }, { bucket: { from: 'none' }, clearCookie: true }],
    ['withdrawn, signed in: the learner\'s bucket, the cookie cleared', { analyticsAllowed: false, uid: 'ada', cookie: COOKIE }, { bucket: { from: 'learner', id: 'u:ada' }, clearCookie: true }],
    ['withdrawn, a header bucket (the app): the header\'s, the cookie cleared', { analyticsAllowed: false, header: 'app-bucket-42', cookie: COOKIE }, { bucket: { from: 'header', id: 'app-bucket-42' }, clearCookie: true }],
    ['consent, signed in with a cookie: the learner wins, the cookie stays', { analyticsAllowed: true, uid: 'ada', cookie: COOKIE }, { bucket: { from: 'learner', id: 'u:ada' }, clearCookie: false }],
  ])('%s', (_, input, expected) => {
    expect(planBucket(input)).toEqual(expected);
  });
});

describe('forced variants', () => {
  it.each<[string, string | null | undefined, object]>([
    ['known experiments and variants', '{"demo-ab-test":"variant1"}', { 'demo-ab-test': 'variant1' }],
    ['URL-encoded, as js-cookie writes it', encodeURIComponent('{"demo-ab-test":"variant1"}'), { 'demo-ab-test': 'variant1' }],
    ['an unknown variant is dropped', '{"demo-ab-test":"variant9","experiment-glossary-fixed-cta-variations":"original"}', { 'experiment-glossary-fixed-cta-variations': 'original' }],
    ['an unknown experiment is dropped', '{"nope":"variant1"}', {}],
    ['not an object', '["demo-ab-test"]', {}],
    ['broken', '{"demo', {}],
    ['broken encoding', '%E0%A4%A', {}],
    ['nothing', undefined, {}],
  ])('%s', (_name, raw, expected) => {
    expect(parseForcedVariants(raw)).toEqual(expected);
  });

  it('round-trips', () => {
    const forced = { 'experiment-optional-guided-project-in-path': 'variant2_no_optional_projects', 'demo-ab-test': 'original' } as const;
    expect(parseForcedVariants(serializeForcedVariants(forced))).toEqual(forced);
  });
});

describe('evaluateExperiments', () => {
  const now = new Date('2026-11-24T12:00:00Z');

  it('gives running experiments their split, the others their control, and forced ones the chosen variant', () => {
    const bucketId = 'abcdefghijklmnopqrst';
    const assignments = evaluateExperiments({ bucketId, now, forced: { 'experiment-glossary-fixed-cta-variations': 'variant_learn_daily' } });
    expect(assignments['demo-ab-test']).toEqual({ variant: 'original', active: false, forced: false });
    expect(assignments['experiment-optional-guided-project-in-path']).toEqual({ variant: assignVariant('experiment-optional-guided-project-in-path', bucketId), active: true, forced: false });
    expect(assignments['experiment-glossary-fixed-cta-variations']).toEqual({ variant: 'variant_learn_daily', active: false, forced: true });
  });

  it('records an exposure only for what the page shows, running and not forced', () => {
    const assignments = evaluateExperiments({ bucketId: 'abcdefghijklmnopqrst', now, manuallyStarted: ['demo-ab-test'], forced: { 'experiment-glossary-fixed-cta-variations': 'original' } });
    expect(exposuresOf(assignments, ['experiment-optional-guided-project-in-path', 'experiment-glossary-fixed-cta-variations']).map((exposure) => exposure.experiment)).toEqual(['experiment-optional-guided-project-in-path']);
    expect(exposuresOf(assignments, ['demo-ab-test'])).toEqual([{ experiment: 'demo-ab-test', variant: assignments['demo-ab-test'].variant }]);
    expect(exposuresOf(assignments, [])).toEqual([]);
  });
});

describe('outsideExperiments', () => {
  it('shows every control, records nothing, and keeps an engineer\'s forced variant', () => {
    const plain = outsideExperiments();
    expect(Object.values(plain).map((assignment) => assignment.variant)).toEqual(['original', 'original', 'original']);
    expect(exposuresOf(plain, EXPERIMENT_NAMES)).toEqual([]);
    const forced = outsideExperiments({ 'demo-ab-test': 'variant1' });
    expect(forced['demo-ab-test']).toEqual({ variant: 'variant1', active: false, forced: true });
  });
});
