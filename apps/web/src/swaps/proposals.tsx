import { ArrowLeftRight, Check, Gift, Undo2, X } from 'lucide-react';
import { formatDisplayDate, type Offer, type SessionUser, type Swap } from '@rustico/core';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import { ListRow } from '../ui/list.tsx';
import { useToast } from '../ui/toast-context.ts';
import { useAnswerOffer, useAnswerSwap } from './queries.ts';
import styles from './swaps.module.css';

export const stayDates = (stay: { start: string; end: string }) => t('bookings.dates', { start: formatDisplayDate(stay.start), end: formatDisplayDate(stay.end) });

type Answer = 'accept' | 'decline' | 'withdraw';
const done: Record<Answer, 'swaps.accepted' | 'swaps.declined' | 'swaps.withdrawn'> = { accept: 'swaps.accepted', decline: 'swaps.declined', withdraw: 'swaps.withdrawn' };

/** Accetta and Rifiuta for whom it was proposed to; «In attesa di Luca» and Ritira for who proposed it. */
function AnswerButtons({ mine, stale, waitingFor, pending, onAnswer }: { mine: boolean; stale: boolean; waitingFor: string; pending: Answer | null; onAnswer: (answer: Answer) => void }) {
  if (mine) {
    return (
      <span className={styles.answers}>
        <span className={styles.waiting}>{t('swaps.waitingFor', { name: waitingFor })}</span>
        <Button variant="text" icon={<Undo2 size={16} aria-hidden="true" />} loading={pending === 'withdraw'} onClick={() => onAnswer('withdraw')}>
          {t('swaps.withdraw')}
        </Button>
      </span>
    );
  }
  return (
    <span className={styles.answers}>
      <Button variant="text" danger icon={<X size={16} aria-hidden="true" />} loading={pending === 'decline'} onClick={() => onAnswer('decline')}>
        {t('swaps.decline')}
      </Button>
      {stale ? null : (
        <Button icon={<Check size={16} aria-hidden="true" />} loading={pending === 'accept'} onClick={() => onAnswer('accept')}>
          {t('swaps.accept')}
        </Button>
      )}
    </span>
  );
}

function useAnswered(kind: 'swap' | 'offer') {
  const { toast } = useToast();
  return (answer: Answer) => ({
    onSuccess: () => toast({ title: t(kind === 'offer' && answer === 'accept' ? 'swaps.offerAccepted' : done[answer]) }),
    onError: (error: unknown) => toast({ title: errorText(error), error: true }),
  });
}

/** One open swap: what each would get, and the answers the viewer may give. */
export function SwapRow({ swap, user }: { swap: Swap; user: SessionUser }) {
  const answer = useAnswerSwap();
  const answered = useAnswered('swap');
  const mine = swap.proposerId === user.id;
  const pending = answer.isPending && answer.variables.id === swap.id ? answer.variables.answer : null;
  const title = mine
    ? t('swaps.swapFromMe', { name: swap.toName, theirs: stayDates(swap.withBooking), mine: stayDates(swap.booking) })
    : t('swaps.swapToMe', { name: swap.proposerName, theirs: stayDates(swap.booking), mine: stayDates(swap.withBooking) });
  return (
    <ListRow
      leading={<ArrowLeftRight size={20} />}
      title={title}
      detail={swap.stale ? t('swaps.stale') : t('swaps.until', { date: formatDisplayDate(swap.expiresOn) })}
      trailing={<AnswerButtons mine={mine} stale={swap.stale} waitingFor={swap.toName} pending={pending} onAnswer={(a) => answer.mutate({ id: swap.id, answer: a }, answered(a))} />}
    />
  );
}

/** One open stay given. */
export function OfferRow({ offer, user }: { offer: Offer; user: SessionUser }) {
  const answer = useAnswerOffer();
  const answered = useAnswered('offer');
  const mine = offer.fromId === user.id;
  const pending = answer.isPending && answer.variables.id === offer.id ? answer.variables.answer : null;
  const dates = stayDates(offer.booking);
  const title = mine ? t('swaps.offerFromMe', { name: offer.toName, dates }) : t('swaps.offerToMe', { name: offer.fromName, dates });
  const detail = offer.stale ? t('swaps.stale') : offer.viaWaitlist ? t('swaps.viaWaitlist') : t('swaps.until', { date: formatDisplayDate(offer.expiresOn) });
  return (
    <ListRow
      leading={<Gift size={20} />}
      title={title}
      detail={detail}
      trailing={<AnswerButtons mine={mine} stale={offer.stale} waitingFor={offer.toName} pending={pending} onAnswer={(a) => answer.mutate({ id: offer.id, answer: a }, answered(a))} />}
    />
  );
}
