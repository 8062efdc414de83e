import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names';
import styles from './stack.module.css';

export type StackGap = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
export type StackAlign = 'start' | 'center' | 'end' | 'stretch' | 'baseline';
export type StackJustify = 'start' | 'center' | 'end' | 'between';

export interface StackProps extends HTMLAttributes<HTMLElement> {
  /** Gap between children, as a spacing token step (--space-N). Default 4. */
  gap?: StackGap;
  direction?: 'column' | 'row';
  align?: StackAlign;
  justify?: StackJustify;
  wrap?: boolean;
  as?: 'div' | 'section' | 'ul' | 'ol' | 'nav' | 'form' | 'header' | 'footer';
  children?: ReactNode;
}

const alignValue: Record<StackAlign, CSSProperties['alignItems']> = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  stretch: 'stretch',
  baseline: 'baseline',
};

const justifyValue: Record<StackJustify, CSSProperties['justifyContent']> = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  between: 'space-between',
};

/** Flex column (or row) with a token-based gap. */
export function Stack({
  gap = 4,
  direction = 'column',
  align,
  justify,
  wrap = false,
  as: Tag = 'div',
  className,
  style,
  children,
  ...rest
}: StackProps) {
  const stackStyle: CSSProperties = {
    gap: `var(--space-${gap})`,
    alignItems: align ? alignValue[align] : undefined,
    justifyContent: justify ? justifyValue[justify] : undefined,
    ...style,
  };
  return (
    <Tag
      {...rest}
      className={cx(styles.stack, direction === 'row' ? styles.row : styles.column, wrap && styles.wrap, className)}
      style={stackStyle}
    >
      {children}
    </Tag>
  );
}
