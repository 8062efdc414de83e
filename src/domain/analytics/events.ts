import { z } from 'zod';
import { EXPERIMENT_NAMES } from '@/domain/experiments/experiments';
import type { ConsentCategory } from './consent';

/**
 * The analytics event catalogue (issue 16; docs/analytics.md is its reader's guide). Every event a
 * feature may send is named here with the shape of its properties, the consent it needs and the
 * destinations it goes to. `track()` in the browser and the collector on the server both validate
 * against this table, so an event that is not in it, or has properties it does not allow, never
 * leaves. Properties are ids, counts and choices: never learner code, notes, names or emails.
 */

const id = z.string().regex(/^[A-Za-z0-9_.:-]{1,80}$/, 'must be an id');
/** A learner's day (their own time zone), as the habit loop counts it. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day (YYYY-MM-DD)');
const language = z.enum(['python', 'javascript', 'html', 'css', 'sql', 'web']);
const lessonIds = { trackId: id, tutorialId: id, chapterId: id, lessonId: id };

export const ANALYTICS_EVENTS = {
  sign_up: { schema: z.object({ method: z.enum(['password', 'google', 'apple', 'github', 'other']) }).strict(), conversion: true, emailTracker: true },
  lesson_started: { schema: z.object({ ...lessonIds, mode: z.enum(['learn', 'challenge', 'tutor']) }).strict(), conversion: false, emailTracker: false },
  lesson_passed: { schema: z.object({ ...lessonIds, mode: z.enum(['learn', 'challenge', 'tutor']), attempts: z.number().int().min(0).max(10_000) }).strict(), conversion: false, emailTracker: true },
  lesson_failed: { schema: z.object({ ...lessonIds, mode: z.enum(['learn', 'challenge', 'tutor']) }).strict(), conversion: false, emailTracker: false },
  streak_extended: { schema: z.object({ countedOn: day }).strict(), conversion: false, emailTracker: true },
  daily_goal_met: { schema: z.object({ countedOn: day }).strict(), conversion: false, emailTracker: true },
  paywall_viewed: { schema: z.object({ referer: z.string().max(40).regex(/^[\w-]*$/, 'must be a word') }).strict(), conversion: false, emailTracker: true },
  checkout_started: { schema: z.object({ plan: z.enum(['monthly', 'yearly']), flow: z.enum(['web', 'web2app']) }).strict(), conversion: true, emailTracker: false },
  purchase: { schema: z.object({ plan: z.enum(['monthly', 'yearly']).optional() }).strict(), conversion: true, emailTracker: true },
  subscription_started: { schema: z.object({ plan: z.enum(['monthly', 'yearly']), trial: z.boolean() }).strict(), conversion: false, emailTracker: false },
  subscription_ended: { schema: z.object({ plan: z.enum(['monthly', 'yearly']) }).strict(), conversion: false, emailTracker: false },
  project_shared: { schema: z.object({ projectId: id, language }).strict(), conversion: false, emailTracker: false },
  machine_opened: { schema: z.object({ machineId: id }).strict(), conversion: false, emailTracker: false },
  experiment_exposure: { schema: z.object({ experiment: z.enum(EXPERIMENT_NAMES as [string, ...string[]]), variant: id }).strict(), conversion: false, emailTracker: false },
  link_clicked: { schema: z.object({ target: z.string().max(200).regex(/^\/[^\s]*$|^https:\/\/[^\s]+$/, 'must be a path or an https URL') }).strict(), conversion: false, emailTracker: false },
} as const satisfies Record<string, { schema: z.ZodType<Record<string, unknown>>; conversion: boolean; emailTracker: boolean }>;

export type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS;
export type AnalyticsProperties<E extends AnalyticsEventName> = z.infer<(typeof ANALYTICS_EVENTS)[E]['schema']>;
export const ANALYTICS_EVENT_NAMES = Object.keys(ANALYTICS_EVENTS) as AnalyticsEventName[];

export function isAnalyticsEventName(value: unknown): value is AnalyticsEventName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ANALYTICS_EVENTS, value);
}

/**
 * Business events: what they mean is money or entitlement (a purchase, a subscription that starts
 * or ends), so only the server records them, from the payment provider's verified webhook
 * (billing-service.ts), once per real event. The collector refuses them from a browser: a learner
 * could otherwise report purchases they never made and bend the paywall funnel. Any new event
 * about payments, refunds, subscriptions, trials or Pro belongs here (events.test.ts checks names).
 */
export const SERVER_ONLY_EVENT_NAMES = ['purchase', 'subscription_started', 'subscription_ended'] as const satisfies readonly AnalyticsEventName[];
export type ServerOnlyEventName = (typeof SERVER_ONLY_EVENT_NAMES)[number];
/** What `track()` in the browser may send. */
export type BrowserEventName = Exclude<AnalyticsEventName, ServerOnlyEventName>;

