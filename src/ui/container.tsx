import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names';
import styles from './container.module.css';

export interface ContainerProps extends HTMLAttributes<HTMLElement> {
  /** Max content width: sm = 40rem, md = 56rem, lg = 72rem (default). */
  size?: 'sm' | 'md' | 'lg';
  as?: 'div' | 'section' | 'main' | 'header' | 'footer' | 'nav';
  children?: ReactNode;
}

/** Centres content with a max width and responsive page padding. */
export function Container({ size = 'lg', as: Tag = 'div', className, children, ...rest }: ContainerProps) {
  return (
    <Tag {...rest} className={cx(styles.container, styles[size], className)}>
      {children}
    </Tag>
  );
}
