import { z } from 'zod';
import { occupiedDays, type Stay } from './bookings.ts';
import { addDays, type IsoDate } from './dates.ts';
import { freeTextSchema } from './text.ts';

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

export const monthDaySchema = z.string().refine(isMonthDay, { message: 'INVALID_DATE' }).meta({ description: 'MM-DD', example: '12-20' });

/**
 * A named range of days that recurs every year (year null) or holds in one year
 * only. Both ends are included; `from` after `to` crosses New Year (12-20 → 01-06),
 * and a one-year period that crosses New Year begins in its `year`.
 */
export const peakPeriodInputSchema = z.object({
  name: freeTextSchema({ max: 80, emptyCode: 'NAME_REQUIRED' }),
  from: monthDaySchema,
  to: monthDaySchema,
  year: z.number().int().min(2000).max(2099).nullable().optional(),
});
export type PeakPeriodInput = z.infer<typeof peakPeriodInputSchema>;

export const peakPeriodSchema = z.object({
  id: z.string(),
  name: z.string(),
  from: z.string(),
  to: z.string(),
  year: z.number().int().nullable(),
});
export type PeakPeriod = z.infer<typeof peakPeriodSchema>;
export type PeakRange = Pick<PeakPeriod, 'from' | 'to' | 'year'>;

export const peakPeriodResponseSchema = z.object({ peakPeriod: peakPeriodSchema });
export const peakPeriodListSchema = z.object({ peakPeriods: z.array(peakPeriodSchema) });

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
