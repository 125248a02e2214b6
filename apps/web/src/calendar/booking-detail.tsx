import { useState } from 'react';
import { CalendarRange, Pencil, Trash2, X } from 'lucide-react';
import { canDeleteBooking, canMoveBooking, formatChf, formatDisplayDate, type Booking, type HouseRules, type IsoDate, type SessionUser, type Stay } from '@rustico/core';
import { StatusPill } from '../bookings/booking-status.tsx';
import { BookingFairness } from '../fairness/booking-fairness.tsx';
import { t } from '../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { cx } from '../ui/cx.ts';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { useToast } from '../ui/toast-context.ts';
import { Facts } from '../ui/facts.tsx';
import { nightsText, OwnerName } from './booking-parts.tsx';
import { EditBookingForm } from './edit-booking-form.tsx';
import { useDeleteBooking } from '../bookings/queries.ts';
import { BookingChanges } from '../history/booking-changes.tsx';
import { refusalText } from '../ui/stale-edit.tsx';
import { Actions } from '../ui/actions.tsx';
import { BookingSwaps } from '../swaps/booking-swaps.tsx';
import styles from './calendar.module.css';

export interface BookingDetailProps {
  booking: Booking;
  user: SessionUser;
  today: IsoDate;
  rules: HouseRules | undefined;
  /** The bookings on screen, to check a move against before asking the server. */
  bookings: readonly Booking[];
  onClose: () => void;
  /** "Richiedi anche tu": selects a request's nights for one's own. */
  onRequestToo?: ((stay: Stay) => void) | undefined;
}

function Tick({ done, yes, no }: { done: boolean; yes: string; no: string }) {
  return <span className={cx(styles.tick, done && styles.tickDone)}>{done ? yes : no}</span>;
}

/** A selected booking: its facts, and for whom may, Modifica and Elimina. */
export function BookingDetail({ booking, user, today, rules, bookings, onClose, onRequestToo }: BookingDetailProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteBooking();
  const { toast } = useToast();
  const canMove = canMoveBooking(user, booking);
  const canDelete = canDeleteBooking(user, booking);
  const maintenance = booking.purpose === 'maintenance';

  if (editing) {
    return <EditBookingForm booking={booking} user={user} today={today} rules={rules} bookings={bookings} onDone={() => setEditing(false)} />;
  }

  const confirmDelete = () => {
    remove.mutate(
      { id: booking.id, version: booking.version },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({ title: t('calendar.deleted') });
          onClose();
        },
        onError: (error) => {
          setConfirming(false);
          // Changed since it was shown: the detail shows it as it is now (the booking queries refresh); the member looks again.
          toast({ title: refusalText(error), error: true });
        },
      },
    );
  };

  return (
    <Card title={t('calendar.booking')} icon={<CalendarRange size={20} />}>
      <Facts
        rows={[
          [t('calendar.owner'), <OwnerName key="owner" name={booking.ownerName} colour={booking.ownerColour} />],
          [t('fairness.booking.status'), <StatusPill key="status" status={booking.status} />],
          [t('calendar.arrival'), formatDisplayDate(booking.start)],
          [t('calendar.departure'), formatDisplayDate(booking.end)],
          [t('calendar.nights'), nightsText(booking)],
          [t('calendar.purpose'), t(`calendar.purposes.${booking.purpose}`)],
          [t('calendar.cost'), maintenance ? t('calendar.free') : formatChf(booking.costCentimes)],
          [t('calendar.checkIn'), <Tick key="in" done={booking.checkedIn} yes={t('calendar.done')} no={t('calendar.toDo')} />],
          [t('calendar.checkOut'), <Tick key="out" done={booking.checkedOut} yes={t('calendar.done')} no={t('calendar.toDo')} />],
          ...(maintenance ? [] : ([[t('calendar.payment'), <Tick key="paid" done={booking.paid} yes={t('calendar.paid')} no={t('calendar.unpaid')} />]] as const)),
        ]}
      />
      <BookingFairness booking={booking} user={user} today={today} onRequestToo={onRequestToo} />
      <BookingSwaps booking={booking} user={user} today={today} />
      {booking.createdByName ? <p className={styles.note}>{t('calendar.bookedBy', { name: booking.createdByName })}</p> : null}
      {booking.ownerId === user.id && booking.checkedIn ? <p className={styles.note}>{t('calendar.checkedInLocked')}</p> : null}
      {booking.ownerId !== user.id && !canDelete ? <p className={styles.note}>{t('calendar.readOnly')}</p> : null}
      <BookingChanges bookingId={booking.id} />
      <Actions>
        {canMove ? (
          <Button variant="outlined" onClick={() => setEditing(true)} icon={<Pencil size={16} aria-hidden="true" />}>
            {t('calendar.edit')}
          </Button>
        ) : null}
        {canDelete ? (
          <Dialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('calendar.deleteTitle')}
            description={t('calendar.deleteText')}
            trigger={
              <Button variant="outlined" danger icon={<Trash2 size={16} aria-hidden="true" />}>
                {t('calendar.delete')}
              </Button>
            }
            actions={
              <DialogActions>
                <Button danger onClick={confirmDelete} loading={remove.isPending}>
                  {t('calendar.delete')}
                </Button>
              </DialogActions>
            }
          />
        ) : null}
        <Button variant="text" onClick={onClose} icon={<X size={18} aria-hidden="true" />}>
          {t('calendar.close')}
        </Button>
      </Actions>
    </Card>
  );
}
