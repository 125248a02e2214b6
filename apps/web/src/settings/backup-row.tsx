import { useState } from 'react';
import { DatabaseBackup, Download } from 'lucide-react';
import { formatFileSize, isSuperadmin, type BackupRun } from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import { t } from '../lib/i18n.ts';
import { formatMoment } from '../lib/moment.ts';
import { Button, buttonClass } from '../ui/button.tsx';
import { Dialog, DialogClose } from '../ui/dialog.tsx';
import { useBackupOverview } from './queries.ts';
import { ActionRow } from './settings-row.tsx';
import styles from './settings.module.css';

/** One backup in a line: when it ended, its size, and how it went. */
function runText(run: BackupRun): string {
  if (run.status === 'running') return t('backups.running');
  if (run.status === 'failed') return t('backups.failedAt', { when: formatMoment(run.finishedAt ?? '') });
  return t('backups.okAt', { when: formatMoment(run.finishedAt ?? ''), size: formatFileSize(run.bytes ?? 0) });
}

/**
 * Impostazioni › Backup (admins): the last automatic backup, when, its size and how it went; a
 * superadmin downloads the latest good one. On PostgreSQL the house's backups are the database's
 * own (pg_dump): the row says so and shows none.
 */
export function BackupRow() {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const overview = useBackupOverview();
  const data = overview.data;
  const postgres = data?.database === 'postgres';
  const hint = !data ? (overview.isError ? t('backups.loadFailed') : t('app.loading')) : postgres ? t('backups.postgresHint') : data.last ? runText(data.last) : t('backups.none');
  const failed = data?.last?.status === 'failed';

  return (
    <>
      <ActionRow icon={<DatabaseBackup size={22} />} label={t('backups.title')} hint={hint} onClick={() => setOpen(true)} />
      <Dialog
        title={t('backups.title')}
        description={postgres ? t('backups.postgres') : t('backups.lead', { hour: String(data?.hour ?? 3).padStart(2, '0') })}
        open={open}
        onOpenChange={setOpen}
        actions={
          <>
            <DialogClose>
              <Button variant="outlined">{t('form.close')}</Button>
            </DialogClose>
            {isSuperadmin(user.role) && data?.downloadable ? (
              <a className={buttonClass()} href="/api/admin/backups/latest" download>
                <Download size={18} aria-hidden="true" />
                {t('backups.download')}
              </a>
            ) : null}
          </>
        }
      >
        {postgres || !data ? null : (
          <div className={styles.dialogBody}>
            {data.last ? (
              <dl className={styles.backupFacts}>
                <dt>{t('backups.last')}</dt>
                <dd>{runText(data.last)}</dd>
                {failed && data.last.error ? (
                  <>
                    <dt>{t('backups.error')}</dt>
                    <dd role="alert">{data.last.error}</dd>
                  </>
                ) : null}
                {data.lastGood && data.lastGood.day !== data.last.day ? (
                  <>
                    <dt>{t('backups.lastGood')}</dt>
                    <dd>{runText(data.lastGood)}</dd>
                  </>
                ) : null}
              </dl>
            ) : (
              <p className={styles.muted}>{t('backups.none')}</p>
            )}
          </div>
        )}
      </Dialog>
    </>
  );
}
