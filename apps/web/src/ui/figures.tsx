import styles from './figures.module.css';

/** Key figures as tiles: two a row on phones, four on wide screens. */
export function Figures({ label, items }: { label: string; items: ReadonlyArray<readonly [term: string, value: string]> }) {
  return (
    <section aria-label={label}>
      <dl className={styles.figures}>
        {items.map(([term, value]) => (
          <div key={term} className={styles.figure}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