export function isServerOnlyEventName(value: unknown): value is ServerOnlyEventName {
  return typeof value === 'string' && (SERVER_ONLY_EVENT_NAMES as readonly string[]).includes(value);
}

export const serverOnlyEventMessage = (name: string) => `${name} is recorded by Codetrail's server when the payment provider confirms it; a browser may not send it`;

export { ANALYTICS_COOKIE_DAYS, ANALYTICS_ID_COOKIE, LINK_TRACKING_TIMEOUT_MS } from './constants';

/** One event as the browser sends it to the collector (POST /api/v1/analytics/events). */
export const analyticsEventSchema = z
  .object({
    name: z.string().refine(isAnalyticsEventName, 'is not an event of the catalogue (docs/analytics.md)'),
    properties: z.record(z.string(), z.unknown()).default({}),
    /** Where it happened: a path of this app, without its query (which can carry tokens). */
    path: z.string().max(300).regex(/^\/[^?#\s]*$/, 'must be a path without query').optional(),
    at: z.iso.datetime({ error: 'must be an ISO date-time' }),
  })
  .strict()
  .superRefine((event, context) => {
    if (!isAnalyticsEventName(event.name)) return;
    const verdict = ANALYTICS_EVENTS[event.name].schema.safeParse(event.properties);
    if (!verdict.success) {
      const issue = verdict.error.issues[0];
      context.addIssue({ code: 'custom', path: ['properties', ...(issue?.path ?? []).map(String)], message: issue?.message ?? 'are not valid' });
    }
  });

export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** One event from a browser: a catalogue event that is not a business event (SERVER_ONLY_EVENT_NAMES). */
export const browserEventSchema = analyticsEventSchema.superRefine((event, context) => {
  if (isServerOnlyEventName(event.name)) context.addIssue({ code: 'custom', path: ['name'], message: serverOnlyEventMessage(event.name) });
});

/**
 * A browser sends one event per track() call, so ten at once is room enough; the collector also
 * counts events per visitor over time (ANALYTICS_RATE_LIMITS in rate-limit-rules.ts).
 */
export const MAX_EVENTS_PER_BATCH = 10;
export const analyticsBatchSchema = z
  .object({
    events: z.array(browserEventSchema).min(1, 'send at least one event').max(MAX_EVENTS_PER_BATCH, `send at most ${MAX_EVENTS_PER_BATCH} events at once`),
    anonymousId: z.string().regex(/^[A-Za-z0-9_-]{16,40}$/, 'must be an anonymous id').optional(),
  })
  .strict();
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/** Where events can go. `collector` is Codetrail's own store (course engineers view it); the rest are configured services. */
export type Destination = 'collector' | 'mixpanel' | 'gtm' | 'pixel' | 'email_tracker';

/** The consent each destination needs: product analytics, or marketing (ads and email campaigns). */
export const DESTINATION_CONSENT: Record<Destination, ConsentCategory> = {
  collector: 'analytics',
  mixpanel: 'analytics',
  gtm: 'marketing',
  pixel: 'marketing',
  email_tracker: 'marketing',
};

/**
 * The destinations one event goes to: those configured, whose consent category the visitor
 * granted, and that take this kind of event (the ad pixel only conversions, the email tracker only
 * the events that drive campaigns). No consent, no destination.
 */
export function destinationsFor(name: AnalyticsEventName, granted: ReadonlySet<ConsentCategory>, configured: ReadonlySet<Destination>): Destination[] {
  const event = ANALYTICS_EVENTS[name];
  return (Object.keys(DESTINATION_CONSENT) as Destination[]).filter((destination) => {
    if (!configured.has(destination) || !granted.has(DESTINATION_CONSENT[destination])) return false;
    if (destination === 'pixel') return event.conversion;
    if (destination === 'email_tracker') return event.emailTracker;
    return true;
  });
}

/** The local store as course engineers see it (GET /api/v1/analytics/events). */
export const storedAnalyticsEventSchema = z.object({
  id: z.number().int(),
  name: z.enum(ANALYTICS_EVENT_NAMES as [AnalyticsEventName, ...AnalyticsEventName[]]),
  properties: z.record(z.string(), z.unknown()),
  path: z.string().nullable(),
  /** Who: a learner id, or a visitor's anonymous id of the day. */
  userId: z.string().nullable(),
  anonymousId: z.string().nullable(),
  occurredAt: z.string(),
  receivedAt: z.string(),
});
/** The newest events (the counts are GET /analytics/summary's, src/domain/analytics/summary.ts). */
export const analyticsEventListSchema = z.object({
  events: z.array(storedAnalyticsEventSchema),
});
export type StoredAnalyticsEvent = z.infer<typeof storedAnalyticsEventSchema>;
export type AnalyticsEventList = z.infer<typeof analyticsEventListSchema>;
