import { UTCDate } from '@date-fns/utc';
import { addDays as addDaysFns, differenceInCalendarDays, format, isValid, parse } from 'date-fns';
import { z } from 'zod';

/**
 * Stays are calendar dates with no time of day: stored as ISO `YYYY-MM-DD`,
 * shown as `dd.MM.yyyy`. All arithmetic runs on UTC dates so that the
 * machine's own time zone can never shift a day.
 */
export type IsoDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DISPLAY_DATE = /^\d{2}\.\d{2}\.\d{4}$/;

function toUtc(date: IsoDate): UTCDate {
  return new UTCDate(`${date}T00:00:00.000Z`);
}

function toIso(date: Date): IsoDate {
  return format(new UTCDate(date), 'yyyy-MM-dd');
}

export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = toUtc(value);
  return isValid(date) && toIso(date) === value;
}

export const isoDateSchema = z.string().refine(isIsoDate, { message: 'INVALID_DATE' });

/** `21.11.2026` → `2026-11-21`; null for anything that is not a real date. */
export function parseDisplayDate(value: string): IsoDate | null {
  const trimmed = value.trim();
  if (!DISPLAY_DATE.test(trimmed)) return null;
  const date = parse(trimmed, 'dd.MM.yyyy', new UTCDate(0));
  if (!isValid(date)) return null;
  const iso = toIso(date);
  return formatDisplayDate(iso) === trimmed ? iso : null;
}

/** `2026-11-21` → `21.11.2026`. */
export function formatDisplayDate(date: IsoDate): string {
  return format(toUtc(date), 'dd.MM.yyyy');
}

/** Whole nights between arrival and departure; a day visit (same day) is 0. */
export function nightsBetween(start: IsoDate, end: IsoDate): number {
  return differenceInCalendarDays(toUtc(end), toUtc(start));
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return toIso(addDaysFns(toUtc(date), days));
}

/** Today's calendar date in the given IANA time zone (the house's, not the machine's). */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
