import type { ReactNode } from 'react';
import styles from './billing.module.css';

export interface RadioCardOption<T extends string> {
  value: T;
  /** Phrasing content (it sits inside the option's label). */
  label: ReactNode;
}

/**
 * One choice among a few, as native radio buttons in a fieldset: arrow keys move between them,
 * the legend names the group, each whole card is the option's label.
 */
export function RadioCards<T extends string>({ legend, name, value, onChange, options, disabled = false }: { legend: ReactNode; name: string; value: T; onChange: (value: T) => void; options: RadioCardOption<T>[]; disabled?: boolean }) {
  return (
    <fieldset className={styles.radioCards} disabled={disabled}>
      <legend className={styles.legend}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.radioCard}>
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
          <span className={styles.radioCardBody}>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
