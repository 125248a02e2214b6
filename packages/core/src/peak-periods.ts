import type { PeakPeriod } from './api/peak-periods.ts';
import { occupiedDays, type Stay } from './bookings.ts';
import { addDays, type IsoDate } from './dates.ts';

/** A day of the year as `MM-DD`; 02-29 is allowed (it simply does not occur in other years). */
export type MonthDay = string;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isMonthDay(value: string): boolean {
  const match = /^(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const day = Number(match[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;
}

/** A peak period's days (`peakPeriodInputSchema` says how they read). */
export type PeakRange = Pick<PeakPeriod, 'from' | 'to' | 'year'>;

const monthDayOf = (day: IsoDate): MonthDay => day.slice(5);
const yearOf = (day: IsoDate): number => Number(day.slice(0, 4));

/** Whether a day belongs to a peak period. Plain text comparison: `MM-DD` and ISO dates sort as days do. */
export function isPeakDay(day: IsoDate, period: PeakRange): boolean {
  const crosses = period.from > period.to;
  if (period.year === null || period.year === undefined) {
    const md = monthDayOf(day);
    return crosses ? md >= period.from || md <= period.to : md >= period.from && md <= period.to;
  }
  const first = `${period.year}-${period.from}`;
  const last = `${crosses ? period.year + 1 : period.year}-${period.to}`;
  return day >= first && day <= last;
}

/** The days a stay holds (its nights, or a day visit's day), in order. */
export function heldDays(stay: Stay): IsoDate[] {
  const { from, to } = occupiedDays(stay);
  const days: IsoDate[] = [];
  for (let day = from; day < to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The peak periods a stay touches (a night, or a day visit's day, inside them). */
export function peakPeriodsOf<P extends PeakRange>(stay: Stay, periods: readonly P[]): P[] {
  if (periods.length === 0) return [];
  const days = heldDays(stay);
  return periods.filter((period) => days.some((day) => isPeakDay(day, period)));
}

export function touchesPeak(stay: Stay, periods: readonly PeakRange[]): boolean {
  return peakPeriodsOf(stay, periods).length > 0;
}

/** A stay's nights inside any peak period, per calendar year of the night. */
export function peakNightsByYear(stay: Stay, periods: readonly PeakRange[]): Map<number, number> {
  const byYear = new Map<number, number>();
  if (stay.start === stay.end || periods.length === 0) return byYear;
  for (const day of heldDays(stay)) {
    if (periods.some((period) => isPeakDay(day, period))) byYear.set(yearOf(day), (byYear.get(yearOf(day)) ?? 0) + 1);
  }
  return byYear;
}

/** How a peak period reads in lists and in the CLI: `Natale 12-20 → 01-06 (ogni anno)`. */
export function describePeakRange(period: PeakRange): string {
  return `${period.from} → ${period.to}${period.year ? ` (${period.year})` : ''}`;
}
