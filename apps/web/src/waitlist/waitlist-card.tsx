import { Trash2, BellRing } from 'lucide-react';
import { formatDisplayDate, type WaitlistEntry } from '@rustico/core';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { formatMomentDay } from '../lib/moment.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { List, ListRow } from '../ui/list.tsx';
import { useToast } from '../ui/toast-context.ts';
import styles from './waitlist.module.css';
import { useLeaveWaitlist, useWaitlist } from './queries.ts';

export function waitlistDates(entry: Pick<WaitlistEntry, 'start' | 'end'>): string {
  return t('fairness.waitlist.dates', { start: formatDisplayDate(entry.start), end: formatDisplayDate(entry.end) });
}

/**
 * The taken nights someone waits for (mine; admins on all bookings see
 * everyone's), in the order asked, each removable.
 */
export function WaitlistCard({ memberId }: { memberId: string | null }) {
  const waitlist = useWaitlist();
  const leave = useLeaveWaitlist();
  const { toast } = useToast();
  const entries = (waitlist.data ?? []).filter((entry) => memberId === null || entry.memberId === memberId);
  if (entries.length === 0) return null;
  return (
    <Card title={t('fairness.waitlist.title')} aria-label={t('fairness.waitlist.title')} icon={<BellRing size={20} />}>
      <p className={styles.lead}>{t('fairness.waitlist.lead')}</p>
      <List label={t('fairness.waitlist.title')}>
        {entries.map((entry) => {
          const dates = waitlistDates(entry);
          const asked = entry.notifiedAt
            ? t('fairness.waitlist.notified', { date: formatMomentDay(entry.notifiedAt) })
            : t('fairness.waitlist.asked', { date: formatMomentDay(entry.createdAt) });
          return (
            <ListRow
              key={entry.id}
              title={dates}
              detail={memberId === null ? `${entry.memberName} · ${asked}` : asked}
              trailing={
                <Button
                  variant="text"
                  danger
                  className={styles.remove}
                  aria-label={t('fairness.waitlist.removeLabel', { dates })}
                  title={t('fairness.waitlist.remove')}
                  icon={<Trash2 size={18} aria-hidden="true" />}
                  loading={leave.isPending && leave.variables === entry.id}
                  onClick={() =>
                    leave.mutate(entry.id, {
                      onSuccess: () => toast({ title: t('fairness.waitlist.removed') }),
                      onError: (error) => toast({ title: errorText(error), error: true }),
                    })
                  }
                />
              }
            />
          );
        })}
      </List>
    </Card>
  );
}
