import type { ProgressSummary } from '@/lib/api-client/progress-endpoints';
import styles from './progress.module.css';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const LABEL: Record<string, string> = { counted: 'Lesson done', frozen: 'Covered by a streak freeze', restored: 'Restored with a make-up review' };

function weekdayIndex(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The last five weeks: every day counted, frozen or restored, with why (as a tooltip and for screen readers). */
export function StreakCalendar({ calendar, today }: { calendar: ProgressSummary['calendar']; today: string }) {
  const first = calendar[0];
  const padding = first ? weekdayIndex(first.day) : 0;
  return (
    <figure className={styles.calendar}>
      <figcaption className={styles.calendarCaption}>Your last five weeks</figcaption>
      <div className={styles.calendarGrid} role="list">
        {WEEKDAYS.map((name) => (
          <span key={name} className={styles.calendarHead} aria-hidden="true">
            {name.slice(0, 1)}
          </span>
        ))}
        {Array.from({ length: padding }, (_, index) => (
          <span key={`pad-${index}`} aria-hidden="true" />
        ))}
        {calendar.map((entry) => {
          const description = `${entry.day}: ${entry.status ? `${LABEL[entry.status]}${entry.reason ? ` (${entry.reason})` : ''}` : 'No lesson'}${entry.goalMet ? ', daily goal met' : ''}`;
          return (
            <span
              key={entry.day}
              role="listitem"
              className={styles.calendarDay}
              data-status={entry.status ?? 'none'}
              data-goal={entry.goalMet || undefined}
              data-today={entry.day === today || undefined}
              title={description}
              aria-label={description}
            >
              {Number(entry.day.slice(8))}
            </span>
          );
        })}
      </div>
      <p className={styles.calendarLegend}>
        <span data-status="counted">Lesson</span> <span data-status="frozen">Freeze</span> <span data-status="restored">Restored</span>
      </p>
    </figure>
  );
}
