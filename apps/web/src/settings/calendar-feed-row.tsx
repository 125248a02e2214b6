import { useState } from 'react';
import { CalendarSync, Copy, RotateCw } from 'lucide-react';
import { t } from '../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogClose } from '../ui/dialog.tsx';
import { useToast } from '../ui/toast-context.ts';
import { copyText } from './app-rows.tsx';
import { useCalendarFeed, useRenewCalendarFeed } from './queries.ts';
import { ActionRow } from './settings-row.tsx';
import styles from './settings.module.css';

/** 'Calendario sul telefono': my private iCalendar address, to copy or renew. */
export function CalendarFeedRow() {
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const feed = useCalendarFeed(open);
  const renew = useRenewCalendarFeed();

  const copy = async (url: string) => {
    toast({ title: (await copyText(url)) ? t('settings.calendarFeedCopied') : t('settings.copyFailed') });
  };

  const confirmRenew = () => {
    renew.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t('settings.calendarFeedRenewed') });
      },
      onError: () => toast({ title: t('settings.calendarFeedRenewFailed'), error: true }),
    });
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setConfirming(false);
  };

  const url = feed.data?.url;

  return (
    <>
      <ActionRow
        icon={<CalendarSync size={22} />}
        label={t('settings.calendarFeed')}
        hint={t('settings.calendarFeedHint')}
        onClick={() => setOpen(true)}
      />
      <Dialog
        title={confirming ? t('settings.calendarFeedRenewTitle') : t('settings.calendarFeed')}
        description={confirming ? t('settings.calendarFeedRenewText') : t('settings.calendarFeedDescription')}
        open={open}
        onOpenChange={onOpenChange}
        actions={
          confirming ? (
            <>
              <Button variant="text" onClick={() => setConfirming(false)}>
                {t('form.cancel')}
              </Button>
              <Button danger onClick={confirmRenew} loading={renew.isPending}>
                {t('settings.calendarFeedRenew')}
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="text"
                icon={<RotateCw size={18} aria-hidden="true" />}
                onClick={() => setConfirming(true)}
                disabled={!url}
              >
                {t('settings.calendarFeedRenew')}
              </Button>
              <DialogClose>
                <Button variant="outlined">{t('form.close')}</Button>
              </DialogClose>
              <Button icon={<Copy size={18} aria-hidden="true" />} onClick={() => url && void copy(url)} disabled={!url}>
                {t('settings.calendarFeedCopy')}
              </Button>
            </>
          )
        }
      >
        {confirming ? null : (
          <div className={styles.dialogBody}>
            {url ? (
              <p className={styles.feedUrl}>{url}</p>
            ) : feed.isError ? (
              <p role="alert">{t('settings.calendarFeedLoadFailed')}</p>
            ) : (
              <p className={styles.muted}>{t('app.loading')}</p>
            )}
          </div>
        )}
      </Dialog>
    </>
  );
}
