import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './button.module.css';

export type ButtonVariant = 'filled' | 'outlined' | 'text';

export interface ButtonStyleOptions {
  variant?: ButtonVariant | undefined;
  danger?: boolean | undefined;
  block?: boolean | undefined;
  className?: string | undefined;
}

/** Button look for other elements, e.g. a router Link that should look like a button. */
export function buttonClass({ variant = 'filled', danger, block, className }: ButtonStyleOptions = {}): string {
  return cx(styles.button, styles[variant], danger && styles.danger, block && styles.block, className);
}

export interface ButtonProps extends ComponentProps<'button'>, Omit<ButtonStyleOptions, 'className'> {
  /** Shows a spinner, keeps the width and blocks clicks. */
  loading?: boolean | undefined;
  icon?: ReactNode;
}

/** 40 px button: filled, outlined or text. */
export function Button({
  variant,
  danger,
  block,
  loading = false,
  icon,
  className,
  disabled,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      className={cx(buttonClass({ variant, danger, block, className }), loading && styles.loading)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      <span className={styles.label}>
        {icon}
        {children}
      </span>
      {loading ? <span className={styles.spinner} aria-hidden="true" /> : null}
    </button>
  );
}
