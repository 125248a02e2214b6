import { t } from '../lib/i18n.ts';
import styles from './loading.module.css';

/** Centered spinner for a page or section that is loading. */
export function Loading({ label = t('app.loading') }: { label?: string }) {
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
