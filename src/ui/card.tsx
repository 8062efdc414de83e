import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names';
import styles from './card.module.css';

export type CardPadding = 'none' | 'sm' | 'md' | 'lg';

const paddingClass: Record<CardPadding, string | undefined> = {
  none: styles.paddingNone,
  sm: styles.paddingSm,
  md: styles.paddingMd,
  lg: styles.paddingLg,
};

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article';
  padding?: CardPadding;
  /** Adds a subtle lift on hover (for cards that contain a link or action). */
  interactive?: boolean;
  children?: ReactNode;
}

/** A raised surface with padding, radius and shadow. */
export function Card({ as: Tag = 'div', padding = 'md', interactive = false, className, children, ...rest }: CardProps) {
  return (
    <Tag {...rest} className={cx(styles.card, paddingClass[padding], interactive && styles.interactive, className)}>
      {children}
    </Tag>
  );
}
