import { Link } from './link';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** Class names for anything that should look like a Button (exported for rare custom cases). */
export function buttonClassName({ variant = 'primary', size = 'md', fullWidth = false }: ButtonStyleProps, extra?: string): string {
  return cx(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, extra);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleProps {
  /** Disables the button, shows a small spinner next to the label and sets aria-busy. */
  loading?: boolean;
}

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClassName({ variant, size, fullWidth }, className)}
    >
      {loading ? <span className={styles.spinner} aria-hidden="true" /> : null}
      <span className={styles.label}>{children}</span>
    </button>
  );
}

export interface ButtonLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>, ButtonStyleProps {
  href: string;
  children: ReactNode;
}

/** A next/link anchor that looks like a Button. */
export function ButtonLink({ href, variant, size, fullWidth, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link {...rest} href={href} className={buttonClassName({ variant, size, fullWidth }, className)}>
      <span className={styles.label}>{children}</span>
    </Link>
  );
}
