import { useId } from 'react';
import type { InputHTMLAttributes } from 'react';
import { cx } from './class-names';
import styles from './text-field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  /** Visible label, associated with the input. */
  label: string;
  /** Error message shown below the input; marks the input aria-invalid. */
  error?: string;
  /** Helper text shown below the input (before any error). */
  hint?: string;
  /** Class for the wrapper element. */
  className?: string;
  /** Class for the <input> itself. */
  inputClassName?: string;
}

export function TextField({
  label,
  error,
  hint,
  id,
  type = 'text',
  className,
  inputClassName,
  'aria-describedby': describedBy,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const hasError = Boolean(error);

  const describedByIds = [describedBy, hint ? hintId : undefined, hasError ? errorId : undefined].filter(Boolean).join(' ');

  return (
    <div className={cx(styles.field, className)}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        {...rest}
        id={inputId}
        type={type}
        className={cx(styles.input, inputClassName)}
        aria-invalid={hasError || undefined}
        aria-describedby={describedByIds || undefined}
      />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} className={styles.error}>
          <svg className={styles.errorIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M8 4.5v4.25" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
            <circle cx="8" cy="11.25" r="0.9" fill="currentColor" />
          </svg>
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
