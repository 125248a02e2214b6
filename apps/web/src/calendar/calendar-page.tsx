import { lazy, Suspense, useState } from 'react';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  BOOKING_PARAM,
  dragSelection,
  isAdmin,
  monthGrid,
  monthOf,
  monthShown,
  MONTH_PARAM,
  NO_SELECTION,
  parseMonth,
  sameDayMonthsAway,
  selectedStay,
  selectionIsFree,
  shiftMonth,
  stayProblem,
  tapDay,
  type CalendarMonth,
  type IsoDate,
  type Selection,
} from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import { useBackCloses } from '../lib/back-closes.ts';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';
import { useToast } from '../ui/toast-context.ts';
import { stayProblemText } from './booking-parts.tsx';
import { EmptyPanel } from './empty-panel.tsx';
import { bookingOn, MONTH_KEYS, type CalendarStay } from './layout.ts';
import { holdRangeQuery, useHoldsBetween } from '../holds/queries.ts';
import { MonthGrid } from './month-grid.tsx';
import { useOnline } from '../offline/use-outbox.ts';
import { QuotaLine } from '../fairness/booking-form-parts.tsx';
import { TurnsCard } from '../fairness/turns-card.tsx';
import { bookingRangeQuery, useBookingsBetween } from '../bookings/queries.ts';
import { houseRulesQuery, useHouseRules } from '../fairness/queries.ts';
import { firstData } from '../lib/first-data.ts';
import { queryClient } from '../lib/query-client.ts';
import { requireSession } from '../auth/queries.ts';
import { quotaQuery, turnRoundsQuery } from '../fairness/queries.ts';
import { cx } from '../ui/cx.ts';
import styles from './calendar.module.css';
import tentative from './tentative.module.css';
import { houseToday } from '../lib/house-today.ts';

/*
 * The month paints without the panel's forms (react-hook-form, the select, the dialog: a third
 * of the screen's code). They load at the first touch of the calendar (a pointer down, a key,
 * the focus), before the tap that needs them has ended; until they are there the panel keeps
 * its hint.
 */
const loadNewBookingBar = () => import('./new-booking-bar.tsx');
const loadBookingDetail = () => import('./booking-detail.tsx');
let panelRequested = false;
function loadPanel() {
  if (panelRequested) return;
  panelRequested = true;
  void Promise.all([loadNewBookingBar(), loadBookingDetail()]).catch(() => {
    panelRequested = false;
  });
}
const HoldPanel = lazy(() => import('./hold-panel.tsx').then((module) => ({ default: module.HoldPanel })));
const NewBookingBar = lazy(() => loadNewBookingBar().then((module) => ({ default: module.NewBookingBar })));
const BookingDetail = lazy(() => loadBookingDetail().then((module) => ({ default: module.BookingDetail })));

