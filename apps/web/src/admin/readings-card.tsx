import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDisplayDate, formatKwh, refusedRegisters, type AdminReading } from '@rustico/core';
import type { z } from 'zod';
import { isApiError } from '../lib/api.ts';
import { errorText } from '../lib/error-text.ts';
import { fieldErrorText } from '../lib/form-errors.ts';
import { t } from '../lib/i18n.ts';
import type { readingCorrectionSchema } from '../management/register/form-schemas.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { TextField } from '../ui/text-field.tsx';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { useToast } from '../ui/toast-context.ts';
import { useCorrectReading, useReadings } from './queries.ts';
import styles from './statistics.module.css';

type CorrectionInput = z.input<typeof readingCorrectionSchema>;
type Correction = z.output<typeof readingCorrectionSchema>;
const resolver = lazyZodResolver(() => import('../management/register/form-schemas.ts').then((schemas) => schemas.readingCorrectionSchema));

/** 'Correggi lettura': the two registers, prefilled; a refusal shows on the register it names (both when it names none). */
function CorrectReadingDialog({ reading, onClose }: { reading: AdminReading; onClose: () => void }) {
  const correct = useCorrectReading();
  const { toast } = useToast();
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<CorrectionInput, unknown, Correction>({
    resolver,
    defaultValues: { dayKwh: String(reading.dayKwh), nightKwh: String(reading.nightKwh) },
    reValidateMode: 'onSubmit',
  });

  const onSubmit = (values: Correction) => {
    setFormAlert(null);
    correct.mutate(
      { id: reading.id, reading: values },
      {
        onSuccess: () => {
          toast({ title: t('admin.readings.corrected') });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && (error.code === 'READING_TOO_LOW' || error.code === 'READING_TOO_HIGH')) {
            refusedRegisters(error.field).forEach((field, index) => setError(field, { type: 'server', message: errorText(error) }, { shouldFocus: index === 0 }));
          } else {
            setFormAlert(errorText(error));
          }
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('admin.readings.dialogTitle')}
      description={t('admin.readings.dialogDescription', {
        name: reading.ownerName,
        kind: t(`admin.readings.kind.${reading.kind}`),
        start: formatDisplayDate(reading.start),
        end: formatDisplayDate(reading.end),
      })}
      submitLabel={t('admin.readings.save')}
      pending={correct.isPending}
      onSubmit={() => void handleSubmit(onSubmit)()}
      onClose={onClose}
    >
      {formAlert ? <Alert tone="error">{formAlert}</Alert> : null}
      <TextField
        {...register('dayKwh')}
        label={t('register.dayKwh')}
        inputMode="decimal"
        autoComplete="off"
        required
        requiredMark
        error={fieldErrorText(errors.dayKwh)}
        onClearError={() => clearErrors('dayKwh')}
      />
      <TextField
        {...register('nightKwh')}
        label={t('register.nightKwh')}
        inputMode="decimal"
        autoComplete="off"
        required
        requiredMark
        error={fieldErrorText(errors.nightKwh)}
        onClearError={() => clearErrors('nightKwh')}
      />
    </FormDialog>
  );
}

function lastCorrection(reading: AdminReading): string | null {
  const last = reading.corrections.at(-1);
  if (!last) return null;
  return t('admin.readings.correctedBy', { name: last.correctedByName, date: formatDisplayDate(last.correctedAt.slice(0, 10)) });
}

/** The latest meter readings, for an admin to correct one typed wrong (statistics page). */
export function ReadingsCard() {
  const readings = useReadings(true);
  const [editing, setEditing] = useState<AdminReading | null>(null);
  const title = t('admin.readings.title');
  return (
    <Card title={title} aria-label={title}>
      <p className={styles.muted}>{t('admin.readings.hint')}</p>
      {readings.isPending ? null : readings.isError ? (
        <Alert tone="error">{t('admin.loadFailed')}</Alert>
      ) : readings.data.length === 0 ? (
        <p className={styles.muted}>{t('admin.readings.none')}</p>
      ) : (
        <ul className={styles.readingList}>
          {readings.data.map((reading) => (
            <li key={reading.id} className={styles.readingRow}>
              <div className={styles.readingText}>
                <span className={styles.readingWho}>
                  {reading.ownerName} · {t(`admin.readings.kind.${reading.kind}`)}
                </span>
                <span className={styles.muted}>
                  {formatDisplayDate(reading.start)} – {formatDisplayDate(reading.end)}
                </span>
                {lastCorrection(reading) ? <span className={styles.muted}>{lastCorrection(reading)}</span> : null}
              </div>
              <span className={styles.readingTotal}>{t('admin.readings.total', { kwh: formatKwh(reading.totalKwh) })}</span>
              <Button
                variant="outlined"
                aria-label={t('admin.readings.correctLabel', { name: reading.ownerName, kind: t(`admin.readings.kind.${reading.kind}`) })}
                onClick={() => setEditing(reading)}
              >
                {t('admin.readings.correct')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {editing ? <CorrectReadingDialog reading={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
