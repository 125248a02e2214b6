/**
 * Stays are calendar dates with no time of day: stored as ISO `YYYY-MM-DD`,
 * shown as `dd.MM.yyyy`. All arithmetic runs on UTC dates so that the
 * machine's own time zone can never shift a day.
 */
export type IsoDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DISPLAY_DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/*
 * Plain string and UTC-midnight arithmetic, no date library: every date of every request
 * and answer passes here, and the web app's first screens load this module (date-fns'
 * format and parse were a sixth of their JavaScript).
 */
function toIso(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && toIso(date) === value;
}

/** Stays begin no earlier than this: older dates are typing mistakes (year 0001). */
export const EARLIEST_STAY_DATE: IsoDate = '2000-01-01';
/** Stays end at most this many years after today. */
export const STAY_YEARS_AHEAD = 10;
/**
 * The outer bound of any date the app holds. Beyond it a year has five digits
 * and sorts wrongly as text (10000-01-01 < 9999-12-31); the tighter rule
 * relative to today is `stayDatesInRange`.
 */
export const LATEST_STAY_DATE: IsoDate = '2099-12-31';

/** The last day a stay may reach when booked today. */
export function latestStayDate(today: IsoDate): IsoDate {
  const year = String(Number(today.slice(0, 4)) + STAY_YEARS_AHEAD).padStart(4, '0');
  // 29 February ten years on is the 28th when that year is not a leap year.
  const candidate = `${year}${today.slice(4)}`;
  const latest = isIsoDate(candidate) ? candidate : `${year}-02-28`;
  return latest < LATEST_STAY_DATE ? latest : LATEST_STAY_DATE;
}

/** Whether a stay's dates lie between 2000-01-01 and ten years after today. */
export function stayDatesInRange(stay: { start: IsoDate; end: IsoDate }, today: IsoDate): boolean {
  return stay.start >= EARLIEST_STAY_DATE && stay.end >= EARLIEST_STAY_DATE && stay.start <= latestStayDate(today) && stay.end <= latestStayDate(today);
}

/** `21.11.2026` → `2026-11-21`; null for anything that is not a real date. */
export function parseDisplayDate(value: string): IsoDate | null {
  const match = DISPLAY_DATE.exec(value.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isIsoDate(iso) ? iso : null;
}

/** `2026-11-21` → `21.11.2026`. */
export function formatDisplayDate(date: IsoDate): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const utcMs = (date: IsoDate) => Date.parse(`${date}T00:00:00.000Z`);

// Plain arithmetic on UTC midnights (every UTC day has 24 hours): these run for every booking of every answer.
/** Whole nights between arrival and departure; a day visit (same day) is 0. */
export function nightsBetween(start: IsoDate, end: IsoDate): number {
  return Math.round((utcMs(end) - utcMs(start)) / DAY_MS);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return toIso(new Date(utcMs(date) + days * DAY_MS));
}

/** Making a formatter costs far more than using one; a house has one zone. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date in the given IANA time zone (the house's, not the machine's). */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(now);
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
