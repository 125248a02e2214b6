import { ArrowLeftRight, Check, Gift, Undo2, X } from 'lucide-react';
import { formatDisplayDate, touchesPeak, type Offer, type SessionUser, type Stay, type Swap } from '@rustico/core';
import { usePeakPeriods } from '../fairness/queries.ts';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import type { ReactNode } from 'react';
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
      {stale ? null : (
        <Button icon={<Check size={16} aria-hidden="true" />} loading={pending === 'accept'} onClick={() => onAnswer('accept')}>
          {t('swaps.accept')}
        </Button>
      )}
      <Button variant="text" danger icon={<X size={16} aria-hidden="true" />} loading={pending === 'decline'} onClick={() => onAnswer('decline')}>
        {t('swaps.decline')}
      </Button>
    </span>
  );
}

/** A proposal in a list: what it is, until when, and its answers under the text (a phone has no room beside it). */
function ProposalItem({ icon, title, detail, answers }: { icon: ReactNode; title: string; detail: string; answers: ReactNode }) {
  return (
    <li className={styles.item}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.text}>
        <span className={styles.title}>{title}</span>
        <span className={styles.detail}>{detail}</span>
        {answers}
      </span>
    </li>
  );
}

/** The line under a proposal: gone stale, into a peak (a request for whoever receives it), or until when it holds. */
function useDetail(received: Stay | null, stale: boolean, expiresOn: string, extra?: string): string {
  const peaks = usePeakPeriods();
  if (stale) return t('swaps.stale');
  const until = extra ?? t('swaps.until', { date: formatDisplayDate(expiresOn) });
  return received && touchesPeak(received, peaks.data ?? []) ? `${until} · ${t('swaps.peak')}` : until;
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
  const detail = useDetail(mine ? swap.withBooking : swap.booking, swap.stale, swap.expiresOn);
  const title = mine
    ? t('swaps.swapFromMe', { name: swap.toName, theirs: stayDates(swap.withBooking), mine: stayDates(swap.booking) })
    : t('swaps.swapToMe', { name: swap.proposerName, theirs: stayDates(swap.booking), mine: stayDates(swap.withBooking) });
  return (
    <ProposalItem
      icon={<ArrowLeftRight size={20} />}
      title={title}
      detail={detail}
      answers={<AnswerButtons mine={mine} stale={swap.stale} waitingFor={swap.toName} pending={pending} onAnswer={(a) => answer.mutate({ id: swap.id, answer: a }, answered(a))} />}
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
  const detail = useDetail(mine ? null : offer.booking, offer.stale, offer.expiresOn, offer.viaWaitlist && !mine ? t('swaps.viaWaitlist') : undefined);
  return (
    <ProposalItem
      icon={<Gift size={20} />}
      title={title}
      detail={detail}
      answers={<AnswerButtons mine={mine} stale={offer.stale} waitingFor={offer.toName} pending={pending} onAnswer={(a) => answer.mutate({ id: offer.id, answer: a }, answered(a))} />}
    />
  );
}