/** /app/calendario: the month grid and the booking panel; `opensBooking` shows that booking's detail, as a tap on it would. */
export function CalendarPage({ opensOn, opensBooking }: { opensOn: CalendarMonth | null; opensBooking: string | null }) {
  const user = useCurrentUser();
  // Booking needs the server (it decides who gets the nights): offline the form says so.
  const online = useOnline();
  const { toast } = useToast();
  const [today] = useState(() => houseToday());
  const [shown, setShown] = useState(() => opensOn ?? monthOf(today));
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  // Back while choosing dates clears the choice, and stays on the calendar.
  useBackCloses(selection.kind !== 'none', () => setSelection(NO_SELECTION), 'calendarSelection');
  const [selectedBookingId, setSelectedBookingId] = useState<string | null>(opensBooking);
  const [selectedHoldId, setSelectedHoldId] = useState<string | null>(null);
  // The grid's tab stop: today at first, then the day last focused (moved to with the keys or tapped).
  const [focusDay, setFocusDay] = useState<IsoDate>(today);

  const days = monthGrid(shown.year, shown.month);
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const bookingsQuery = useBookingsBetween(from, to);
  const bookings = bookingsQuery.data ?? [];
  const holds = useHoldsBetween(from, to).data ?? [];
  // Holds are drawn with the bookings, hatched: their nights are taken as a booking's are.
  const stays: CalendarStay[] = [...bookings, ...holds.map((hold) => ({ ...hold, status: 'held' as const }))];
  const rules = useHouseRules().data;
  const admin = isAdmin(user.role);
  const monthName = t(MONTH_KEYS[shown.month - 1]!);
  const monthTitle = t('calendar.monthTitle', { month: monthName, year: shown.year });
  const monthPrefix = `${shown.year}-${String(shown.month).padStart(2, '0')}`;
  const selectedBooking = selectedBookingId ? bookings.find((booking) => booking.id === selectedBookingId) : undefined;
  const selectedHold = selectedHoldId ? holds.find((hold) => hold.id === selectedHoldId) : undefined;
  // Requests hold their nights against instant bookings, not against other requests: the server decides.
  const blocking = [...bookings.filter((booking) => booking.status !== 'requested'), ...holds];
  // The tab stop is always a day of the month shown.
  const activeDay = focusDay.startsWith(monthPrefix) ? focusDay : today.startsWith(monthPrefix) ? today : `${monthPrefix}-01`;

  const canPick = (day: IsoDate) => admin || day >= today;

  const refuse = (message: string) => toast({ title: message });

  const onTapDay = (day: IsoDate) => {
    const held = bookingOn(day, holds);
    if (held) {
      setSelection(NO_SELECTION);
      setSelectedBookingId(null);
      setSelectedHoldId(held.id);
      return;
    }
    setSelectedHoldId(null);
    const holder = bookingOn(day, bookings);
    // A requested night ends a range begun on a free day (a competing request); otherwise it opens the request.
    if (holder && !(holder.status === 'requested' && selection.kind === 'start')) {
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
    if (!selectionIsFree(next, blocking)) {
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
    if (!selectionIsFree(next, blocking)) {
      refuse(t('calendar.rangeTaken'));
      return;
    }
    setSelectedBookingId(null);
    setSelectedHoldId(null);
    setSelection(next);
  };

  // "Richiedi anche tu": the same nights as a request of someone else's, ready to save.
  const requestToo = (nights: { start: IsoDate; end: IsoDate }) => {
    setSelectedBookingId(null);
    setSelection({ kind: 'range', start: nights.start, end: nights.end });
  };

  // The chosen range stays across months (a stay may span two); a booking's detail belongs to its month.
  const go = (by: number) => {
    setSelectedBookingId(null);
    setSelectedHoldId(null);
    setFocusDay(sameDayMonthsAway(activeDay, by));
    setShown((value) => shiftMonth(value.year, value.month, by));
  };

  // A key took the focus to a day of another month (Page Up/Down, or past the month's edge): show that month.
  const onActiveDayChange = (day: IsoDate) => {
    setFocusDay(day);
    if (!day.startsWith(monthPrefix)) {
      setSelectedBookingId(null);
      setShown(monthOf(day));
    }
  };

  const stay = selectedStay(selection);
  const problemCode = stay && rules ? stayProblem(stay, { today, role: user.role, rules }) : null;

  let panel;
  if (selectedHold) {
    panel = <HoldPanel key={selectedHold.id} hold={selectedHold} user={user} onClose={() => setSelectedHoldId(null)} />;
  } else if (selectedBooking) {
    panel = (
      <BookingDetail
        key={selectedBooking.id}
        booking={selectedBooking}
        user={user}
        today={today}
        rules={rules}
        bookings={bookings}
        onClose={() => setSelectedBookingId(null)}
        onRequestToo={requestToo}
      />
    );
  } else if (stay) {
    panel = (
      <NewBookingBar
        stay={stay}
        user={user}
        rules={rules}
        problem={online ? (problemCode && rules ? stayProblemText(problemCode, rules) : null) : t('offline.bookingOnline')}
        problemOverridable={online && problemCode === 'STAY_TOO_LONG'}
        onSaved={() => setSelection(NO_SELECTION)}
        onCancel={() => setSelection(NO_SELECTION)}
      />
    );
  } else {
    panel = (
      <EmptyPanel>
        <QuotaLine memberId={user.id} year={shown.year} adding={0} onlyWithQuota />
      </EmptyPanel>
    );
  }

  return (
    <Page title={t('calendar.title')} titleSuffix={config.houseName}>
      <div className={styles.layout}>
        <section className={cx(styles.calendar, tentative.scope)} aria-labelledby="calendar-month" onPointerDown={loadPanel} onKeyDown={loadPanel} onFocus={loadPanel}>
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
            busy={bookingsQuery.isPending || bookingsQuery.isPlaceholderData}
            days={days}
            monthPrefix={monthPrefix}
            today={today}
            bookings={stays}
            selection={selection}
            selectedBookingId={selectedBooking?.id ?? selectedHold?.id ?? null}
            canPick={canPick}
            onTapDay={onTapDay}
            onDragSelect={onDragSelect}
            activeDay={activeDay}
            onActiveDayChange={onActiveDayChange}
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
          <Suspense fallback={<EmptyPanel />}>{panel}</Suspense>
        </div>
        <TurnsCard user={user} between={{ from, to }} compact />
      </div>
    </Page>
  );
}

/** The month's bookings, the house rules, my quota and the turns, before the month is drawn (lib/first-data.ts). */
async function loader({ request }: LoaderFunctionArgs) {
  const shown = monthShown(new URL(request.url).searchParams.get(MONTH_PARAM), houseToday());
  const days = monthGrid(shown.year, shown.month);
  const user = await requireSession(queryClient);
  await firstData([
    queryClient.prefetchQuery(bookingRangeQuery(days[0]!, days[days.length - 1]!)),
    queryClient.prefetchQuery(holdRangeQuery(days[0]!, days[days.length - 1]!)),
    queryClient.prefetchQuery(houseRulesQuery),
    queryClient.prefetchQuery(quotaQuery(user.id, shown.year)),
    queryClient.prefetchQuery(turnRoundsQuery),
  ]);
  return null;
}

/**
 * The months the arrows show stay in the page, not the address (a quick double tap must move two
 * months); a new address (the navigation's Calendario, a link to a month or to a booking, as an
 * email has) opens its month afresh, with that booking's detail.
 */
function CalendarRoute() {
  const [params] = useSearchParams();
  const asked = params.get(MONTH_PARAM);
  const booking = params.get(BOOKING_PARAM);
  return <CalendarPage key={`${asked ?? ''} ${booking ?? ''}`} opensOn={parseMonth(asked)} opensBooking={booking} />;
}

export { CalendarRoute as Component, loader };
