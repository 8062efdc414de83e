import type { ReactNode } from 'react';
import { DAILY_GOAL_LEVELS, type DailyGoalLevel } from '@/domain/progress/daily-goal';
import styles from '../views/views.module.css';

/** The daily goal levels as radio cards: in settings, and while starting (welcome page). */
export function DailyGoalChoices({ legend, value, onChange, disabled }: { legend: ReactNode; value: DailyGoalLevel; onChange: (level: DailyGoalLevel) => void; disabled?: boolean }) {
  return (
    <fieldset className={styles.choices} disabled={disabled}>
      <legend className={styles.cardTitle}>{legend}</legend>
      {DAILY_GOAL_LEVELS.map((level) => (
        <label key={level.id} className={styles.choice}>
          <input type="radio" name="dailyGoal" value={level.id} checked={value === level.id} onChange={() => onChange(level.id)} />
          <span>
            <strong>
              {level.label}: {level.xp} XP a day
            </strong>
            <br />
            <span className={styles.muted}>{level.description}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
