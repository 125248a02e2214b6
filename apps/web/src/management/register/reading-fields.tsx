import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { meterReadingInputSchema, readingIsPlausible, type MeterReading, type MeterReadingInput } from '@rustico/core';
import { z } from 'zod';
import { isApiError } from '../../lib/api.ts';
import { errorCodeText, errorText } from '../../lib/error-text.ts';
import { t } from '../../lib/i18n.ts';
import { TextField } from '../../ui/text-field.tsx';
import styles from './register.module.css';

const kwhFormat = new Intl.NumberFormat('it-CH', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** `30’273.3` */
export function formatKwh(kwh: number): string {
  return kwhFormat.format(kwh);
}

/** What a person types on the phone: `18240,5`, `18'240.5` or `18 240.5`. */
function parseKwh(text: string): number {
  const normalised = text.replace(/[\s'’]/g, '').replace(',', '.');
  return normalised === '' ? Number.NaN : Number(normalised);
}

/** A required meter field: text in, kWh out (empty: 'Riempi questo campo'; not a number: 'Valore non valido'). */
const kwhField = z.string().trim().min(1).transform(parseKwh).pipe(meterReadingInputSchema.shape.dayKwh);

export const readingFormFields = {
  dayKwh: kwhField,
  nightKwh: kwhField,
  note: z.string().trim().max(2000),
};

export type ReadingField = 'dayKwh' | 'nightKwh';

/**
 * What check-in and check-out share when saving readings: the meter rule before
 * sending (core's `readingIsPlausible`), and where a refusal shows —
 * 'Dati non corretti' on both fields, anything else in the form's alert
 * unless `claim` places it.
 */
export function useReadingErrors(setFieldError: (field: ReadingField, message: string) => void) {
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const tooLow = (message: string) => {
    setFieldError('dayKwh', message);
    setFieldError('nightKwh', message);
  };
  return {
    formAlert,
    /** True when the readings may be sent. */
    check(reading: MeterReadingInput, latest: MeterReading | null | undefined): boolean {
      setFormAlert(null);
      if (readingIsPlausible(reading, latest?.totalKwh ?? null)) return true;
      tooLow(errorCodeText('READING_TOO_LOW'));
      return false;
    },
    refused(error: unknown, claim?: (error: unknown) => boolean): void {
      if (isApiError(error) && error.code === 'READING_TOO_LOW') tooLow(errorText(error));
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
