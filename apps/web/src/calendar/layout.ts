import { occupiesDay, type Booking, type IsoDate } from '@rustico/core';
import type { MessageKey } from '../lib/i18n.ts';

export const MONTH_KEYS = [
  'calendar.months.january',
  'calendar.months.february',
  'calendar.months.march',
  'calendar.months.april',
  'calendar.months.may',
  'calendar.months.june',
  'calendar.months.july',
  'calendar.months.august',
  'calendar.months.september',
  'calendar.months.october',
  'calendar.months.november',
  'calendar.months.december',
] as const satisfies readonly MessageKey[];

export const WEEKDAY_KEYS = [
  ['calendar.weekdays.monday', 'calendar.weekdaysFull.monday'],
  ['calendar.weekdays.tuesday', 'calendar.weekdaysFull.tuesday'],
  ['calendar.weekdays.wednesday', 'calendar.weekdaysFull.wednesday'],
  ['calendar.weekdays.thursday', 'calendar.weekdaysFull.thursday'],
  ['calendar.weekdays.friday', 'calendar.weekdaysFull.friday'],
  ['calendar.weekdays.saturday', 'calendar.weekdaysFull.saturday'],
  ['calendar.weekdays.sunday', 'calendar.weekdaysFull.sunday'],
] as const satisfies readonly (readonly [MessageKey, MessageKey])[];

/** One piece of a booking's bar inside a week row, in day columns (0 = Monday; halves for arrival and departure). */
export interface BarSegment {
  booking: Booking;
  /** Left edge, in columns from the row's start (e.g. 2.5 = the middle of Wednesday). */
  from: number;
  /** Right edge, in columns. */
  to: number;
  /** The bar begins in this row (rounded left end) / ends in it (rounded right end). */
  starts: boolean;
  ends: boolean;
}

/**
 * How the bookings are drawn on one week row: a stay runs from the middle of
 * its arrival day to the middle of its departure day, so a changeover day
 * shows the end of one bar and the start of the next; a day visit fills its
 * day. Bars are cut at the row's edges.
 */
export function weekSegments(week: readonly IsoDate[], bookings: readonly Booking[]): BarSegment[] {
  const first = week[0]!;
  const last = week[week.length - 1]!;
  const segments: BarSegment[] = [];
  for (const booking of bookings) {
    if (booking.end < first || booking.start > last) continue;
    const dayVisit = booking.start === booking.end;
    const startCol = week.indexOf(booking.start);
    const endCol = week.indexOf(booking.end);
    const starts = startCol >= 0;
    const ends = endCol >= 0;
    const from = starts ? startCol + (dayVisit ? 0.06 : 0.5) : 0;
    const to = ends ? endCol + (dayVisit ? 0.94 : 0.5) : week.length;
    if (to <= from) continue;
    segments.push({ booking, from, to, starts, ends });
  }
  return segments.sort((a, b) => a.from - b.from);
}

/** The booking that holds a day (a departure day is free for a new arrival). */
export function bookingOn(day: IsoDate, bookings: readonly Booking[]): Booking | undefined {
  return bookings.find((booking) => occupiesDay(booking, day));
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return 0;
  const [r, g, b] = match.slice(1).map((part) => channel(parseInt(part, 16))) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white text, whichever reads better on a member's colour. */
export function textColourOn(background: string): string {
  const l = luminance(background);
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return onWhite >= onBlack ? '#ffffff' : '#111111';
}
