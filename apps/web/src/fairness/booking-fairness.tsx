import { Link } from 'react-router';
import { BellPlus, BellOff, Scale, Send } from 'lucide-react';
import { isAdmin, staysOverlap, type Booking, type IsoDate, type SessionUser, type Stay } from '@rustico/core';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Button, buttonClass } from '../ui/button.tsx';
import { useToast } from '../ui/toast-context.ts';
import { DecisionExplain } from '../bookings/booking-status.tsx';
import { Actions } from '../ui/actions.tsx';
import styles from './fairness.module.css';
import { useJoinWaitlist, useLeaveWaitlist, useWaitlist } from '../waitlist/queries.ts';

/** "Avvisami se si libera" on someone else's stay, or the way out of the waitlist once on it. */
function WaitlistAction({ booking, user }: { booking: Booking; user: SessionUser }) {
  const waitlist = useWaitlist();
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const { toast } = useToast();
  const mine = (waitlist.data ?? []).find((entry) => entry.memberId === user.id && !entry.notifiedAt && staysOverlap(entry, booking));
  if (mine) {
    return (
      <>
        <p className={styles.muted}>{t('fairness.booking.waiting')}</p>
        <Button
          variant="outlined"
          icon={<BellOff size={16} aria-hidden="true" />}
          loading={leave.isPending}
          onClick={() =>
            leave.mutate(mine.id, {
              onSuccess: () => toast({ title: t('fairness.booking.left') }),
              onError: (error) => toast({ title: errorText(error), error: true }),
            })
          }
        >
          {t('fairness.booking.leave')}
        </Button>
      </>
    );
  }
  return (
    <Button
      variant="outlined"
      icon={<BellPlus size={16} aria-hidden="true" />}
      loading={join.isPending}
      onClick={() =>
        join.mutate(
          { start: booking.start, end: booking.end },
          {
            onSuccess: () => toast({ title: t('fairness.booking.notifyDone') }),
            onError: (error) => toast({ title: errorText(error), error: true }),
          },
        )
      }
    >
      {t('fairness.booking.notify')}
    </Button>
  );
}

export interface BookingFairnessProps {
  booking: Booking;
  user: SessionUser;
  today: IsoDate;
  /** Selects the same nights for a request of one's own. */
  onRequestToo?: ((stay: Stay) => void) | undefined;
}

/**
 * The fair-booking part of a booking's detail: why it is requested, declined
 * or overridden (for everyone to see), and what one can do about someone
 * else's stay: decide it (admins), request the same nights, wait for them.
 */
export function BookingFairness({ booking, user, today, onRequestToo }: BookingFairnessProps) {
  const others = booking.ownerId !== user.id;
  const ahead = booking.end > today || (booking.start === booking.end && booking.start >= today);
  const requested = booking.status === 'requested';
  return (
    <>
      <DecisionExplain booking={booking} />
      {ahead && (others || (requested && isAdmin(user.role))) ? (
        <Actions>
          {requested && isAdmin(user.role) ? (
            <Link to={`/app/richieste/${encodeURIComponent(booking.id)}`} className={buttonClass({ variant: 'filled' })}>
              <Scale size={16} aria-hidden="true" />
              {t('fairness.booking.decide')}
            </Link>
          ) : null}
          {requested && others && onRequestToo && booking.start >= today ? (
            <Button variant="outlined" icon={<Send size={16} aria-hidden="true" />} onClick={() => onRequestToo({ start: booking.start, end: booking.end })}>
              {t('fairness.booking.requestToo')}
            </Button>
          ) : null}
          {others ? <WaitlistAction booking={booking} user={user} /> : null}
        </Actions>
      ) : null}
    </>
  );
}
