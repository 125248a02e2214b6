import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CalendarSearch } from 'lucide-react';
import { checkinOpen, formatDisplayDate, type Booking } from '@rustico/core';
import { t } from '../../lib/i18n.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Loading } from '../../ui/loading.tsx';
import { Select } from '../../ui/select.tsx';
import { Checkbox } from './checkbox.tsx';
import { useCurrentUser } from '../../auth/queries.ts';
import { useOutboxEntries } from '../../offline/use-outbox.ts';
import { useOpenStays } from './queries.ts';
import { OrphanRefusals } from './queued-step.tsx';
import { Actions } from '../../ui/actions.tsx';
import styles from './register.module.css';
import { houseToday } from '../../lib/house-today.ts';
import { loadWhenIdle } from '../../lib/load-when-idle.ts';

const BOOKING_PARAM = 'booking';

const loadStepFor = () => import('./step-for.tsx');
// The steps (the check-in, check-out and payment cards, with react-hook-form) are not drawn until a
// stay is chosen, which a member with several open stays does after the first paint: they load
// when the browser is idle after it, or at once when a stay is chosen first.
const StepFor = lazy(() => loadStepFor().then((module) => ({ default: module.StepFor })));

function optionLabel(booking: Booking, today: string): string {
  const label = t('register.option', {
    start: formatDisplayDate(booking.start),
    end: formatDisplayDate(booking.end),
    purpose: t(`register.purposes.${booking.purpose}`),
  });
  // A stay not yet at its arrival day says when its check-in opens.
  return booking.checkedIn || checkinOpen(booking.start, today) ? label : `${label} · ${t('register.checkinFrom', { date: formatDisplayDate(booking.start) })}`;
}

/** The selected booking id in `?booking=`, so a reload keeps it; the tab's hash is kept. */
function useSelectedId(): [string | null, (id: string | null) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const selected = new URLSearchParams(location.search).get(BOOKING_PARAM);
  const select = useCallback(
    (id: string | null) => {
      const params = new URLSearchParams(location.search);
      if (id) params.set(BOOKING_PARAM, id);
      else params.delete(BOOKING_PARAM);
      const search = params.toString();
      void navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
        { replace: true, preventScrollReset: true },
      );
    },
    [location.pathname, location.search, location.hash, navigate],
  );
  return [selected, select];
}

/** Gestione › Registra: check-in, check-out and payment of my stays. */
export function RegisterTab() {
  const open = useOpenStays();
  const user = useCurrentUser();
  const queued = useOutboxEntries(user.id);
  const [selectedId, select] = useSelectedId();
  // The stay just paid leaves the open list; it stays on screen in its finished state.
  const [finished, setFinished] = useState<Booking | null>(null);
  const preselected = useRef(false);

  useEffect(() => loadWhenIdle(loadStepFor), []);

  // With exactly one open booking and nothing chosen yet, choose it (once).
  useEffect(() => {
    if (preselected.current || !open.data) return;
    preselected.current = true;
    const only = open.data.length === 1 ? open.data[0] : undefined;
    if (!selectedId && only) select(only.id);
  }, [open.data, selectedId, select]);

  if (open.isPending) return <Loading />;
  if (open.isError) {
    return (
      <Card>
        <Alert>{t('register.loadFailed')}</Alert>
        <Actions end>
          <Button variant="outlined" onClick={() => void open.refetch()}>
            {t('register.retry')}
          </Button>
        </Actions>
      </Card>
    );
  }

  const bookings = open.data;
  const listed = finished && !bookings.some((item) => item.id === finished.id) ? [...bookings, finished] : bookings;
  const selected = listed.find((item) => item.id === selectedId) ?? null;

  if (listed.length === 0) {
    return (
      <Card title={t('register.selectTitle')} aria-label={t('register.selectTitle')} icon={<CalendarSearch size={20} />}>
        <p>{t('register.empty')}</p>
        <Actions end>
          <Link to="/app/calendario" className={buttonClass({ variant: 'outlined' })}>
            {t('register.toCalendar')}
          </Link>
        </Actions>
      </Card>
    );
  }

  return (
    <div className={styles.tab}>
      <OrphanRefusals entries={queued} bookings={listed} />
      <div className={styles.selector}>
        <Select
          label={t('register.selectLabel')}
          options={listed.map((item) => ({ value: item.id, label: optionLabel(item, houseToday()) }))}
          value={selected?.id ?? ''}
          onValueChange={(id) => select(id)}
        />
        <StatusTicks booking={selected} />
      </div>
      {selected ? (
        <Suspense fallback={<Loading />}>
          <StepFor
            key={selected.id}
            booking={selected}
            queued={queued.filter((entry) => entry.bookingId === selected.id)}
            onCancelled={() => select(null)}
            onPaid={(paid) => setFinished(paid)}
            onAnother={() => {
              setFinished(null);
              select(null);
            }}
          />
        </Suspense>
      ) : (
        <Card title={t('register.selectTitle')} aria-label={t('register.selectTitle')} icon={<CalendarSearch size={20} />}>
          <p className={styles.muted}>{t('register.selectText')}</p>
        </Card>
      )}
    </div>
  );
}

/** Check-in, Check-out, Pagato: read-only ticks of the selected booking. */
function StatusTicks({ booking }: { booking: Booking | null }) {
  return (
    <fieldset className={styles.ticks} disabled>
      <legend className="visually-hidden">{t('register.status')}</legend>
      <Checkbox label={t('register.checkIn')} checked={booking?.checkedIn ?? false} readOnly />
      <Checkbox label={t('register.checkOut')} checked={booking?.checkedOut ?? false} readOnly />
      <Checkbox label={t('register.paid')} checked={booking?.paid ?? false} readOnly />
    </fieldset>
  );
}
