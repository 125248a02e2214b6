import { t } from '../lib/i18n.ts';
import styles from './loading.module.css';

/**
 * Centered spinner for a page or section that is loading. `fill`: in a box that already
 * has its size (a Home card keeps the size of its data), the spinner takes that space
 * instead of half the screen.
 */
export function Loading({ label = t('app.loading'), fill = false }: { label?: string; fill?: boolean }) {
  return (
    <div className={fill ? `${styles.loading} ${styles.fill}` : styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
