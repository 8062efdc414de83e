import type { ReactNode } from 'react';
import { cx } from './class-names';
import styles from './alert.module.css';

export type AlertKind = 'success' | 'info' | 'warning' | 'error';

export interface AlertProps {
  kind: AlertKind;
  title?: string;
  children?: ReactNode;
  /** When given, renders a close button (aria-label "Dismiss") that calls it. */
  onDismiss?: () => void;
  className?: string;
  id?: string;
}

function AlertIcon({ kind }: { kind: AlertKind }) {
  const common = { className: styles.icon, viewBox: '0 0 20 20', 'aria-hidden': true, focusable: false } as const;
  switch (kind) {
    case 'success':
      return (
        <svg {...common}>
          <circle cx="10" cy="10" r="8.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="m6.5 10.25 2.4 2.4 4.6-5.3" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      );
    case 'warning':
      return (
        <svg {...common}>
          <path d="M10 2.75 18 16.5H2L10 2.75Z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
          <path d="M10 8v3.75" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
          <circle cx="10" cy="14" r="1" fill="currentColor" />
        </svg>
      );
    case 'error':
      return (
        <svg {...common}>
          <circle cx="10" cy="10" r="8.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="m7.25 7.25 5.5 5.5m0-5.5-5.5 5.5" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
      );
    case 'info':
      return (
        <svg {...common}>
          <circle cx="10" cy="10" r="8.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M10 9v5" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
          <circle cx="10" cy="6.25" r="1" fill="currentColor" />
        </svg>
      );
  }
}

/** A feedback message. Errors are announced assertively (role="alert"), the rest politely (role="status"). */
export function Alert({ kind, title, children, onDismiss, className, id }: AlertProps) {
  return (
    <div id={id} role={kind === 'error' ? 'alert' : 'status'} className={cx(styles.alert, styles[kind], className)}>
      <AlertIcon kind={kind} />
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children ? <div className={styles.content}>{children}</div> : null}
      </div>
      {onDismiss ? (
        <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={onDismiss}>
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="m4 4 8 8m0-8-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
