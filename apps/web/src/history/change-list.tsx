import type { Change } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { changeByline, fieldLines } from './change-text.ts';
import styles from './history.module.css';

/** A thing's changes, oldest first: what was done, by whom and when, and each field before and after. */
export function ChangeList({ changes }: { changes: readonly Change[] }) {
  if (changes.length === 0) return <p className={styles.muted}>{t('history.empty')}</p>;
  return (
    <ol className={styles.changes}>
      {changes.map((change, index) => (
        <li key={`${change.at}-${index}`}>
          <span className={styles.action}>{t(`history.actions.${change.action}`)}</span>
          <span className={styles.by}>{changeByline(change)}</span>
          {fieldLines(change).map((line) => (
            <span key={line} className={styles.field}>
              {line}
            </span>
          ))}
        </li>
      ))}
    </ol>
  );
}
