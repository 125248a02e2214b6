import { Link } from 'react-router';
import { CalendarClock } from 'lucide-react';
import { formatDisplayDate, formatStayDates, holdDaysLeft } from '@rustico/core';
import { useMyHolds } from '../holds/queries.ts';
import { calendarPathFor } from '../lib/calendar-path.ts';
import { houseToday } from '../lib/house-today.ts';
import { t } from '../lib/i18n.ts';
import { Card } from '../ui/card.tsx';
import styles from './home.module.css';

/** Home's «Le tue opzioni»: my holds, each until its last day with the days left, linked to its month. */
export function MyHoldsCard({ className }: { className?: string | undefined }) {
  const holds = useMyHolds().data ?? [];
  if (holds.length === 0) return null;
  const today = houseToday();
  return (
    <Card className={className} title={t('holds.mine')} aria-label={t('holds.mine')} icon={<CalendarClock size={20} />}>
      <ul className={styles.undelivered}>
        {holds.map((hold) => (
          <li key={hold.id}>
            <Link to={calendarPathFor(hold.start)} className={styles.undeliveredWhat}>
              {t('holds.mineItem', { dates: formatStayDates(hold.start, hold.end), date: formatDisplayDate(hold.lastDay) })}
            </Link>
            <span className={styles.muted}>{t('holds.daysLeft', { days: holdDaysLeft(hold.lastDay, today) })}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
