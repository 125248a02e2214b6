import type { ReactNode } from 'react';
import styles from './facts.module.css';

/** Terms and their values in two columns: 'Arrivo  12.06.2027'. */
export function Facts({ rows, className }: { rows: ReadonlyArray<readonly [string, ReactNode]>; className?: string | undefined }) {
  return (
    <dl className={className ? `${styles.facts} ${className}` : styles.facts}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
