import { userMessageOf } from '@/lib/errors/user-message';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { ANALYTICS_WINDOWS, DEFAULT_ANALYTICS_TIME_ZONE, DEFAULT_ANALYTICS_WINDOW, isAnalyticsTimeZone, type AnalyticsWindow } from '@/domain/analytics/summary-window';
import { SignedInShell, useApiClient } from '@/features/auth';
import { analyticsEndpoints } from '@/lib/api-client/analytics-endpoints';
import { Card, LoadError, PageHeading, PageLead, Stack } from '@/ui';
import { EventDayTable, type CountKind } from '../components/event-day-table';
import { FunnelTable } from '../components/funnel-table';
import { LatestEvents } from '../components/latest-events';
import styles from './analytics-events-view.module.css';

/** The browser's IANA zone, once mounted (the server render cannot know it). */
function useBrowserTimeZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (own && own !== DEFAULT_ANALYTICS_TIME_ZONE && isAnalyticsTimeZone(own)) setZone(own);
  }, []);
  return zone;
}

const zoneName = (zone: string) => zone.replace(/_/g, ' ');

/**
 * /web/preview/analytics (course engineers): what Codetrail's own store received, counted. Events
 * per day and the onboarding and paywall funnels over 7, 14 or 30 days, aggregated by the server
 * (docs/analytics.md, "The engineers' view"), so a burst of one event is one larger number; the
 * newest events stay behind a disclosure, for checking what a feature sends.
 */
export default function AnalyticsEventsView() {
  const client = useApiClient();
  const [days, setDays] = useState<AnalyticsWindow>(DEFAULT_ANALYTICS_WINDOW);
  const [timeZone, setTimeZone] = useState(DEFAULT_ANALYTICS_TIME_ZONE);
  const [kind, setKind] = useState<CountKind>('events');
  const browserZone = useBrowserTimeZone();
  const ids = { window: useId(), zone: useId(), table: useId(), funnels: useId(), kind: useId() };
  const summary = useQuery({
    queryKey: ['analytics-summary', days, timeZone],
    queryFn: () => analyticsEndpoints(client).summary(days, timeZone),
    placeholderData: keepPreviousData,
  });
  const zoneLabel = summary.data ? zoneName(summary.data.window.timeZone) : zoneName(timeZone);
  return (
    <SignedInShell>
      <Stack gap={5}>
        <PageHeading kicker="Course engineers" title="Usage events" />
        <PageLead>
          Counts of the events sent with analytics consent (the store keeps 30 days). People are learners by id and visitors by their anonymous id of the day: no names, emails or code.
        </PageLead>
        <div className={styles.controls}>
          <div className={styles.filter}>
            <label htmlFor={ids.window}>Window</label>
            <select id={ids.window} value={days} onChange={(event) => setDays(Number(event.target.value) as AnalyticsWindow)}>
              {ANALYTICS_WINDOWS.map((option) => (
                <option key={option} value={option}>
                  Last {option} days
                </option>
              ))}
            </select>
          </div>
          <div className={styles.filter}>
            <label htmlFor={ids.zone}>Days in</label>
            <select id={ids.zone} value={timeZone} onChange={(event) => setTimeZone(event.target.value)}>
              <option value={DEFAULT_ANALYTICS_TIME_ZONE}>UTC</option>
              {browserZone && <option value={browserZone}>Your time zone ({zoneName(browserZone)})</option>}
            </select>
          </div>
          <fieldset className={styles.kind}>
            <legend>Count</legend>
            {(['events', 'people'] as const).map((option) => (
              <label key={option}>
                <input type="radio" name={ids.kind} value={option} checked={kind === option} onChange={() => setKind(option)} /> {option === 'events' ? 'Events' : 'Distinct people'}
              </label>
            ))}
          </fieldset>
        </div>
        {summary.isError && <LoadError message={userMessageOf(summary.error, 'That did not work. Try again.')} onRetry={() => void summary.refetch()} />}
        {summary.isPending && <p>Counting the events…</p>}
        {summary.data && (
          <>
            <Card as="section" aria-labelledby={ids.table}>
              <Stack gap={3}>
                <h2 id={ids.table} className={styles.heading}>
                  Events per day
                </h2>
                <p className={styles.note}>
                  Days run midnight to midnight in <strong>{zoneLabel}</strong>, by when the server received each event. {summary.data.total.events === 0 ? 'Nothing was received in this window.' : null}
                </p>
                <EventDayTable summary={summary.data} kind={kind} zoneLabel={zoneLabel} />
              </Stack>
            </Card>
            <Card as="section" aria-labelledby={ids.funnels}>
              <Stack gap={3}>
                <h2 id={ids.funnels} className={styles.heading}>
                  Funnels
                </h2>
                <p className={styles.note}>
                  Distinct people in the window, each counted once per step however often they sent it. A person reaches a step when their first event of it came at or after their first of the step before.
                </p>
                {summary.data.funnels.map((funnel) => (
                  <section key={funnel.id} aria-labelledby={`${ids.funnels}-${funnel.id}`} className={styles.funnel}>
                    <h3 id={`${ids.funnels}-${funnel.id}`} className={styles.subheading}>
                      {funnel.title}
                    </h3>
                    <FunnelTable funnel={funnel} headingId={`${ids.funnels}-${funnel.id}`} days={summary.data.window.days} />
                  </section>
                ))}
              </Stack>
            </Card>
          </>
        )}
        <LatestEvents />
      </Stack>
    </SignedInShell>
  );
}
