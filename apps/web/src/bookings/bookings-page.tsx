import { useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, CalendarRange, ChevronDown, Lock } from 'lucide-react';
import { formatChf, formatDisplayDate, isAdmin, type Booking } from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import { isApiError } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button, buttonClass } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Loading } from '../ui/loading.tsx';
import { Page, pageStyles } from '../ui/page.tsx';
import { RowGroup } from '../ui/row-group.tsx';
import { Facts } from '../ui/facts.tsx';
import { useMembers } from '../members/queries.ts';
import { LoadMore } from '../ui/load-more.tsx';
import { DecisionExplain, StatusPill } from './booking-status.tsx';
import { WaitlistCard } from '../waitlist/waitlist-card.tsx';
import { ANY, AllBookingsFilterBar, type AllBookingsFilter } from './all-bookings-filter.tsx';
import { useBookingHistory, useBookingYears } from './queries.ts';
import styles from './bookings.module.css';

/** Route value of :userId that means "every user" (admins only; the server enforces it). */
const ALL_USERS = '0';

/** Bookings (already newest first) grouped by the year they start in. */
function byYear(bookings: readonly Booking[]): Array<{ year: string; bookings: Booking[] }> {
  const groups: Array<{ year: string; bookings: Booking[] }> = [];
  for (const booking of bookings) {
    const year = booking.start.slice(0, 4);
    const last = groups[groups.length - 1];
    if (last && last.year === year) last.bookings.push(booking);
    else groups.push({ year, bookings: [booking] });
  }
  return groups;
}

function HistoryEntry({ booking, showOwner }: { booking: Booking; showOwner: boolean }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const dates = t('bookings.dates', { start: formatDisplayDate(booking.start), end: formatDisplayDate(booking.end) });
  // A declined request never happens: no check-in, nothing to pay; its reason is below.
  const declined = booking.status === 'declined';
  const facts: Array<[string, string]> = [
    [t('fairness.booking.status'), t(`fairness.status.${booking.status}`)],
    [t('bookings.purpose'), t(`calendar.purposes.${booking.purpose}`)],
    ...(declined
      ? []
      : ([
          [t('bookings.checkIn'), booking.checkedIn ? t('calendar.done') : t('calendar.toDo')],
          [t('bookings.checkOut'), booking.checkedOut ? t('calendar.done') : t('calendar.toDo')],
          [
            t('bookings.cost'),
            // A maintenance stay costs nothing: no amount to pay, nothing unpaid.
            booking.purpose === 'maintenance'
              ? t('calendar.free')
              : t('bookings.costStatus', { cost: formatChf(booking.costCentimes), status: booking.paid ? t('calendar.paid') : t('calendar.unpaid') }),
          ],
        ] as Array<[string, string]>)),
    ...(booking.createdByName ? [[t('bookings.bookedBy'), booking.createdByName] as [string, string]] : []),
  ];
  return (
    <li>
      <button
        type="button"
        className={styles.summary}
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((value) => !value)}
      >
        <CalendarRange className={styles.icon} size={24} aria-hidden="true" />
        <span className={styles.summaryText}>
          <span className={styles.dates}>{dates}</span>
          {showOwner ? (
            <span className={styles.who}>
              <span className={styles.dot} style={{ background: booking.ownerColour }} aria-hidden="true" />
              {booking.ownerName}
            </span>
          ) : null}
        </span>
        {/* Requests and declines stand out in the list; their reason is inside. */}
        {booking.status === 'confirmed' ? null : <StatusPill status={booking.status} />}
        <ChevronDown className={styles.chevron} size={20} aria-hidden="true" />
      </button>
      <div id={detailsId} className={styles.details} hidden={!open}>
        <Facts rows={facts} className={styles.detailFacts} />
        <DecisionExplain booking={booking} />
      </div>
    </li>
  );
}

function Forbidden() {
  return (
    <Card>
      <div className={styles.message}>
        <Lock size={28} aria-hidden="true" className={styles.icon} />
        <p>{t('bookings.forbidden')}</p>
        <Link to="/app/impostazioni" className={buttonClass({ variant: 'outlined' })}>
          {t('bookings.back')}
        </Link>
      </div>
    </Card>
  );
}

/** /app/prenotazioni/:userId: booking history of one user, or of everyone for 0. */
export function BookingsPage() {
  const { userId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const filter: AllBookingsFilter = { year: search.get('anno') ?? ANY, memberId: search.get('membro') ?? ANY };
  const setFilter = (next: AllBookingsFilter) =>
    setSearch(
      (params) => {
        for (const [key, value] of [['anno', next.year], ['membro', next.memberId]] as const) {
          if (value === ANY) params.delete(key);
          else params.set(key, value);
        }
        return params;
      },
      { replace: true },
    );
  const user = useCurrentUser();
  const all = userId === ALL_USERS;
  // Members may only see their own history; the server says so too (403).
  const allowed = isAdmin(user.role) || userId === user.id;
  // The server filters: all bookings come a page at a time, so the screen never holds them all.
  const history = useBookingHistory(
    userId,
    { year: all && filter.year !== ANY ? filter.year : null, memberId: all && filter.memberId !== ANY ? filter.memberId : null },
    allowed,
  );
  const years = useBookingYears(userId, allowed && all);
  const members = useMembers(allowed && all);
  const filtered = all && (filter.year !== ANY || filter.memberId !== ANY);
  const title = all ? t('bookings.titleAll') : userId === user.id ? t('bookings.titleMine') : t('bookings.title');
  const back = (
    <Link to="/app/impostazioni" className={pageStyles.back}>
      <ArrowLeft size={18} aria-hidden="true" />
      {t('settings.title')}
    </Link>
  );

  let content;
  if (!allowed || (history.isError && isApiError(history.error) && history.error.status === 403)) {
    content = <Forbidden />;
  } else if (history.isPending) {
    content = <Loading />;
  } else if (history.isError) {
    content = (
      <Alert>
        <span className={styles.message}>
          {t('bookings.loadFailed')}
          <Button variant="outlined" onClick={() => void history.refetch()}>
            {t('bookings.retry')}
          </Button>
        </span>
      </Alert>
    );
  } else if (history.data.pages[0]?.bookings.length === 0 && !filtered) {
    content = (
      <Card>
        <p>{t('bookings.empty')}</p>
      </Card>
    );
  } else {
    const shown = history.data.pages.flatMap((page) => page.bookings);
    const yearOptions = [...new Set([...(years.data ?? []), ...(filter.year === ANY ? [] : [Number(filter.year)])])].sort((a, b) => b - a);
    content = (
      <div className={styles.years}>
        {all ? <AllBookingsFilterBar years={yearOptions} members={members.data ?? []} filter={filter} onChange={setFilter} /> : null}
        {shown.length === 0 ? (
          <Card>
            <p>{t('bookings.noMatch')}</p>
          </Card>
        ) : null}
        {byYear(shown).map((group) => (
          <RowGroup key={group.year} title={String(group.year)}>
            {group.bookings.map((booking) => (
              <HistoryEntry key={booking.id} booking={booking} showOwner={all} />
            ))}
          </RowGroup>
        ))}
        {history.hasNextPage ? (
          <LoadMore
            onLoad={() => void history.fetchNextPage()}
            loading={history.isFetchingNextPage}
            label={t('bookings.loadMore')}
            className={styles.more}
          />
        ) : null}
      </div>
    );
  }

  return (
    <Page title={title} titleSuffix={config.houseName} before={back}>
      {allowed && (all || userId === user.id) ? <WaitlistCard memberId={all ? null : userId} /> : null}
      {content}
    </Page>
  );
}

export { BookingsPage as Component };
