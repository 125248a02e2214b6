import { occupiesDay, type Booking, type IsoDate, type Stay } from '@rustico/core';
import { t, type MessageKey } from '../lib/i18n.ts';

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

/** What the grid draws: a booking, or a hold («opzione», status 'held', drawn hatched until its last day). */
export interface CalendarStay extends Stay {
  id: string;
  ownerName: string;
  ownerColour: string;
  status: Booking['status'] | 'held';
  lastDay?: IsoDate;
}

/** One piece of a booking's bar inside a week row, in day columns (0 = Monday; halves for arrival and departure). */
export interface BarSegment {
  booking: CalendarStay;
  /** Left edge, in columns from the row's start (e.g. 2.5 = the middle of Wednesday). */
  from: number;
  /** Right edge, in columns. */
  to: number;
  /** The bar begins in this row (rounded left end) / ends in it (rounded right end). */
  starts: boolean;
  ends: boolean;
  /** 0, or 1, 2… for requests sharing nights with one drawn before them (they are drawn one under the other). */
  lane: number;
}

/**
 * How the bookings are drawn on one week row: a stay runs from the middle of
 * its arrival day to the middle of its departure day, so a changeover day
 * shows the end of one bar and the start of the next; a day visit fills its
 * day. Bars are cut at the row's edges.
 */
export function weekSegments(week: readonly IsoDate[], bookings: readonly CalendarStay[]): BarSegment[] {
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
    segments.push({ booking, from, to, starts, ends, lane: 0 });
  }
  return withLanes(segments.sort((a, b) => a.from - b.from));
}

/**
 * Requests of the same peak nights overlap (confirmed stays never do): each
 * bar gets the first lane free where it begins, so none hides another.
 */
function withLanes(segments: BarSegment[]): BarSegment[] {
  const laneEnds: number[] = [];
  for (const segment of segments) {
    const free = laneEnds.findIndex((end) => end <= segment.from);
    segment.lane = free === -1 ? laneEnds.length : free;
    laneEnds[segment.lane] = segment.to;
  }
  return segments;
}

/**
 * What fits on a bar `columns` days wide: the whole name, the first name, or
 * the initials, so even a one-night stay cut at the week's edge says whose it is.
 */
export function barLabel(name: string, columns: number): string | null {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (columns >= 2.5) return name;
  if (columns >= 1.6) return words[0] ?? name;
  if (columns < 0.45) return null;
  return words.slice(0, 2).map((word) => word[0]!.toUpperCase()).join('');
}

/** A hold's bar: «Elena, opzione fino al 12.12» where it fits, «opzione fino al 12.12», or whose. */
export function holdBarLabel(name: string, lastDay: IsoDate, columns: number): string | null {
  const date = `${lastDay.slice(8, 10)}.${lastDay.slice(5, 7)}`;
  if (columns >= 5) return t('holds.bar', { name: name.trim().split(/\s+/)[0] ?? name, date });
  if (columns >= 2.5) return t('holds.until', { date });
  return barLabel(name, columns);
}

/** The booking that holds a day (a departure day is free for a new arrival). */
export function bookingOn<T extends Stay>(day: IsoDate, bookings: readonly T[]): T | undefined {
  return bookings.find((booking) => occupiesDay(booking, day));
}
