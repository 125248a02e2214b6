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

const percentFormat = new Intl.NumberFormat('it-CH', { style: 'percent', maximumFractionDigits: 0 });

/** 0.42 → 42% */
export function formatPercent(fraction: number): string {
  return percentFormat.format(fraction);
}

/** Full month name (1–12), e.g. 'Agosto'. */
export function monthName(month: number): string {
  return t(`calendar.months.${MONTH_KEYS[month - 1] ?? 'january'}`);
}

/** Short month name (1–12), e.g. 'ago'. */
export function monthShort(month: number): string {
  return t(`admin.statistics.monthsShort.${MONTH_KEYS[month - 1] ?? 'january'}`);
}
