import { addDays, EARLIEST_STAY_DATE, LATEST_STAY_DATE, type IsoDate } from './dates.ts';
import { staysOverlap, type Stay } from './bookings.ts';

export const GRID_DAYS = 42;
/** Press this long before a drag selects a range (a quick touch scrolls or taps). */
export const HOLD_TO_DRAG_MS = 200;

/** The first day of the month's 6-week grid: the Monday on or before the 1st. */
export function gridStart(year: number, month: number): IsoDate {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const weekday = new Date(`${first}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(first, -((weekday + 6) % 7));
}

/** 42 days starting on a Monday, covering the whole month. */
export function monthGrid(year: number, month: number): IsoDate[] {
  const start = gridStart(year, month);
  return Array.from({ length: GRID_DAYS }, (_, i) => addDays(start, i));
}

export interface CalendarMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

export function shiftMonth(year: number, month: number, by: number): CalendarMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The month a date falls in. */
export function monthOf(date: IsoDate): CalendarMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

/** `2027-08`, as a month is written in an address (`?mese=2027-08`). */
export function formatMonth({ year, month }: CalendarMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** The address parameter that opens the calendar on a month: `/app/calendario?mese=2027-08`. */
export const MONTH_PARAM = 'mese';

/** The address parameter that shows a booking's detail as the calendar opens, as a tap on it would. */
export const BOOKING_PARAM = 'prenotazione';

/**
 * Where a link to a booking leads: the calendar on the month the booking starts in, with its
 * detail open (`/app/calendario?mese=2027-08&prenotazione=<id>`).
 */
export function bookingPath(booking: { id: string; start: IsoDate }): string {
  return `/app/calendario?${MONTH_PARAM}=${formatMonth(monthOf(booking.start))}&${BOOKING_PARAM}=${encodeURIComponent(booking.id)}`;
}

/** The month the calendar opens on: the one its address names, else today's. */
export function monthShown(param: string | null, today: IsoDate): CalendarMonth {
  return parseMonth(param) ?? monthOf(today);
}

/** A month written as `formatMonth` does, within the dates the app holds; anything else is null. */
export function parseMonth(value: string | null): CalendarMonth | null {
  if (value === null || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return null;
  if (value < EARLIEST_STAY_DATE.slice(0, 7) || value > LATEST_STAY_DATE.slice(0, 7)) return null;
  return monthOf(`${value}-01`);
}

export type Selection = { kind: 'none' } | { kind: 'start'; day: IsoDate } | { kind: 'range'; start: IsoDate; end: IsoDate };

export const NO_SELECTION: Selection = { kind: 'none' };

/**
 * Tap-tap selection: the first tap picks the start, the second the end (an
 * earlier second tap swaps them), a third clears.
 */
export function tapDay(selection: Selection, day: IsoDate): Selection {
  switch (selection.kind) {
    case 'none':
      return { kind: 'start', day };
    case 'start':
      return day < selection.day ? { kind: 'range', start: day, end: selection.day } : { kind: 'range', start: selection.day, end: day };
    case 'range':
      return NO_SELECTION;
  }
}

/** A hold-and-drag selection from where the hold began to where the pointer is. */
export function dragSelection(anchor: IsoDate, current: IsoDate): Selection {
  return anchor <= current ? { kind: 'range', start: anchor, end: current } : { kind: 'range', start: current, end: anchor };
}

/** The stay a selection would book (a single picked day is a day visit). */
export function selectedStay(selection: Selection): Stay | null {
  if (selection.kind === 'none') return null;
  if (selection.kind === 'start') return { start: selection.day, end: selection.day };
  return { start: selection.start, end: selection.end };
}

/** A new selection may not take a night (or day) that a booking already holds. */
export function selectionIsFree(selection: Selection, bookings: readonly Stay[], ignore?: Stay): boolean {
  const stay = selectedStay(selection);
  return !stay || bookings.every((booking) => booking === ignore || !staysOverlap(stay, booking));
}

export function isSelected(selection: Selection, day: IsoDate): boolean {
  if (selection.kind === 'start') return selection.day === day;
  if (selection.kind === 'range') return selection.start <= day && day <= selection.end;
  return false;
}

/** The keys that move the calendar's focused day (the WAI-ARIA date grid's). */
export type GridKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown';

const GRID_KEYS: ReadonlySet<string> = new Set<GridKey>(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

export function isGridKey(key: string): key is GridKey {
  return GRID_KEYS.has(key);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same day of another month, or its last day when the month is shorter (31 Jan + 1 = 28/29 Feb). */
export function sameDayMonthsAway(day: IsoDate, months: number): IsoDate {
  const { year, month } = shiftMonth(Number(day.slice(0, 4)), Number(day.slice(5, 7)), months);
  const date = Math.min(Number(day.slice(8, 10)), daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/**
 * Where a key moves the focused day, as the WAI-ARIA date grid pattern has it: arrows by a
 * day or a week, Home and End to the week's Monday and Sunday, Page Up and Down to the same
 * day of the previous and next month (of the previous and next year with Shift).
 */
export function dayAfterKey(day: IsoDate, key: GridKey, shift = false): IsoDate {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // 0 = Monday
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekday);
    case 'End':
      return addDays(day, 6 - weekday);
    case 'PageUp':
      return sameDayMonthsAway(day, shift ? -12 : -1);
    case 'PageDown':
      return sameDayMonthsAway(day, shift ? 12 : 1);
  }
}
