import type { AnalyticsSummary } from '@/domain/analytics/summary';
import styles from './summary-tables.module.css';

const number = new Intl.NumberFormat('en-GB');
const rate = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-GB', { maximumFractionDigits: 1 })} %`);

/** One funnel: its steps with distinct people and the conversion from the step before and from the first. */
export function FunnelTable({ funnel, headingId, days }: { funnel: AnalyticsSummary['funnels'][number]; headingId: string; days: number }) {
  return (
    <div className={styles.scroll} role="region" aria-labelledby={headingId} tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.caption}>
          {funnel.title}: distinct people at each step, last {days} days
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.rowHead}>
              Step
            </th>
            <th scope="col" className={styles.number}>
              People
            </th>
            <th scope="col" className={styles.number}>
              From the step before
            </th>
            <th scope="col" className={styles.number}>
              From the first step
            </th>
          </tr>
        </thead>
        <tbody>
          {funnel.steps.map((step, index) => (
            <tr key={step.name}>
              <th scope="row" className={styles.rowHead}>
                {index + 1}. <code>{step.name}</code>
              </th>
              <td className={styles.number}>{number.format(step.people)}</td>
              <td className={styles.number}>{rate(step.fromPrevious)}</td>
              <td className={styles.number}>{rate(step.fromFirst)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
