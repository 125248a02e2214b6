import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatKwh, readingProblem, refusedRegisters, type MeterReading, type MeterReadingInput, type MeterRegister } from '@rustico/core';
import { isApiError } from '../../lib/api.ts';
import { errorCodeText, errorText } from '../../lib/error-text.ts';
import { t } from '../../lib/i18n.ts';
import { refusalError } from '../../offline/outbox.ts';
import type { OutboxEntry } from '../../offline/outbox-store.ts';
import { TextField } from '../../ui/text-field.tsx';
import styles from './register.module.css';

export type ReadingField = MeterRegister;

/** The meter rule's refusals, shown on the field they name. */
const isReadingRefusal = (code: string) => code === 'READING_TOO_LOW' || code === 'READING_TOO_HIGH';

/**
 * What check-in and check-out share when saving readings: the meter rule before
 * sending (core's `readingProblem`), and where a refusal shows — a register
 * lower than its last reading, or implausibly high, on its own field (both when
 * the total is wrong), anything else in the form's alert unless `claim` places it.
 */
export function useReadingErrors(setFieldError: (field: ReadingField, message: string) => void, refusedOffline?: OutboxEntry) {
  // A write saved offline and refused on reconnect shows its refusal as if it had just been sent
  // (the step remounts per refused entry, so this runs once for each).
  const offlineRefusal = refusedOffline ? refusalError(refusedOffline) : null;
  const [formAlert, setFormAlert] = useState<string | null>(() =>
    offlineRefusal && !isReadingRefusal(offlineRefusal.code) ? errorText(offlineRefusal) : null,
  );
  const onFields = (registers: readonly MeterRegister[], message: string) => {
    for (const register of registers) setFieldError(register, message);
  };
  const readingRefusedOffline = offlineRefusal && isReadingRefusal(offlineRefusal.code) ? offlineRefusal : null;
  useEffect(() => {
    if (readingRefusedOffline) onFields(refusedRegisters(readingRefusedOffline.field), errorText(readingRefusedOffline));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readingRefusedOffline?.code, readingRefusedOffline?.field]);
  return {
    formAlert,
    /** True when the readings may be sent. */
    check(reading: MeterReadingInput, latest: MeterReading | null | undefined): boolean {
      setFormAlert(null);
      const problem = readingProblem(reading, latest ?? null, new Date());
      if (!problem) return true;
      onFields(problem.registers, errorCodeText(problem.code));
      return false;
    },
    refused(error: unknown, claim?: (error: unknown) => boolean): void {
      if (isApiError(error) && isReadingRefusal(error.code)) onFields(refusedRegisters(error.field), errorText(error));
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
