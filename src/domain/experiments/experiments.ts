import { parseJsonObject } from '@/domain/json/json-object';

/**
 * A/B experiments (spec §3): each has variants, the first of which is the control ("original"),
 * and starts on a date or by hand. A learner's variant is a pure function of the experiment's name
 * and the learner's bucket id, so it is the same on every server, page and visit, and evaluated on
 * the server, so a page renders its variant with no flicker.
 */
export const EXPERIMENTS = {
  'demo-ab-test': { variants: ['original', 'variant1'], start: 'manual' },
  'experiment-optional-guided-project-in-path': { variants: ['original', 'variant1_optional_in_path', 'variant2_no_optional_projects'], start: '2024-12-02' },
  'experiment-glossary-fixed-cta-variations': { variants: ['original', 'variant_learn_daily'], start: '2025-08-21' },
} as const satisfies Record<string, { variants: readonly [string, ...string[]]; start: 'manual' | `${number}-${number}-${number}` }>;

export type ExperimentName = keyof typeof EXPERIMENTS;
export type VariantOf<N extends ExperimentName> = (typeof EXPERIMENTS)[N]['variants'][number];
export type AnyVariant = VariantOf<ExperimentName>;
export const EXPERIMENT_NAMES = Object.keys(EXPERIMENTS) as ExperimentName[];

/** The bucket cookie (set on first sight), the header that may carry a bucket instead, and engineers' forced variants. */
export const EXPERIMENT_BUCKET_COOKIE = 'codetrail-ab';
export const EXPERIMENT_BUCKET_HEADER = 'x-codetrail-ab-bucket';
export const FORCED_VARIANTS_COOKIE = 'codetrail-ab-force';
/** A year: the bucket must outlive any experiment a learner is in. */
export const EXPERIMENT_BUCKET_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isExperimentName(value: unknown): value is ExperimentName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EXPERIMENTS, value);
}

export function isVariantOf<N extends ExperimentName>(name: N, value: unknown): value is VariantOf<N> {
  return typeof value === 'string' && (EXPERIMENTS[name].variants as readonly string[]).includes(value);
}

/** Each dated experiment's start (UTC midnight) in epoch milliseconds, parsed once: pages ask on every request. */
const START_TIMES = new Map<ExperimentName, number>(
  EXPERIMENT_NAMES.flatMap((name) => {
    const { start } = EXPERIMENTS[name];
    return start === 'manual' ? [] : [[name, Date.parse(`${start}T00:00:00Z`)] as const];
  }),
);

/** Started: a dated experiment from its start date (UTC midnight); a manual one once listed as started. */
export function isExperimentActive(name: ExperimentName, now: Date, manuallyStarted: readonly string[] = []): boolean {
  const startsAt = START_TIMES.get(name);
  if (startsAt === undefined) return manuallyStarted.includes(name);
  return now.getTime() >= startsAt;
}

/** Bucket ids are ours (random) or a header's: short, URL- and cookie-safe. */
export function isBucketId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_:-]{8,80}$/.test(value);
}

/**
 * Where a request's bucket comes from: a request header (the mobile app, tests) first, then the
 * signed-in learner (the same on every device), then the bucket cookie; `null` means a new one is
 * due, to be set as the cookie.
 */
export function bucketIdFrom(input: { header?: string | null; uid?: string | null; cookie?: string | null }): string | null {
  if (isBucketId(input.header)) return input.header;
  if (input.uid) return `u:${input.uid}`;
  if (isBucketId(input.cookie)) return input.cookie;
  return null;
}

export type BucketPlan = {
  /**
   * header / learner / cookie: this bucket; `new`: a random one is due, set as the cookie;
   * `none`: outside every experiment (controls, nothing recorded).
   */
  bucket: { from: 'header' | 'learner' | 'cookie'; id: string } | { from: 'new' } | { from: 'none' };
  /** The request carries a bucket cookie it may not keep: answer with one that expires it. */
  clearCookie: boolean;
};

/**
 * What one request does with the experiment bucket, given the visitor's consent as the server
 * reads it from the consent cookie. The bucket cookie is an analytics cookie: without analytics
 * consent (never given, refused, withdrawn or expired) it is neither read nor kept, however long
 * it was set to live, and no new one is set. A header's bucket (the mobile app) and a signed-in
 * learner's are not cookies and stay as they are (docs/features/consent-and-experiments.md).
 */
