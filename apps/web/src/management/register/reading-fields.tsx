import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatKwh, readingProblem, type MeterReading, type MeterReadingInput } from '@rustico/core';
import { isApiError } from '../../lib/api.ts';
import { errorCodeText, errorText } from '../../lib/error-text.ts';
import { t } from '../../lib/i18n.ts';
import { refusalError } from '../../offline/outbox.ts';
import type { OutboxEntry } from '../../offline/outbox-store.ts';
import { TextField } from '../../ui/text-field.tsx';
import styles from './register.module.css';


export type ReadingField = 'dayKwh' | 'nightKwh';

/** The meter rule's refusals, shown on both fields. */
const isReadingRefusal = (code: string) => code === 'READING_TOO_LOW' || code === 'READING_TOO_HIGH';

/**
 * What check-in and check-out share when saving readings: the meter rule before
 * sending (core's `readingProblem`), and where a refusal shows — too low or
 * implausibly high on both fields, anything else in the form's alert
 * unless `claim` places it.
 */
export function useReadingErrors(setFieldError: (field: ReadingField, message: string) => void, refusedOffline?: OutboxEntry) {
  // A write saved offline and refused on reconnect shows its refusal as if it had just been sent
  // (the step remounts per refused entry, so this runs once for each).
  const offlineRefusal = refusedOffline ? refusalError(refusedOffline) : null;
  const [formAlert, setFormAlert] = useState<string | null>(() =>
    offlineRefusal && !isReadingRefusal(offlineRefusal.code) ? errorText(offlineRefusal) : null,
  );
  const onBothFields = (message: string) => {
    setFieldError('dayKwh', message);
    setFieldError('nightKwh', message);
  };
  const readingRefusedOffline = offlineRefusal && isReadingRefusal(offlineRefusal.code) ? errorText(offlineRefusal) : null;
  useEffect(() => {
    if (readingRefusedOffline) onBothFields(readingRefusedOffline);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readingRefusedOffline]);
  return {
    formAlert,
    /** True when the readings may be sent. */
    check(reading: MeterReadingInput, latest: MeterReading | null | undefined): boolean {
      setFormAlert(null);
      const problem = readingProblem(reading, latest ?? null, new Date());
      if (!problem) return true;
      onBothFields(errorCodeText(problem));
      return false;
    },
    refused(error: unknown, claim?: (error: unknown) => boolean): void {
      if (isApiError(error) && isReadingRefusal(error.code)) onBothFields(errorText(error));
      else if (!claim?.(error)) setFormAlert(errorText(error));
    },
  };
}

interface FieldProps {
  registration: UseFormRegisterReturn;
  error: string | undefined;
  onClearError: () => void;
}

export interface ReadingFieldsProps {
  latest: MeterReading | null | undefined;
  day: FieldProps;
  night: FieldProps;
}

/** The two meter registers, each with the last recorded value, and the rule as a hint. */
export function ReadingFields({ latest, day, night }: ReadingFieldsProps) {
  const last = (value: number | undefined) =>
    value === undefined ? t('register.noReading') : t('register.lastReading', { value: formatKwh(value) });
  return (
    <fieldset className={styles.readings}>
      <legend className={styles.readingsHint}>
        {latest ? t('register.readingHint', { total: formatKwh(latest.totalKwh) }) : t('register.readingHintFirst')}
      </legend>
      <div className={styles.readingFields}>
        <TextField
          {...day.registration}
          label={t('register.dayKwh')}
          inputMode="decimal"
          autoComplete="off"
          required
          requiredMark
          supportingText={last(latest?.dayKwh)}
          error={day.error}
          onClearError={day.onClearError}
        />
        <TextField
          {...night.registration}
          label={t('register.nightKwh')}
          inputMode="decimal"
          autoComplete="off"
          required
          requiredMark
          supportingText={last(latest?.nightKwh)}
          error={night.error}
          onClearError={night.onClearError}
        />
      </div>
    </fieldset>
  );
}
