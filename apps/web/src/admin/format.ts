import { t } from '../lib/i18n.ts';

export const MONTH_KEYS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/** 0.42 → 42% (whole percents need no Intl formatter, whose first use costs a phone some 40 ms) */
export function formatPercent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

/** Full month name (1–12), e.g. 'Agosto'. */
export function monthName(month: number): string {
  return t(`calendar.months.${MONTH_KEYS[month - 1] ?? 'january'}`);
}

/** Short month name (1–12), e.g. 'ago'. */
export function monthShort(month: number): string {
  return t(`admin.statistics.monthsShort.${MONTH_KEYS[month - 1] ?? 'january'}`);
}
