import { useState } from 'react';
import { ArrowLeftRight, Gift } from 'lucide-react';
import { addDays, formatDisplayDate, type Booking, type IsoDate, type SessionUser } from '@rustico/core';
import { useQuery } from '@tanstack/react-query';
import { bookingRangeQuery } from '../bookings/queries.ts';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Actions } from '../ui/actions.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { List } from '../ui/list.tsx';
import { Select } from '../ui/select.tsx';
import { useToast } from '../ui/toast-context.ts';
import { OfferRow, SwapRow } from './proposals.tsx';
import { useDirectory, useFirstWaiting, useOffers, useOfferStay, useProposeSwap, useSwaps } from './queries.ts';
import styles from './swaps.module.css';

/** How far ahead «Proponi scambio» lists other members' stays: three years (the server answers at most 1100 days at once). */
const SWAP_HORIZON_DAYS = 1095;
const FIRST_WAITING = 'waitlist';

/** `13.12.–15.12.2026` (the year once when both days share it): an option of a phone's menu has one line. */
export function compactDates(stay: { start: IsoDate; end: IsoDate }): string {
  const [start, end] = [formatDisplayDate(stay.start), formatDisplayDate(stay.end)];
  return stay.start.slice(0, 4) === stay.end.slice(0, 4) ? `${start.slice(0, 6)}–${end}` : `${start} – ${end}`;
}

/** A stay that may still change hands: not begun, not checked in, not declined. */
const givable = (booking: Booking, today: IsoDate) => booking.start > today && !booking.checkedIn && booking.status !== 'declined';

function ProposeSwap({ booking, user, today }: { booking: Booking; user: SessionUser; today: IsoDate }) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState('');
  // Asked for when the dialog opens, not with every panel of one's own stay.
  const ahead = useQuery({ ...bookingRangeQuery(addDays(today, 1), addDays(today, SWAP_HORIZON_DAYS)), enabled: open });
  const propose = useProposeSwap();
  const { toast } = useToast();
  const others = (ahead.data ?? []).filter((b) => b.ownerId !== user.id && givable(b, today));
  const options = others.map((b) => ({ value: b.id, label: t('swaps.stayOption', { name: b.ownerName, dates: compactDates(b) }) }));
  const send = () => {
    const other = others.find((b) => b.id === choice);
    if (!other) return;
    propose.mutate(
      { bookingId: booking.id, withBookingId: other.id },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: t('swaps.proposed', { name: other.ownerName }) });
        },
        onError: (error) => toast({ title: errorText(error), error: true }),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('swaps.proposeTitle')}
      description={t('swaps.proposeText')}
      trigger={
        <Button variant="outlined" icon={<ArrowLeftRight size={16} aria-hidden="true" />}>
          {t('swaps.propose')}
        </Button>
      }
      actions={
        <DialogActions>
          <Button onClick={send} disabled={!choice} loading={propose.isPending}>
            {t('swaps.send')}
          </Button>
        </DialogActions>
      }
    >
      {options.length > 0 ? (
        <Select label={t('swaps.withStay')} options={options} value={choice} onValueChange={setChoice} />
      ) : ahead.isSuccess ? (
        <p className={styles.lead}>{t('swaps.noStays')}</p>
      ) : null}
    </Dialog>
  );
}

function GiveStay({ booking, user }: { booking: Booking; user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const [picked, setChoice] = useState<string | null>(null);
  const directory = useDirectory(open);
  const waiting = useFirstWaiting(booking.id, open);
  const offer = useOfferStay();
  const { toast } = useToast();
  // «Al primo in lista d'attesa» only when someone waits; it is then the first choice.
  const first = waiting.data ?? null;
  const choice = picked ?? (first ? FIRST_WAITING : '');
  const options = [
    ...(first ? [{ value: FIRST_WAITING, label: t('swaps.firstWaiting', { name: first.name }) }] : []),
    ...(directory.data ?? []).filter((m) => m.id !== user.id).map((m) => ({ value: m.id, label: m.name })),
  ];
  const send = () =>
    offer.mutate(
      { bookingId: booking.id, ...(choice === FIRST_WAITING ? {} : { toMemberId: choice }) },
      {
        onSuccess: (made) => {
          setOpen(false);
          toast({ title: t('swaps.offered', { name: made.toName }) });
        },
        onError: (error) => toast({ title: errorText(error), error: true }),
      },
    );
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('swaps.giveTitle')}
      description={t('swaps.giveText')}
      trigger={
        <Button variant="outlined" icon={<Gift size={16} aria-hidden="true" />}>
          {t('swaps.give')}
        </Button>
      }
      actions={
        <DialogActions>
          <Button onClick={send} disabled={!choice} loading={offer.isPending}>
            {t('swaps.give')}
          </Button>
        </DialogActions>
      }
    >
      <Select label={t('swaps.giveTo')} options={options} value={choice} onValueChange={setChoice} />
    </Dialog>
  );
}

/**
 * The booking panel's swaps and stays given: the open proposals about this stay with their
 * answers, and on one's own future stay «Proponi scambio» and «Cedi».
 */
export function BookingSwaps({ booking, user, today }: { booking: Booking; user: SessionUser; today: IsoDate }) {
  const swaps = useSwaps();
  const offers = useOffers();
  const about = (swaps.data ?? []).filter((s) => s.booking.id === booking.id || s.withBooking.id === booking.id);
  const offered = (offers.data ?? []).filter((o) => o.booking.id === booking.id);
  const own = booking.ownerId === user.id && givable(booking, today);
  if (!own && about.length === 0 && offered.length === 0) return null;
  return (
    <section className={styles.section} aria-label={t('swaps.title')}>
      {about.length + offered.length > 0 ? (
        <List label={t('swaps.title')}>
          {about.map((swap) => (
            <SwapRow key={swap.id} swap={swap} user={user} />
          ))}
          {offered.map((o) => (
            <OfferRow key={o.id} offer={o} user={user} />
          ))}
        </List>
      ) : null}
      {own ? (
        <Actions>
          <ProposeSwap booking={booking} user={user} today={today} />
          {offered.length === 0 ? <GiveStay booking={booking} user={user} /> : null}
        </Actions>
      ) : null}
    </section>
  );
}
