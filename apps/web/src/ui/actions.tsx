import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './actions.module.css';

/** A row of buttons that wraps on a narrow phone: at the start, or at the end as a form's or dialog's. */
export function Actions({ end = false, children }: { end?: boolean; children: ReactNode }) {
  return <div className={cx(styles.actions, end && styles.end)}>{children}</div>;
}
