import type { ReactNode } from 'react';
import { cx } from './class-names';
import styles from './form-actions.module.css';

export interface FormActionsProps {
  /** How the buttons line up. `stretch` makes them full width (good for auth forms). Default `end`. */
  align?: 'start' | 'end' | 'between' | 'stretch';
  className?: string;
  children: ReactNode;
}

/** A row of form buttons; stacks full-width on narrow phones. */
export function FormActions({ align = 'end', className, children }: FormActionsProps) {
  return <div className={cx(styles.actions, styles[align], className)}>{children}</div>;
}
