import { PartyPopper } from 'lucide-react';
import { stayStep, type Booking } from '@rustico/core';
import { t } from '../../lib/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Loading } from '../../ui/loading.tsx';
import { Actions } from '../../ui/actions.tsx';
import type { OutboxEntry } from '../../offline/outbox-store.ts';
import { CheckinStep } from './checkin-step.tsx';
import { CheckoutStep } from './checkout-step.tsx';
import { PaymentStep } from './payment-step.tsx';
import { useLatestReading } from './queries.ts';
import { WaitingStepCard } from './queued-step.tsx';
import styles from './register.module.css';

export interface StepForProps {
  booking: Booking;
  /** This stay's steps saved on the phone (waiting, or refused by the server). */
  queued: OutboxEntry[];
  onCancelled: () => void;
  onPaid: (booking: Booking) => void;
  onAnother: () => void;
}

/** The step the booking is at: check-in, check-out, payment or done. */
export function StepFor({ booking, queued, onCancelled, onPaid, onAnother }: StepForProps) {
  // A check-in waiting on the phone counts as done here, so the departure can be registered offline too.
  const checkinWaiting = queued.some((entry) => entry.kind === 'checkin' && !entry.refusal);
  const step = stayStep(checkinWaiting ? { ...booking, checkedIn: true } : booking);
  const reading = useLatestReading();
  const refused = queued.find((entry) => entry.refusal && entry.kind === step);
  const waiting = queued.find((entry) => !entry.refusal && entry.kind !== 'checkin');
  const needsReading = step === 'checkin' || step === 'checkout';
  if (needsReading && reading.isPending) return <Loading />;
  const latest = reading.data;
  // The check-out or payment waits for the network: the next step needs the server's cost.
  if (waiting) return <WaitingStepCard entry={waiting} />;
  switch (step) {
    case 'checkin':
      return <CheckinStep key={refused?.key} booking={booking} latest={latest} onCancelled={onCancelled} refused={refused} />;
    case 'checkout':
      return <CheckoutStep key={refused?.key} booking={booking} latest={latest} refused={refused} />;
    case 'payment':
      return <PaymentStep key={refused?.key} booking={booking} onPaid={onPaid} refused={refused} />;
    case 'done':
      return (
        <Card title={t('register.doneTitle')} aria-label={t('register.doneTitle')} icon={<PartyPopper size={20} />}>
          <p className={styles.done} role="status">
            {t('register.doneText')}
          </p>
          <Actions end>
            <Button variant="outlined" onClick={onAnother}>
              {t('register.another')}
            </Button>
          </Actions>
        </Card>
      );
  }
}
