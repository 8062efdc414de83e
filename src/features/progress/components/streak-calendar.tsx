import type { ProgressSummary } from '@/lib/api-client/progress-endpoints';
import styles from './progress.module.css';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const LABEL: Record<string, string> = { counted: 'Lesson done', frozen: 'Covered by a streak freeze', restored: 'Restored with a make-up review' };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function weekdayIndex(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** "2026-11-03" → { day: 3, month: "November", year: 2026 } (fixed English names: same on server and browser). */
function parts(day: string) {
  return { day: Number(day.slice(8, 10)), month: MONTHS[Number(day.slice(5, 7)) - 1] ?? '', year: Number(day.slice(0, 4)) };
}

const longDate = (day: string) => {
  const { day: date, month, year } = parts(day);
  return `${date} ${month} ${year}`;
};

/** "October – November 2026", "December 2026 – January 2027", or one month. */
function monthRange(first: string | undefined, last: string | undefined): string {
  if (!first || !last) return '';
  const a = parts(first);
  const b = parts(last);
  if (a.month === b.month && a.year === b.year) return `${a.month} ${a.year}`;
  return a.year === b.year ? `${a.month} – ${b.month} ${b.year}` : `${a.month} ${a.year} – ${b.month} ${b.year}`;
}

/**
 * The last five weeks: every day counted, frozen or restored, with why (as a tooltip and for
 * screen readers). Month names head the calendar and mark the first day shown and each 1st.
 */
export function StreakCalendar({ calendar, today }: { calendar: ProgressSummary['calendar']; today: string }) {
  const first = calendar[0];
  const padding = first ? weekdayIndex(first.day) : 0;
  return (
    <figure className={styles.calendar}>
      <figcaption className={styles.calendarCaption}>
        Your last five weeks <span className={styles.calendarMonths}>{monthRange(first?.day, calendar.at(-1)?.day)}</span>
      </figcaption>
      <div className={styles.calendarGrid} role="list">
        {WEEKDAYS.map((name) => (
          <span key={name} className={styles.calendarHead} aria-hidden="true">
            {name.slice(0, 1)}
          </span>
        ))}
        {Array.from({ length: padding }, (_, index) => (
          <span key={`pad-${index}`} aria-hidden="true" />
        ))}
        {calendar.map((entry, index) => {
          const { day, month } = parts(entry.day);
          const description = `${longDate(entry.day)}: ${entry.status ? `${LABEL[entry.status]}${entry.reason ? ` (${entry.reason})` : ''}` : 'No lesson'}${entry.goalMet ? ', daily goal met' : ''}`;
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
              {(index === 0 || day === 1) && (
                <span className={styles.calendarMonth} aria-hidden="true">
                  {month.slice(0, 3)}
                </span>
              )}
              {day}
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
