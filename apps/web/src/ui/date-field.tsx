import { useState } from 'react';
import { formatDisplayDate, parseDisplayDate, type IsoDate } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { TextField } from './text-field.tsx';

export interface DateFieldProps {
  label: string;
  /** The date as ISO, or null while what is typed is not a date. */
  value: IsoDate | null;
  onChange: (value: IsoDate | null) => void;
  error?: string | undefined;
  required?: boolean;
}

/**
 * A date typed as dd.MM.yyyy, the one way the app shows dates. Not the
 * browser's date input: that shows the month first in some browsers.
 */
export function DateField({ label, value, onChange, error, required }: DateFieldProps) {
  const [text, setText] = useState(value ? formatDisplayDate(value) : '');
  const typedIsDate = parseDisplayDate(text) !== null;
  return (
    <TextField
      label={label}
      value={text}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('form.datePlaceholder')}
      maxLength={10}
      required={required}
      error={error ?? (text && !typedIsDate ? t('form.dateFormat') : undefined)}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseDisplayDate(event.target.value));
      }}
    />
  );
}
