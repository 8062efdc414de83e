import { userMessageOf } from '@/lib/errors/user-message';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ANALYTICS_EVENT_NAMES, type AnalyticsEventName } from '@/domain/analytics/events';
import { useApiClient } from '@/features/auth';
import { analyticsEndpoints } from '@/lib/api-client/analytics-endpoints';
import { LoadError } from '@/ui';
import styles from '../views/analytics-events-view.module.css';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }) + ' UTC';

/**
 * The 50 newest events, collapsed: a way to check what one feature sends (its properties and
 * page), not a way to count. Fetched only once opened.
 */
export function LatestEvents() {
  const client = useApiClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState<AnalyticsEventName | null>(null);
  const filterId = useId();
  const list = useQuery({ queryKey: ['analytics-events', name], queryFn: () => analyticsEndpoints(client).list(name), enabled: open });
  return (
    <details className={styles.latest} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={styles.latestSummary}>Latest 50 events</summary>
      <div className={styles.latestBody}>
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
        {list.isPending && open && <p>Loading the latest events…</p>}
        {list.data && (
          <div className={styles.tableWrap} role="region" aria-label="Latest events (scrolls sideways)" tabIndex={0}>
            <table className={styles.table}>
              <caption className={styles.caption}>The newest events{name ? ` named ${name}` : ''}, newest first (times in UTC)</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Properties</th>
                  <th scope="col">Page</th>
                  <th scope="col">Who</th>
                  <th scope="col">Received</th>
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
                    <td>{when(event.receivedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {list.data.events.length === 0 && <p className={styles.empty}>No events{name ? ` named ${name}` : ''} yet.</p>}
          </div>
        )}
      </div>
    </details>
  );
}
