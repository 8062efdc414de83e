import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import { allows, type Consent } from '@/domain/analytics/consent';
import { ANALYTICS_EVENTS, analyticsBatchSchema, type AnalyticsBatch, type AnalyticsEventList, type AnalyticsEventName } from '@/domain/analytics/events';
import type { Database } from '@/server/db/client';
import { analyticsEvents } from '@/server/db/schema';
import { HttpError } from '@/server/http/http-error';
import { logger } from '@/lib/logger';

/** How long the local store keeps events, and how many the engineers' list shows. */
export const ANALYTICS_RETENTION_DAYS = 30;
export const ANALYTICS_LIST_LIMIT = 200;
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
 * either, nothing is kept and the caller hears why.
 */
export function createAnalyticsService(db: Database, options: { emailTracker: EmailTrackerConfig | null; now: () => Date; fetch?: typeof fetch }) {
  const send = options.fetch ?? fetch;
  let lastPruneAt = 0;

  async function pruneNow(at: Date): Promise<void> {
    if (at.getTime() - lastPruneAt < 60 * 60 * 1000) return;
    lastPruneAt = at.getTime();
    await db.delete(analyticsEvents).where(lt(analyticsEvents.receivedAt, new Date(at.getTime() - ANALYTICS_RETENTION_DAYS * 86_400_000)));
  }

  async function forward(userId: string, batch: AnalyticsBatch): Promise<number> {
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
    async collect(input: AnalyticsBatch, who: { userId: string | null }, consent: Consent): Promise<CollectResult> {
      const batch = analyticsBatchSchema.parse(input);
      const analytics = allows(consent, 'analytics');
      const marketing = allows(consent, 'marketing');
      if (!analytics && !marketing) throw new HttpError(403, 'Analytics are off until you agree to them in the cookie settings: nothing was recorded.');
      const at = options.now();
      let stored = 0;
      if (analytics) {
        await db.insert(analyticsEvents).values(
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

    /** The newest events (optionally of one name) and the last day's counts, for course engineers. */
    async list(name: AnalyticsEventName | null): Promise<AnalyticsEventList> {
      const rows = await db
        .select()
        .from(analyticsEvents)
        .where(name ? eq(analyticsEvents.name, name) : undefined)
        .orderBy(desc(analyticsEvents.receivedAt), desc(analyticsEvents.id))
        .limit(ANALYTICS_LIST_LIMIT);
      const since = new Date(options.now().getTime() - 86_400_000);
      const counts = await db
        .select({ name: analyticsEvents.name, count: count() })
        .from(analyticsEvents)
        .where(and(gte(analyticsEvents.receivedAt, since)))
        .groupBy(analyticsEvents.name)
        .orderBy(desc(count()));
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
        lastDay: counts.map((row) => ({ name: row.name as AnalyticsEventName, count: Number(row.count) })),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