export function planBucket(input: { header?: string | null; uid?: string | null; cookie?: string | null; analyticsAllowed: boolean }): BucketPlan {
  const clearCookie = !input.analyticsAllowed && input.cookie !== undefined && input.cookie !== null;
  const bucketId = bucketIdFrom({ header: input.header, uid: input.uid, cookie: input.analyticsAllowed ? input.cookie : null });
  if (bucketId !== null) {
    const from = isBucketId(input.header) ? 'header' : input.uid ? 'learner' : 'cookie';
    return { bucket: { from, id: bucketId }, clearCookie };
  }
  return { bucket: input.analyticsAllowed ? { from: 'new' } : { from: 'none' }, clearCookie };
}

/** FNV-1a over UTF-16 code units, then murmur3's finaliser so that near ids spread apart. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A point in [0, 1) for this experiment and bucket: independent across experiments. */
export function bucketPoint(name: ExperimentName, bucketId: string): number {
  return hash32(`${name}\u0000${bucketId}`) / 2 ** 32;
}

/** Even split: each of the n variants takes 1/n of the line. */
export function assignVariant<N extends ExperimentName>(name: N, bucketId: string): VariantOf<N> {
  const variants = EXPERIMENTS[name].variants as readonly VariantOf<N>[];
  const index = Math.min(variants.length - 1, Math.floor(bucketPoint(name, bucketId) * variants.length));
  return variants[index] as VariantOf<N>;
}

export type ForcedVariants = Partial<{ [N in ExperimentName]: VariantOf<N> }>;

/** The forced-variants cookie: known experiments and variants only; anything else is dropped. */
export function parseForcedVariants(raw: string | null | undefined): ForcedVariants {
  let decoded = raw;
  try {
    decoded = raw ? decodeURIComponent(raw) : raw;
  } catch {
    return {};
  }
  const object = parseJsonObject(decoded);
  if (!object) return {};
  const forced: Record<string, string> = {};
  for (const name of EXPERIMENT_NAMES) {
    const value = object[name];
    if (isVariantOf(name, value)) forced[name] = value;
  }
  return forced as ForcedVariants;
}

export function serializeForcedVariants(forced: ForcedVariants): string {
  return JSON.stringify(Object.fromEntries(EXPERIMENT_NAMES.filter((name) => forced[name]).map((name) => [name, forced[name]])));
}

export interface Assignment<V extends string = AnyVariant> {
  variant: V;
  /** The experiment is running: the variant came from the split (and an exposure is due). */
  active: boolean;
  /** A course engineer chose the variant: never an exposure. */
  forced: boolean;
}
export type Assignments = { [N in ExperimentName]: Assignment<VariantOf<N>> };

/**
 * Every experiment's variant for one request. Not running: the control. Forced (course engineers
 * only; callers pass no forced variants for anyone else): that variant, running or not.
 */
export function evaluateExperiments(input: { bucketId: string; now: Date; manuallyStarted?: readonly string[]; forced?: ForcedVariants }): Assignments {
  const entries = EXPERIMENT_NAMES.map((name) => {
    const forced = input.forced?.[name];
    if (forced) return [name, { variant: forced, active: false, forced: true }];
    const active = isExperimentActive(name, input.now, input.manuallyStarted);
    return [name, { variant: active ? assignVariant(name, input.bucketId) : EXPERIMENTS[name].variants[0], active, forced: false }];
  });
  return Object.fromEntries(entries) as Assignments;
}

/**
 * A visitor with no bucket who has not agreed to the bucket cookie (analytics consent): outside
 * every experiment. Each shows its control and nothing is recorded; engineers' forced variants
 * (a strictly necessary tool cookie) still apply.
 */
export function outsideExperiments(forced: ForcedVariants = {}): Assignments {
  const entries = EXPERIMENT_NAMES.map((name) => {
    const chosen = forced[name];
    return [name, chosen ? { variant: chosen, active: false, forced: true } : { variant: EXPERIMENTS[name].variants[0], active: false, forced: false }];
  });
  return Object.fromEntries(entries) as Assignments;
}

/** The experiments whose exposure this page view records: running, not forced. */
export function exposuresOf(assignments: Assignments, shown: readonly ExperimentName[]): { experiment: ExperimentName; variant: AnyVariant }[] {
  return shown.filter((name) => assignments[name].active && !assignments[name].forced).map((name) => ({ experiment: name, variant: assignments[name].variant }));
}
