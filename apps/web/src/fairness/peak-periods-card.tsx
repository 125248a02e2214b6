import { useState } from 'react';
import { Pencil, Plus, Snowflake, Trash2 } from 'lucide-react';
import type { PeakPeriod } from '@rustico/core';
import { LoadFailed } from '../ui/forbidden.tsx';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { List, ListRow } from '../ui/list.tsx';
import { Loading } from '../ui/loading.tsx';
import { useToast } from '../ui/toast-context.ts';
import styles from './fairness.module.css';
import { peakRangeText } from './peak-format.ts';
import { PeakPeriodDialog } from './peak-period-dialog.tsx';
import { useDeletePeakPeriod, usePeakPeriods } from './queries.ts';

function RemoveDialog({ period, onClose }: { period: PeakPeriod; onClose: () => void }) {
  const remove = useDeletePeakPeriod();
  const { toast } = useToast();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('fairness.peaks.removeTitle', { name: period.name })}
      description={t('fairness.peaks.removeText')}
      actions={
        <DialogActions>
          <Button
            danger
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(period.id, {
                onSuccess: () => {
                  toast({ title: t('fairness.peaks.removed') });
                  onClose();
                },
                onError: (error) => toast({ title: errorText(error), error: true }),
              })
            }
          >
            {t('fairness.peaks.remove')}
          </Button>
        </DialogActions>
      }
    />
  );
}

type Open = { kind: 'edit'; period: PeakPeriod | null } | { kind: 'remove'; period: PeakPeriod } | null;

/** The named ranges in which booking is a request; admins add, change and remove them. */
export function PeakPeriodsCard({ admin }: { admin: boolean }) {
  const peaks = usePeakPeriods();
  const [open, setOpen] = useState<Open>(null);
  let content;
  if (peaks.isPending) content = <Loading />;
  else if (peaks.isError) content = <LoadFailed onRetry={() => void peaks.refetch()} />;
  else if (peaks.data.length === 0) content = <p className={styles.muted}>{t('fairness.peaks.empty')}</p>;
  else {
    content = (
      <List label={t('fairness.peaks.title')}>
        {peaks.data.map((period) => (
          <ListRow
            key={period.id}
            title={period.name}
            detail={peakRangeText(period)}
            trailing={
              admin ? (
                <span className={styles.rowActions}>
                  <Button
                    variant="text"
                    className={styles.iconButton}
                    aria-label={t('fairness.peaks.editLabel', { name: period.name })}
                    title={t('fairness.peaks.edit')}
                    icon={<Pencil size={18} aria-hidden="true" />}
                    onClick={() => setOpen({ kind: 'edit', period })}
                  />
                  <Button
                    variant="text"
                    danger
                    className={styles.iconButton}
                    aria-label={t('fairness.peaks.removeLabel', { name: period.name })}
                    title={t('fairness.peaks.remove')}
                    icon={<Trash2 size={18} aria-hidden="true" />}
                    onClick={() => setOpen({ kind: 'remove', period })}
                  />
                </span>
              ) : undefined
            }
          />
        ))}
      </List>
    );
  }
  return (
    <Card
      title={t('fairness.peaks.title')}
      aria-label={t('fairness.peaks.title')}
      icon={<Snowflake size={20} />}
      actions={
        admin ? (
          <Button variant="outlined" icon={<Plus size={18} aria-hidden="true" />} onClick={() => setOpen({ kind: 'edit', period: null })}>
            {t('fairness.peaks.add')}
          </Button>
        ) : undefined
      }
    >
      <p className={styles.muted}>{t('fairness.peaks.lead')}</p>
      {content}
      {open?.kind === 'edit' ? <PeakPeriodDialog period={open.period} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'remove' ? <RemoveDialog period={open.period} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
