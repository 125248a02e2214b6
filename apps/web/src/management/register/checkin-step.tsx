import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DoorOpen, Trash2 } from 'lucide-react';
import { checkinOpen, formatDisplayDate, noteLabelText, type Booking, type MeterReading } from '@rustico/core';
import type { z } from 'zod';
import { errorText } from '../../lib/error-text.ts';
import { fieldErrorText } from '../../lib/form-errors.ts';
import { t } from '../../lib/i18n.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Dialog, DialogActions } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { lazyZodResolver } from '../../ui/lazy-resolver.ts';
import { useToast } from '../../ui/toast-context.ts';
import { typedValue } from '../../offline/outbox.ts';
import type { OutboxEntry } from '../../offline/outbox-store.ts';
import { useCancelBooking, useCheckIn } from './queries.ts';
import type { checkinFormSchema } from './form-schemas.ts';
import { ReadingFields, useReadingErrors } from './reading-fields.tsx';
import { Actions } from '../../ui/actions.tsx';
import styles from './register.module.css';
import { houseToday } from '../../lib/house-today.ts';

type CheckinFormInput = z.input<typeof checkinFormSchema>;
type CheckinFormOutput = z.output<typeof checkinFormSchema>;
const resolver = lazyZodResolver(() => import('./form-schemas.ts').then((schemas) => schemas.checkinFormSchema));

export interface CheckinStepProps {
  booking: Booking;
  latest: MeterReading | null | undefined;
  onCancelled: () => void;
  /** A check-in saved offline that the server refused: shown with what was typed, to correct. */
  refused?: OutboxEntry | undefined;
}

/** Arrival: the meter readings and an optional note; and, before it, the booking can still be cancelled. */
export function CheckinStep({ booking, latest, onCancelled, refused }: CheckinStepProps) {
  const today = houseToday();
  return (
    <>
      {checkinOpen(booking.start, today) ? (
        <CheckinForm booking={booking} latest={latest} refused={refused} />
      ) : (
        <Card title={t('register.checkinFrom', { date: formatDisplayDate(booking.start) })} icon={<DoorOpen size={20} />}>
          <p className={styles.muted}>{t('register.checkinLater')}</p>
        </Card>
      )}
      <CancelCard booking={booking} onCancelled={onCancelled} />
    </>
  );
}

function CheckinForm({ booking, latest, refused }: { booking: Booking; latest: MeterReading | null | undefined; refused: OutboxEntry | undefined }) {
  const { toast } = useToast();
  const checkIn = useCheckIn((outcome) => toast({ title: outcome.queued ? t('offline.queued') : t('register.checkedIn') }));
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<CheckinFormInput, unknown, CheckinFormOutput>({
    resolver,
    defaultValues: { dayKwh: typedValue(refused, 'dayKwh'), nightKwh: typedValue(refused, 'nightKwh'), note: typedValue(refused, 'note') },
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });

  const readings = useReadingErrors((field, message) => setError(field, { type: 'manual', message }), refused);

  const onSubmit = (values: CheckinFormOutput) => {
    const reading = { dayKwh: values.dayKwh, nightKwh: values.nightKwh };
    if (!readings.check(reading, latest)) return;
    checkIn.mutate(
      { id: booking.id, body: { ...reading, ...(values.note ? { note: values.note } : {}) }, replaces: refused },
      {
        onError: (error) => readings.refused(error),
      },
    );
  };

  return (
    <Card title={t('register.checkinTitle')} aria-label={t('register.checkinTitle')} icon={<DoorOpen size={20} />}>
      <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
        {booking.purpose === 'maintenance' ? <Alert tone="info">{t('register.maintenanceInfo')}</Alert> : null}
        <ReadingFields
          latest={latest}
          day={{ registration: register('dayKwh'), error: fieldErrorText(errors.dayKwh), onClearError: () => clearErrors('dayKwh') }}
          night={{
            registration: register('nightKwh'),
            error: fieldErrorText(errors.nightKwh),
            onClearError: () => clearErrors('nightKwh'),
          }}
        />
        <TextField
          {...register('note')}
          label={t('register.note')}
          autoComplete="off"
          maxLength={2000}
          supportingText={t('register.noteHint', {
            label: noteLabelText({ kind: 'checkin', date: booking.start }),
          })}
          error={fieldErrorText(errors.note)}
          onClearError={() => clearErrors('note')}
        />
        {readings.formAlert ? <Alert>{readings.formAlert}</Alert> : null}
        <Actions end>
          <Button type="submit" loading={checkIn.isPending}>
            {t('register.save')}
          </Button>
        </Actions>
      </form>
    </Card>
  );
}

function CancelCard({ booking, onCancelled }: { booking: Booking; onCancelled: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const { toast } = useToast();
  const cancel = useCancelBooking(() => {
    setConfirming(false);
    toast({ title: t('register.deleted') });
    onCancelled();
  });

  const confirm = () => {
    cancel.mutate(booking.id, {
      onError: (error) => {
        setConfirming(false);
        toast({ title: errorText(error), error: true });
      },
    });
  };

  return (
    <Card title={t('register.cancelTitle')} aria-label={t('register.cancelTitle')} icon={<Trash2 size={20} />}>
      <p className={styles.muted}>{t('register.cancelText')}</p>
      <Actions end>
        <Dialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('register.deleteTitle')}
          description={t('register.deleteText')}
          trigger={
            <Button variant="outlined" danger icon={<Trash2 size={16} aria-hidden="true" />}>
              {t('register.delete')}
            </Button>
          }
          actions={
            <DialogActions>
              <Button danger onClick={confirm} loading={cancel.isPending}>
                {t('register.delete')}
              </Button>
            </DialogActions>
          }
        />
      </Actions>
    </Card>
  );
}
