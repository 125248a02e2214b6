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

/** A stay's dates in messages: '14.12.2026 – 17.12.2026', or the one day of a day visit. */
export function formatStayDates(start: IsoDate, end: IsoDate): string {
  return start === end ? formatDisplayDate(start) : `${formatDisplayDate(start)} – ${formatDisplayDate(end)}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const utcMs = (date: IsoDate) => Date.parse(`${date}T00:00:00.000Z`);

// Plain arithmetic on UTC midnights (every UTC day has 24 hours): these run for every booking of every answer.
/** Whole nights between arrival and departure; a day visit (same day) is 0. */
export function nightsBetween(start: IsoDate, end: IsoDate): number {
  return Math.round((utcMs(end) - utcMs(start)) / DAY_MS);
}

/** For sort: ISO dates order as strings do (localeCompare would load a collator for nothing). */
export function compareDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return toIso(new Date(utcMs(date) + days * DAY_MS));
}

/** A moment as a zone's clock shows it. */
export interface LocalMoment {
  day: IsoDate;
  /** Minutes after midnight. */
  minutes: number;
}

/** Making a formatter costs far more than using one; a house has one zone. */
const wallFormatters = new Map<string, Intl.DateTimeFormat>();

/** The main thread's TZ: what the Date's own local fields follow (a browser has none). */
function processTimeZone(): string | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.TZ;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The day and time an IANA zone's clock shows at an instant. A process whose own clock is that
 * zone (the server sets TZ to the house's at start) reads them from the Date: the first Intl
 * formatter with a time zone costs a process some 8 MB of ICU data and heap for good.
 */
export function localMomentIn(timeZone: string, instant: Date | number): LocalMoment {
  const date = new Date(instant);
  if (processTimeZone() === timeZone) {
    return {
      day: `${String(date.getFullYear()).padStart(4, '0')}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`,
      minutes: date.getHours() * 60 + date.getMinutes(),
    };
  }
  let formatter = wallFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    wallFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** Today's calendar date in the given IANA time zone (the house's, not the machine's). */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  return localMomentIn(timeZone, now).day;
}

/**
 * A time zone's distance from UTC over the span in which it holds (from a change of clocks to
 * the next): within it, the zone's date needs no Intl. A phone's first Intl formatter costs it
 * some 40 ms of loading ICU's data, in the middle of its first screen; the server, which runs
 * on the house zone's clock (see localMomentIn), hands the house zone's span to the page.
 */
export interface ZoneSpan {
  offsetMinutes: number;
  /** ISO instants: the span is from <= instant < until. */
  from: string;
  until: string;
}

const MINUTE_MS = 60_000;
/** Clocks change at most a few times a year; a span is looked for at most this far either way. */
const SPAN_SEARCH_DAYS = 400;

/** The zone's offset from UTC at an instant, in minutes. */
export function offsetMinutesAt(timeZone: string, ms: number): number {
  const wall = localMomentIn(timeZone, ms);
  return Math.round((utcMs(wall.day) + wall.minutes * MINUTE_MS - Math.floor(ms / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/**
 * The edge of the span of `offset` that starts at `fromMs`: going forward, the first minute with
 * another offset; going back, the first minute with this one. Days first, then halving.
 */
function spanEdge(timeZone: string, fromMs: number, offset: number, direction: 1 | -1): number {
  let inside = fromMs;
  let outside = Number.NaN;
  for (let day = 1; day <= SPAN_SEARCH_DAYS; day++) {
    const probe = fromMs + direction * day * DAY_MS;
    if (offsetMinutesAt(timeZone, probe) !== offset) {
      outside = probe;
      break;
    }
    inside = probe;
  }
  if (Number.isNaN(outside)) return inside;
  while (Math.abs(outside - inside) > MINUTE_MS) {
    const middle: number = Math.floor((inside + outside) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetMinutesAt(timeZone, middle) === offset) inside = middle;
    else outside = middle;
  }
  return direction === 1 ? outside : inside;
}

/** The span of constant offset around `now` in an IANA zone (the server works it out for the page). */
export function zoneSpanAt(timeZone: string, now: Date): ZoneSpan {
  const ms = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  const offsetMinutes = offsetMinutesAt(timeZone, ms);
  return {
    offsetMinutes,
    from: new Date(spanEdge(timeZone, ms, offsetMinutes, -1)).toISOString(),
    until: new Date(spanEdge(timeZone, ms, offsetMinutes, 1)).toISOString(),
  };
}

/** The zone's date at `now` from a span that covers it; undefined when `now` is outside the span. */
export function dateInSpan(span: ZoneSpan, now: Date): IsoDate | undefined {
  const ms = now.getTime();
  if (!(ms >= Date.parse(span.from) && ms < Date.parse(span.until))) return undefined;
  return toIso(new Date(ms + span.offsetMinutes * MINUTE_MS));
}

export function isValidTimeZone(timeZone: string): boolean {
  // The zones' own list needs no formatter (see localMomentIn); an alias such as Asia/Calcutta does.
  if (Intl.supportedValuesOf('timeZone').includes(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
