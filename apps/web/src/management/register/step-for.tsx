import { PartyPopper } from 'lucide-react';
import { readingTotal, stayStep, type Booking, type MeterReading, type MeterReadingInput, type StayStep } from '@rustico/core';
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
  const checkinWaiting = queued.find((entry) => entry.kind === 'checkin' && !entry.refusal);
  const step = stayStep(checkinWaiting ? { ...booking, checkedIn: true } : booking);
  const reading = useLatestReading();
  const refused = queued.find((entry) => entry.refusal && entry.kind === step);
  const waiting = queued.find((entry) => !entry.refusal && entry.kind !== 'checkin');
  const needsReading = step === 'checkin' || step === 'checkout';
  if (needsReading && reading.isPending) return <Loading />;
  // After a check-in still on the phone, the departure's readings follow the arrival's, not the server's last.
  const latest = (checkinWaiting && waitingReading(checkinWaiting)) || reading.data;
  // The check-out or payment waits for the network: the next step needs the server's cost.
  const next = waiting ? (
    <WaitingStepCard entry={waiting} />
  ) : (
    <StepCard step={step} booking={booking} latest={latest} refused={refused} onCancelled={onCancelled} onPaid={onPaid} onAnother={onAnother} />
  );
  // The waiting check-in stays in sight above what follows it (taking it back takes its check-out
  // too); the form below keeps its place, and what was typed in it, when the check-in goes out.
  return (
    <>
      {checkinWaiting ? <WaitingStepCard entry={checkinWaiting} dependents={waiting ? [waiting] : []} /> : null}
      {next}
    </>
  );
}

/** The readings of a step waiting on the phone, as the meter's last reading. */
function waitingReading(entry: OutboxEntry): MeterReading | null {
  const body = entry.body as Partial<MeterReadingInput> | null;
  if (typeof body?.dayKwh !== 'number' || typeof body.nightKwh !== 'number') return null;
  const reading = { dayKwh: body.dayKwh, nightKwh: body.nightKwh };
  return { ...reading, totalKwh: readingTotal(reading), recordedAt: new Date(entry.queuedAt).toISOString() };
}

type StepCardProps = Omit<StepForProps, 'queued'> & { step: StayStep; latest: MeterReading | null | undefined; refused: OutboxEntry | undefined };

function StepCard({ step, booking, latest, refused, onCancelled, onPaid, onAnother }: StepCardProps) {
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
