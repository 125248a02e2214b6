import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './alert.module.css';

export interface AlertProps {
  children: ReactNode;
  /** 'error' is announced immediately (role="alert"); 'info' politely (role="status"). */
  tone?: 'error' | 'info';
}

/** A message for a whole form or page. */
export function Alert({ children, tone = 'error' }: AlertProps) {
  return (
    <div className={cx(styles.alert, tone === 'info' && styles.info)} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
