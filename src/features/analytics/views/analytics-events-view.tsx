import { useQuery } from '@tanstack/react-query';
import { userMessageOf } from '@/lib/errors/user-message';
import { useId, useState } from 'react';
import { ANALYTICS_EVENT_NAMES, type AnalyticsEventName } from '@/domain/analytics/events';
import { SignedInShell, useApiClient } from '@/features/auth';
import { analyticsEndpoints } from '@/lib/api-client/analytics-endpoints';
import { Card, LoadError, PageHeading, PageLead, Stack } from '@/ui';
import styles from './analytics-events-view.module.css';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }) + ' UTC';

/**
 * /web/preview/analytics (course engineers): the events Codetrail's own store received, newest
 * first, with the last day's counts: the offline default destination, and a way to check that a
 * feature sends what docs/analytics.md says.
 */
export default function AnalyticsEventsView() {
  const client = useApiClient();
  const [name, setName] = useState<AnalyticsEventName | null>(null);
  const filterId = useId();
  const list = useQuery({ queryKey: ['analytics-events', name], queryFn: () => analyticsEndpoints(client).list(name) });
  return (
    <SignedInShell>
      <Stack gap={5}>
        <PageHeading kicker="Course engineers" title="Usage events" />
        <PageLead>Events sent with analytics consent in the last 30 days. Learner ids and anonymous ids only: no names, emails or code.</PageLead>
        <div className={styles.filter}>
          <label htmlFor={filterId}>Event</label>
          <select id={filterId} value={name ?? ''} onChange={(event) => setName(event.target.value ? (event.target.value as AnalyticsEventName) : null)}>
            <option value="">All events</option>
            {ANALYTICS_EVENT_NAMES.map((event) => (
              <option key={event} value={event}>
                {event}
              </option>
            ))}
          </select>
        </div>
        {list.isError && <LoadError message={userMessageOf(list.error, 'That did not work. Try again.')} onRetry={() => void list.refetch()} />}
        {list.data && (
          <>
            <Card as="section" aria-labelledby="analytics-last-day">
              <h2 id="analytics-last-day" className={styles.heading}>
                Last 24 hours
              </h2>
              {list.data.lastDay.length === 0 ? (
                <p>No events yet.</p>
              ) : (
                <ul className={styles.counts}>
                  {list.data.lastDay.map((row) => (
                    <li key={row.name}>
                      <span className={styles.name}>{row.name}</span> {row.count}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <div className={styles.tableWrap} role="region" aria-label="Events" tabIndex={0}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    <th scope="col">Properties</th>
                    <th scope="col">Page</th>
                    <th scope="col">Who</th>
                    <th scope="col">When</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.events.map((event) => (
                    <tr key={event.id}>
                      <td className={styles.name}>{event.name}</td>
                      <td>
                        <code className={styles.properties}>{JSON.stringify(event.properties)}</code>
                      </td>
                      <td>{event.path ?? '—'}</td>
                      <td>{event.userId ? `learner ${event.userId}` : event.anonymousId ? `visitor ${event.anonymousId.slice(0, 8)}…` : '—'}</td>
                      <td>{when(event.occurredAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {list.data.events.length === 0 && <p>No events{name ? ` named ${name}` : ''} yet.</p>}
            </div>
          </>
        )}
      </Stack>
    </SignedInShell>
  );
}
