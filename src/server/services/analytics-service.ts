import type { BusinessEvent } from '@/domain/analytics/business-events';
import { analyticsLimitSubjects } from '@/domain/analytics/collector-limits';
import { allows, type Consent } from '@/domain/analytics/consent';
import { ANALYTICS_EVENTS, analyticsBatchSchema, type AnalyticsBatch, type AnalyticsEventList, type AnalyticsEventName } from '@/domain/analytics/events';
import { FUNNEL_EVENT_NAMES } from '@/domain/analytics/funnels';
import { summaryFunnels, summaryTable, type AnalyticsSummary } from '@/domain/analytics/summary';
import { analyticsWindowDays, type AnalyticsSummaryQuery } from '@/domain/analytics/summary-window';
import type { Database } from '@/server/db/client';
import { HttpError } from '@/server/http/http-error';
import { createAnalyticsRepository, isUnknownTimeZoneError } from '@/server/repositories/analytics-repository';
import { logger } from '@/lib/logger';
import type { RateLimitService } from './rate-limit-service';

/** How long the local store keeps events, and how many the engineers' list shows. */
export const ANALYTICS_RETENTION_DAYS = 30;
export const ANALYTICS_LIST_LIMIT = 50;
const EMAIL_TRACKER_TIMEOUT_MS = 3000;

export interface EmailTrackerConfig {
  url: string;
  apiKey: string | null;
}

export interface CollectResult {
  stored: number;
  forwarded: number;
}

/**
 * The server end of analytics (docs/analytics.md). The browser sends catalogue events here after
 * consent; the request's own consent cookie decides again what happens: stored in Codetrail's
 * event store with analytics consent, forwarded to the email-marketing tracker with marketing
 * consent (only a signed-in learner's campaign events: the tracker keys people by id). Without
 * either, nothing is kept and the caller hears why. Business events (a purchase, a subscription's
 * start or end) are refused from browsers by the batch schema; the billing webhook records them
 * (billing-service.ts) and hands them here only to forward. Events are counted per learner or
 * visitor and per address (collector-limits.ts): past the count, 429 and nothing of the batch kept.
 */
export function createAnalyticsService(db: Database, options: { emailTracker: EmailTrackerConfig | null; now: () => Date; rateLimits: RateLimitService; fetch?: typeof fetch }) {
  const send = options.fetch ?? fetch;
  const store = createAnalyticsRepository(db);
  let lastPruneAt = 0;

  async function pruneNow(at: Date): Promise<void> {
    if (at.getTime() - lastPruneAt < 60 * 60 * 1000) return;
    lastPruneAt = at.getTime();
    await store.deleteReceivedBefore(new Date(at.getTime() - ANALYTICS_RETENTION_DAYS * 86_400_000));
  }

  async function forward(userId: string, batch: Pick<AnalyticsBatch, 'events'>): Promise<number> {
    const tracker = options.emailTracker;
    if (!tracker) return 0;
    const events = batch.events.filter((event) => ANALYTICS_EVENTS[event.name as AnalyticsEventName].emailTracker);
    const sent = await Promise.all(
      events.map(async (event) => {
        try {
          const response = await send(tracker.url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', ...(tracker.apiKey ? { Authorization: `Bearer ${tracker.apiKey}` } : {}) },
            body: JSON.stringify({ userId, event: event.name, properties: event.properties, timestamp: event.at }),
            signal: AbortSignal.timeout(EMAIL_TRACKER_TIMEOUT_MS),
          });
          if (!response.ok) logger.warn(`analytics: the email tracker answered ${response.status} to ${event.name}`);
          return response.ok;
        } catch (error) {
          logger.warn(`analytics: the email tracker did not take ${event.name}`, error instanceof Error ? error.message : error);
          return false;
        }
      }),
    );
    const forwarded = sent.filter(Boolean).length;
    return forwarded;
  }

  return {
    async collect(input: AnalyticsBatch, who: { userId: string | null; address: string | null }, consent: Consent): Promise<CollectResult> {
      const batch = analyticsBatchSchema.parse(input);
      const analytics = allows(consent, 'analytics');
      const marketing = allows(consent, 'marketing');
      if (!analytics && !marketing) throw new HttpError(403, 'Analytics are off until you agree to them in the cookie settings: nothing was recorded.');
      // Every event counts (a full batch is ten hits); the first one past the count refuses the batch before anything is kept.
      for (const { kind, subject } of analyticsLimitSubjects({ userId: who.userId, anonymousId: batch.anonymousId ?? null, address: who.address })) {
        for (let index = 0; index < batch.events.length; index += 1) await options.rateLimits.hit(kind, subject);
      }
      const at = options.now();
      let stored = 0;
      if (analytics) {
        await store.insert(
          batch.events.map((event) => ({
            name: event.name,
            properties: event.properties,
            path: event.path ?? null,
            userId: who.userId,
            anonymousId: who.userId ? null : (batch.anonymousId ?? null),
            occurredAt: new Date(event.at),
            receivedAt: at,
          })),
        );
        stored = batch.events.length;
        await pruneNow(at);
      }
      const forwarded = marketing && who.userId ? await forward(who.userId, batch) : 0;
      return { stored, forwarded };
    },

    /**
     * After the billing webhook committed a business event (stored in its own transaction when the
     * checkout's consent allowed analytics): to the email tracker, with the checkout's marketing consent.
     */
    async forwardBusinessEvent(userId: string, event: BusinessEvent, at: Date): Promise<number> {
      return forward(userId, { events: [{ name: event.name, properties: event.properties, at: at.toISOString() }] });
    },

    /** The newest events (optionally of one name), for course engineers: a short list to check what a feature sends. */
    async list(name: AnalyticsEventName | null): Promise<AnalyticsEventList> {
      const rows = await store.newest(name, ANALYTICS_LIST_LIMIT);
      return {
        events: rows.map((row) => ({
          id: row.id,
          name: row.name as AnalyticsEventName,
          properties: row.properties,
          path: row.path,
          userId: row.userId,
          anonymousId: row.anonymousId,
          occurredAt: row.occurredAt.toISOString(),
          receivedAt: row.receivedAt.toISOString(),
        })),
      };
    },

    /**
     * The engineers' view (docs/analytics.md): counts per event and day and the funnels over the
     * last `days` days of `timeZone`, today included. Aggregated by the database, so the answer's
     * size depends on the window, never on how many events came.
     */
    async summary({ days, timeZone }: AnalyticsSummaryQuery): Promise<AnalyticsSummary> {
      const dayList = analyticsWindowDays(options.now(), timeZone, days);
      const window = { fromDay: dayList[0] ?? '', toDay: dayList[dayList.length - 1] ?? '', timeZone };
      try {
        const [groups, firsts] = await Promise.all([store.countsByEventAndDay(window), store.firstOccurrences(window, FUNNEL_EVENT_NAMES)]);
        return { window: { days, timeZone, dayList }, ...summaryTable(dayList, groups), funnels: summaryFunnels(firsts) };
      } catch (error) {
        // The runtime knew the zone (the query was checked) but this database's tz data does not.
        if (isUnknownTimeZoneError(error)) throw new HttpError(400, `The database does not know the time zone ${timeZone}. Choose UTC or another zone.`);
        throw error;
      }
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
