import { useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  dragSelection,
  isAdmin,
  monthGrid,
  NO_SELECTION,
  selectedStay,
  selectionIsFree,
  shiftMonth,
  stayProblem,
  tapDay,
  todayIn,
  type IsoDate,
  type Selection,
} from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import { config } from '../lib/config.ts';
import { errorCodeText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';
import { useToast } from '../ui/toast-context.ts';
import { BookingDetail, EmptyPanel, NewBookingForm } from './booking-panel.tsx';
import { bookingOn, MONTH_KEYS } from './layout.ts';
import { MonthGrid } from './month-grid.tsx';
import { useBookingsBetween, useHouseRules } from './queries.ts';
import styles from './calendar.module.css';

/** /app/calendario: the month grid and the booking panel. */
export function CalendarPage() {
  const user = useCurrentUser();
  const { toast } = useToast();
  const [today] = useState(() => todayIn(config.houseTimeZone));
  const [shown, setShown] = useState(() => ({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) }));
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [selectedBookingId, setSelectedBookingId] = useState<string | null>(null);

  const days = monthGrid(shown.year, shown.month);
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const bookingsQuery = useBookingsBetween(from, to);
  const bookings = bookingsQuery.data ?? [];
  const rules = useHouseRules().data;
  const admin = isAdmin(user.role);
  const monthName = t(MONTH_KEYS[shown.month - 1]!);
  const monthTitle = t('calendar.monthTitle', { month: monthName, year: shown.year });
  const monthPrefix = `${shown.year}-${String(shown.month).padStart(2, '0')}`;
  const selectedBooking = selectedBookingId ? bookings.find((booking) => booking.id === selectedBookingId) : undefined;

  const canPick = (day: IsoDate) => admin || day >= today;

  const refuse = (message: string) => toast({ title: message });

  const onTapDay = (day: IsoDate) => {
    const holder = bookingOn(day, bookings);
    if (holder) {
      setSelection(NO_SELECTION);
      setSelectedBookingId(holder.id);
      return;
    }
    if (!canPick(day)) {
      refuse(t('calendar.dayInPast'));
      return;
    }
    setSelectedBookingId(null);
    const next = tapDay(selection, day);
    if (!selectionIsFree(next, bookings)) {
      refuse(t('calendar.rangeTaken'));
      return;
    }
    setSelection(next);
  };

  const onDragSelect = (anchor: IsoDate, current: IsoDate) => {
    const next = dragSelection(anchor, current);
    if (next.kind === 'range' && !canPick(next.start)) {
      refuse(t('calendar.dayInPast'));
      return;
    }
    if (!selectionIsFree(next, bookings)) {
      refuse(t('calendar.rangeTaken'));
      return;
    }
    setSelectedBookingId(null);
    setSelection(next);
  };

  const go = (by: number) => setShown((value) => shiftMonth(value.year, value.month, by));

  const stay = selectedStay(selection);
  const problemCode = stay && rules ? stayProblem(stay, { today, role: user.role, rules }) : null;

  let panel;
  if (selectedBooking) {
    panel = (
      <BookingDetail
        key={selectedBooking.id}
        booking={selectedBooking}
        user={user}
        today={today}
        rules={rules}
        bookings={bookings}
        onClose={() => setSelectedBookingId(null)}
      />
    );
  } else if (stay) {
    panel = (
      <NewBookingForm
        stay={stay}
        rules={rules}
        problem={problemCode ? errorCodeText(problemCode) : null}
        onSaved={() => setSelection(NO_SELECTION)}
        onCancel={() => setSelection(NO_SELECTION)}
      />
    );
  } else {
    panel = <EmptyPanel />;
  }

  return (
    <Page title={t('calendar.title')} titleSuffix={config.houseName}>
      <div className={styles.layout}>
        <section className={styles.calendar} aria-labelledby="calendar-month">
          <div className={styles.header}>
            <button type="button" className={styles.arrow} onClick={() => go(-1)} aria-label={t('calendar.previousMonth')} title={t('calendar.previousMonth')}>
              <ChevronLeft size={22} aria-hidden="true" />
            </button>
            <h2 id="calendar-month" className={styles.monthTitle} aria-live="polite">
              {monthTitle}
            </h2>
            <button type="button" className={styles.arrow} onClick={() => go(1)} aria-label={t('calendar.nextMonth')} title={t('calendar.nextMonth')}>
              <ChevronRight size={22} aria-hidden="true" />
            </button>
          </div>
          <MonthGrid
            days={days}
            monthPrefix={monthPrefix}
            today={today}
            bookings={bookings}
            selection={selection}
            selectedBookingId={selectedBooking?.id ?? null}
            canPick={canPick}
            onTapDay={onTapDay}
            onDragSelect={onDragSelect}
            label={t('calendar.gridLabel', { month: monthTitle })}
          />
          {bookingsQuery.isError ? (
            <Alert>
              {t('calendar.loadFailed')}{' '}
              <Button variant="text" onClick={() => void bookingsQuery.refetch()}>
                {t('calendar.retry')}
              </Button>
            </Alert>
          ) : null}
        </section>
        <div className={styles.panel} aria-live="polite">
          {panel}
        </div>
      </div>
    </Page>
  );
}

export { CalendarPage as Component };
