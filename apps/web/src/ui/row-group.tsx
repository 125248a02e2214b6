import type { ReactNode } from 'react';
import styles from './row-group.module.css';

/** Full-width rows (each its own `li`) in one bordered card, separated by thin lines. */
export function RowList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {children}
    </ul>
  );
}

/** A titled group of rows: the small muted heading above a RowList, as in Impostazioni. */
export function RowGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.group} aria-label={title}>
      <h2 className={styles.title}>{title}</h2>
      <RowList>{children}</RowList>
    </section>
  );
}
