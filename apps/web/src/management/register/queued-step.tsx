import { CloudUpload, TriangleAlert } from 'lucide-react';
import { formatDisplayDate, formatKwh, type Booking } from '@rustico/core';
import { errorText } from '../../lib/error-text.ts';
import { t } from '../../lib/i18n.ts';
import { refusalError } from '../../offline/outbox.ts';
import { deleteOutboxEntry, type OutboxEntry } from '../../offline/outbox-store.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Actions } from '../../ui/actions.tsx';
import { WithdrawButton } from '../../offline/withdraw-button.tsx';
import styles from './register.module.css';

/**
 * A step saved on the phone, waiting for the network: what the member sent, so they know it is
 * kept, and «Ritira» to take it back before it goes (with the steps that need it).
 */
export function WaitingStepCard({ entry, dependents = [] }: { entry: OutboxEntry; dependents?: OutboxEntry[] }) {
  const body = (entry.body ?? {}) as { dayKwh?: number; nightKwh?: number; note?: string };
  const kind = entry.kind === 'payment' ? 'payment' : entry.kind === 'checkout' ? 'checkout' : 'checkin';
  const title = t(`offline.step.${kind}`);
  return (
    <Card title={title} aria-label={title} icon={<CloudUpload size={20} />}>
      <Alert tone="info">{t('offline.stepWaiting')}</Alert>
      {body.dayKwh !== undefined && body.nightKwh !== undefined ? (
        <p className={styles.muted}>{t('offline.readings', { day: formatKwh(body.dayKwh), night: formatKwh(body.nightKwh) })}</p>
      ) : null}
      {body.note ? <p className={styles.muted}>{t('stay.waitingNote', { text: body.note })}</p> : null}
      <Actions end>
        <WithdrawButton kind={kind} entry={entry} dependents={dependents} />
      </Actions>
    </Card>
  );
}

/** A stay step that was saved offline but whose booking is no longer there (deleted meanwhile). */
export function OrphanRefusals({ entries, bookings }: { entries: OutboxEntry[]; bookings: Booking[] }) {
  const orphans = entries.filter((entry) => entry.refusal && !bookings.some((booking) => booking.id === entry.bookingId));
  if (orphans.length === 0) return null;
  return (
    <>
      {orphans.map((entry) => (
        <Card key={entry.key} title={t('offline.refusedTitle')} icon={<TriangleAlert size={20} />}>
          <Alert>{errorText(refusalError(entry))}</Alert>
          <p className={styles.muted}>{describe(entry)}</p>
          <Actions end>
            <Button variant="outlined" onClick={() => void deleteOutboxEntry(entry.key)}>
              {t('offline.discard')}
            </Button>
          </Actions>
        </Card>
      ))}
    </>
  );
}

function describe(entry: OutboxEntry): string {
  const body = (entry.body ?? {}) as { dayKwh?: number; nightKwh?: number };
  const when = formatDisplayDate(new Date(entry.queuedAt).toISOString().slice(0, 10));
  if (body.dayKwh !== undefined && body.nightKwh !== undefined) {
    return t('offline.refusedReading', { date: when, day: formatKwh(body.dayKwh), night: formatKwh(body.nightKwh) });
  }
  return t('offline.refusedOther', { date: when });
}
