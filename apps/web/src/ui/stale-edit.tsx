import { staleEditOf } from '../lib/api.ts';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { formatMoment } from '../lib/moment.ts';
import { Button } from './button.tsx';
import styles from './stale-edit.module.css';

/** Who changed a thing since this person saw it: they look at it as it is now and try again. */
export function lookAgainText(changedByName: string | null): string {
  return t('staleEdit.lookAgain', { name: changedByName ?? t('staleEdit.someone') });
}

/** A refused write's text; a stale one names who changed the thing meanwhile (the screen shows it as it is now). */
export function refusalText(error: unknown): string {
  const stale = staleEditOf(error);
  return stale ? lookAgainText(stale.changedByName) : errorText(error);
}

/** One value of the thing as someone else saved it meanwhile, beside the one this person typed. */
export interface StaleEditRow {
  label: string;
  theirs: string;
  mine: string;
}

export interface StaleEditProps {
  /** Who saved meanwhile (null: someone the history does not name) and when. */
  changedByName: string | null;
  changedAt: string | null;
  rows: readonly StaleEditRow[];
  onApplyMine: () => void;
  onKeepTheirs: () => void;
  applying?: boolean;
}

/**
 * An edit came too late: someone saved the thing after this person opened it. Nothing of theirs
 * was lost and nothing was overwritten; they see who and when, the new values beside their own,
 * and choose: their values again, on what is there now, or the new ones.
 */
export function StaleEdit({ changedByName, changedAt, rows, onApplyMine, onKeepTheirs, applying = false }: StaleEditProps) {
  const who = changedByName ?? t('staleEdit.someone');
  return (
    <section className={styles.stale} role="alert" aria-labelledby="stale-edit-title">
      <h3 id="stale-edit-title" className={styles.title}>
        {t('staleEdit.title')}
      </h3>
      <p>{changedAt ? t('staleEdit.changedAt', { name: who, moment: formatMoment(changedAt) }) : t('staleEdit.changed', { name: who })}</p>
      <dl className={styles.values}>
        {rows.map((row) => (
          <div key={row.label} className={styles.value} data-field={row.label} data-differs={row.theirs !== row.mine || undefined}>
            <dt>{row.label}</dt>
            <dd>
              <span className={styles.whose}>{t('staleEdit.theirs', { name: who })}</span> {row.theirs}
            </dd>
            <dd>
              <span className={styles.whose}>{t('staleEdit.mine')}</span> {row.mine}
            </dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        <Button variant="outlined" onClick={onKeepTheirs} disabled={applying}>
          {t('staleEdit.keepTheirs')}
        </Button>
        <Button onClick={onApplyMine} loading={applying}>
          {t('staleEdit.applyMine')}
        </Button>
      </div>
    </section>
  );
}
