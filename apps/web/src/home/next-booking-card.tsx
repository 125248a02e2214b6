import { Link } from 'react-router';
import { CalendarClock } from 'lucide-react';
import { formatDisplayDate, textColourOn } from '@rustico/core';
import { useNextBooking } from '../bookings/queries.ts';
import { t } from '../lib/i18n.ts';
import { calendarPathFor } from '../lib/calendar-path.ts';
import { Card } from '../ui/card.tsx';
import { Loading } from '../ui/loading.tsx';
import styles from './home.module.css';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** Home card: the next stay at the house; the whole card opens the calendar on its month. */
export function NextBookingCard() {
  const next = useNextBooking();
  let body;
  if (next.isPending) body = <Loading fill />;
  else if (next.isError) body = <p className={styles.muted}>{t('home.loadFailed')}</p>;
  else if (!next.data) body = <p className={styles.muted}>{t('home.noBooking')}</p>;
  else {
    const booking = next.data;
    body = (
      <div className={styles.booking}>
        <span
          className={styles.dot}
          style={{ background: booking.ownerColour, color: textColourOn(booking.ownerColour) }}
          aria-hidden="true"
        >
          {initials(booking.ownerName)}
        </span>
        <span className={styles.text}>
          <span className={styles.name}>{booking.ownerName}</span>
          <span className={styles.dates}>
            {t('bookings.dates', { start: formatDisplayDate(booking.start), end: formatDisplayDate(booking.end) })}
          </span>
        </span>
      </div>
    );
  }
  return (
    <Link to={next.data ? calendarPathFor(next.data.start) : '/app/calendario'} className={styles.cardLink} title={t('home.openCalendar')}>
      <Card title={t('home.nextBooking')} icon={<CalendarClock size={20} />} aria-busy={next.isPending || undefined}>
        <div className={styles.bookingBody}>{body}</div>
      </Card>
    </Link>
  );
}
