import type { ReactNode } from 'react';
import { cx } from './class-names';
import styles from './page-heading.module.css';

export interface PageHeadingProps {
  /** The small line above the title (section, tool or screen name). */
  kicker?: ReactNode;
  title: ReactNode;
  /** Extra classes for the h1 (e.g. text-transform). */
  titleClassName?: string;
  /** What follows the title inside the header: a lead sentence, a progress bar… */
  children?: ReactNode;
  as?: 'header' | 'div';
}

/** A page's kicker, h1 and lead: the same look on every screen. */
export function PageHeading({ kicker, title, titleClassName, children, as: Tag = 'header' }: PageHeadingProps) {
  return (
    <Tag className={styles.heading}>
      {kicker && <p className={styles.kicker}>{kicker}</p>}
      <h1 className={cx(styles.title, titleClassName)}>{title}</h1>
      {children}
    </Tag>
  );
}

/** The muted lead sentence under a PageHeading title. */
export function PageLead({ children }: { children: ReactNode }) {
  return <p className={styles.lead}>{children}</p>;
}
