import { isMonthDay, type PeakRange } from '@rustico/core';
import { t } from '../lib/i18n.ts';

/** `12-24` → `24.12`, as the app shows days and months. */
export function displayMonthDay(monthDay: string): string {
  const [month, day] = monthDay.split('-');
  return `${day}.${month}`;
}

/** `24.12` (or `24.12.`, `4.1`) → `12-24`; null when it is not a day of the year. */
export function parseMonthDay(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.?$/.exec(text.trim());
  if (!match) return null;
  const value = `${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isMonthDay(value) ? value : null;
}

/** 'dal 20.12 al 06.01, ogni anno' */
export function peakRangeText(period: PeakRange): string {
  const range = t('fairness.peaks.range', { from: displayMonthDay(period.from), to: displayMonthDay(period.to) });
  const when = period.year ? t('fairness.peaks.oneYear', { year: period.year }) : t('fairness.peaks.everyYear');
  return `${range}, ${when}`;
}
