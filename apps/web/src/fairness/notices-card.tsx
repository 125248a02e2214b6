import { Bell } from 'lucide-react';
import { formatDisplayDate, type Notice } from '@rustico/core';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { formatMoment } from '../lib/moment.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { useToast } from '../ui/toast-context.ts';
import styles from './fairness.module.css';
import { useMarkNoticesRead, useNotices } from './queries.ts';

const day = (iso: string | null) => (iso ? formatDisplayDate(iso.slice(0, 10)) : '');

/** The lines of one notice: what happened, then why (the reason, whose request won, until when a turn runs). */
export function noticeLines(notice: Notice): string[] {
  // byName: who proposed, gave or answered a swap or a stay given.
  const lines = [t(`fairness.notices.kinds.${notice.kind}`, { start: day(notice.start), end: day(notice.end), byName: notice.byName ?? '' })];
  if (notice.inFavourOfName) lines.push(t('fairness.notices.inFavourOf', { name: notice.inFavourOfName }));
  if (notice.reason) lines.push(t('fairness.notices.reason', { reason: notice.reason }));
  if (notice.endsAt) lines.push(t('fairness.notices.endsAt', { when: formatMoment(notice.endsAt) }));
  return lines;
}

/** Home: what fair booking has to tell me (a decision on my request, my turn, a freed night) until I mark it read. */
export function NoticesCard({ className }: { className?: string | undefined }) {
  const notices = useNotices();
  const markRead = useMarkNoticesRead();
  const { toast } = useToast();
  const unread = notices.data?.notices.filter((notice) => !notice.read) ?? [];
  if (unread.length === 0) return null;
  return (
    <Card
      className={className}
      title={t('fairness.notices.title')}
      aria-label={t('fairness.notices.title')}
      icon={<Bell size={20} />}
      actions={
        <Button
          variant="outlined"
          loading={markRead.isPending}
          onClick={() => markRead.mutate(unread.map((n) => n.id), { onError: (error) => toast({ title: errorText(error), error: true }) })}
        >
          {t('fairness.notices.markRead')}
        </Button>
      }
    >
      <ul className={styles.changes}>
        {unread.map((notice) => {
          const [first, ...rest] = noticeLines(notice);
          return (
            <li key={notice.id} data-kind={notice.kind}>
              <span className={styles.changeWhat}>{first}</span>
              {rest.map((line) => (
                <span key={line}>{line}</span>
              ))}
              <span className={styles.muted}>{formatMoment(notice.createdAt)}</span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
