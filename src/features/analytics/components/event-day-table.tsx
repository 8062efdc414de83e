import type { AnalyticsSummary } from '@/domain/analytics/summary';
import styles from './summary-tables.module.css';

export type CountKind = 'events' | 'people';

const number = new Intl.NumberFormat('en-GB');
const weekday = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
const date = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function Count({ value }: { value: number }) {
  return <span className={value === 0 ? styles.zero : undefined}>{number.format(value)}</span>;
}

/**
 * Events as rows, the window's days as columns, window totals at the end and day totals below.
 * `kind` switches the day cells between events and distinct people; the Learners and Visitors
 * columns are always distinct people over the whole window (not sums of days).
 */
export function EventDayTable({ summary, kind, zoneLabel }: { summary: AnalyticsSummary; kind: CountKind; zoneLabel: string }) {
  const { dayList, days } = summary.window;
  const first = dayList[0] ?? '';
  const last = dayList[dayList.length - 1] ?? '';
  const caption = `${kind === 'events' ? 'Events' : 'Distinct people'} per event and day, last ${days} days (${date(first)} to ${date(last)}), days in ${zoneLabel}`;
  return (
    <div className={styles.scroll} role="region" aria-label="Events per day (scrolls sideways)" tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.rowHead}>
              Event
            </th>
            {dayList.map((day) => (
              <th key={day} scope="col" className={styles.number}>
                <span className={styles.weekday}>{weekday(day)}</span> <span className={styles.date}>{date(day)}</span>
              </th>
            ))}
            <th scope="col" className={styles.number}>
              Total
            </th>
            <th scope="col" className={styles.number}>
              Learners
            </th>
            <th scope="col" className={styles.number}>
              Visitors
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.rows.map((row) => (
            <tr key={row.name}>
              <th scope="row" className={styles.rowHead}>
                <code>{row.name}</code>
              </th>
              {row.perDay.map((cell, index) => (
                <td key={dayList[index]} className={styles.number}>
                  <Count value={cell[kind]} />
                </td>
              ))}
              <td className={`${styles.number} ${styles.total}`}>
                <Count value={kind === 'events' ? row.total.events : row.total.learners + row.total.visitors} />
              </td>
              <td className={styles.number}>
                <Count value={row.total.learners} />
              </td>
              <td className={styles.number}>
                <Count value={row.total.visitors} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className={styles.rowHead}>
              All events
            </th>
            {summary.dayTotals.map((cell, index) => (
              <td key={dayList[index]} className={styles.number}>
                <Count value={cell[kind]} />
              </td>
            ))}
            <td className={`${styles.number} ${styles.total}`}>
              <Count value={kind === 'events' ? summary.total.events : summary.total.learners + summary.total.visitors} />
            </td>
            <td className={styles.number}>
              <Count value={summary.total.learners} />
            </td>
            <td className={styles.number}>
              <Count value={summary.total.visitors} />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
