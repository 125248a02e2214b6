import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_PARAM,
  bookingPath,
  MONTH_PARAM,
  NO_SELECTION,
  dayAfterKey,
  dragSelection,
  formatMonth,
  isGridKey,
  monthGrid,
  monthOf,
  monthShown,
  parseMonth,
  sameDayMonthsAway,
  selectionIsFree,
  shiftMonth,
  tapDay,
  type GridKey,
} from './calendar.ts';
import { addDays, isIsoDate } from './dates.ts';

describe('monthGrid', () => {
  it('has 42 days from the Monday on or before the 1st', () => {
    const grid = monthGrid(2026, 11);
    expect(grid).toHaveLength(42);
    expect(grid[0]).toBe('2026-10-26');
    expect(grid[41]).toBe('2026-12-06');
    expect(monthGrid(2026, 6)[0]).toBe('2026-06-01'); // June 2026 starts on a Monday
  });

  it('always starts on a Monday and holds the whole month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1990, max: 2090 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const grid = monthGrid(year, month);
        expect(new Date(`${grid[0]}T00:00:00Z`).getUTCDay()).toBe(1);
        const prefix = `${year}-${String(month).padStart(2, '0')}-`;
        expect(grid).toContain(`${prefix}01`);
        const next = shiftMonth(year, month, 1);
        const firstOfNext = `${next.year}-${String(next.month).padStart(2, '0')}-01`;
        expect(grid.filter((d) => d.startsWith(prefix)).length).toBeGreaterThanOrEqual(28);
        expect(grid.every((d) => d < firstOfNext || !d.startsWith(prefix))).toBe(true);
      }),
    );
  });

  it('steps across years', () => {
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
  });
});

describe('months in an address', () => {
  it('reads back every month it writes, within the dates the app holds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        expect(parseMonth(formatMonth({ year, month }))).toEqual({ year, month });
      }),
    );
    expect(formatMonth(monthOf('2027-08-14'))).toBe('2027-08');
  });

  it('refuses what is not a month of those years', () => {
    for (const value of [null, '', '2027-8', '2027-13', '2027-00', '27-08', '2027-08-01', ' 2027-08', '1999-12', '2100-01', 'mese']) {
      expect(parseMonth(value)).toBeNull();
    }
  });

  it("opens the calendar on the address's month, else on today's (the web's loader and the server's page agree)", () => {
    const day = fc.integer({ min: 0, max: 365 * 99 }).map((n) => addDays('2000-01-01', n));
    fc.assert(
      fc.property(day, day, (named, today) => {
        expect(monthShown(formatMonth(monthOf(named)), today)).toEqual(monthOf(named));
        expect(monthShown(null, today)).toEqual(monthOf(today));
        expect(monthShown(`${named}x`, today)).toEqual(monthOf(today));
      }),
    );
  });
});

describe('a link to a booking', () => {
  it('names the month the booking starts in, which the calendar opens on, and the booking', () => {
    const [path, query] = bookingPath({ id: 'b7c1 42', start: '2027-08-30' }).split('?');
    const params = Object.fromEntries(query!.split('&').map((pair) => pair.split('=').map(decodeURIComponent)));
    expect(path).toBe('/app/calendario');
    expect(monthShown(params[MONTH_PARAM]!, '2026-11-21')).toEqual({ year: 2027, month: 8 });
    expect(params[BOOKING_PARAM]).toBe('b7c1 42');
  });
});

describe('selection', () => {
  it('picks a start, then an end, swaps an earlier end, and clears on the third tap', () => {
    const first = tapDay(NO_SELECTION, '2026-12-20');
    expect(first).toEqual({ kind: 'start', day: '2026-12-20' });
    expect(tapDay(first, '2026-12-23')).toEqual({ kind: 'range', start: '2026-12-20', end: '2026-12-23' });
    const swapped = tapDay(first, '2026-12-18');
    expect(swapped).toEqual({ kind: 'range', start: '2026-12-18', end: '2026-12-20' });
    expect(tapDay(swapped, '2026-12-25')).toEqual(NO_SELECTION);
  });

  it('drags in either direction', () => {
    expect(dragSelection('2026-12-20', '2026-12-17')).toEqual({ kind: 'range', start: '2026-12-17', end: '2026-12-20' });
  });

  it('is free only when it takes no booked night', () => {
    const bookings = [{ start: '2026-12-20', end: '2026-12-24' }];
    expect(selectionIsFree({ kind: 'range', start: '2026-12-24', end: '2026-12-27' }, bookings)).toBe(true);
    expect(selectionIsFree({ kind: 'range', start: '2026-12-17', end: '2026-12-20' }, bookings)).toBe(true);
    expect(selectionIsFree({ kind: 'range', start: '2026-12-17', end: '2026-12-21' }, bookings)).toBe(false);
    expect(selectionIsFree({ kind: 'start', day: '2026-12-22' }, bookings)).toBe(false);
    expect(selectionIsFree({ kind: 'range', start: '2026-12-17', end: '2026-12-21' }, bookings, bookings[0])).toBe(true);
  });
});

describe('dayAfterKey (the month grid by keyboard)', () => {
  const day = fc.integer({ min: 0, max: 365 * 80 }).map((n) => addDays('1990-01-01', n));
  const keys: GridKey[] = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'];
  const weekday = (d: string) => (new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7;

  it('moves by a day, a week, to the week’s ends and to the other months', () => {
    expect(dayAfterKey('2026-11-30', 'ArrowRight')).toBe('2026-12-01');
    expect(dayAfterKey('2026-11-01', 'ArrowLeft')).toBe('2026-10-31');
    expect(dayAfterKey('2026-11-26', 'ArrowDown')).toBe('2026-12-03');
    expect(dayAfterKey('2026-11-04', 'ArrowUp')).toBe('2026-10-28');
    // Thursday 26 November 2026: its week runs from Monday 23 to Sunday 29.
    expect(dayAfterKey('2026-11-26', 'Home')).toBe('2026-11-23');
    expect(dayAfterKey('2026-11-26', 'End')).toBe('2026-11-29');
    expect(dayAfterKey('2026-11-26', 'PageDown')).toBe('2026-12-26');
    expect(dayAfterKey('2026-01-31', 'PageDown')).toBe('2026-02-28');
    expect(dayAfterKey('2028-03-31', 'PageUp')).toBe('2028-02-29');
    expect(dayAfterKey('2026-11-26', 'PageUp', true)).toBe('2025-11-26');
    expect(sameDayMonthsAway('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('always lands on a real date; Home is a Monday and End a Sunday of the same week', () => {
    fc.assert(
      fc.property(day, fc.constantFrom(...keys), fc.boolean(), (from, key, shift) => {
        const to = dayAfterKey(from, key, shift);
        expect(isIsoDate(to)).toBe(true);
        if (key === 'Home') expect([weekday(to), addDays(to, weekday(from)) === from]).toEqual([0, true]);
        if (key === 'End') expect([weekday(to), addDays(from, 6 - weekday(from)) === to]).toEqual([6, true]);
      }),
    );
  });

  it('undoes itself: right after left, down after up, and page down after page up for days up to the 28th', () => {
    fc.assert(
      fc.property(day, (from) => {
        expect(dayAfterKey(dayAfterKey(from, 'ArrowLeft'), 'ArrowRight')).toBe(from);
        expect(dayAfterKey(dayAfterKey(from, 'ArrowUp'), 'ArrowDown')).toBe(from);
        if (Number(from.slice(8)) <= 28) expect(dayAfterKey(dayAfterKey(from, 'PageUp'), 'PageDown')).toBe(from);
      }),
    );
  });

  it('knows its keys', () => {
    expect(keys.every(isGridKey)).toBe(true);
    expect(isGridKey('Enter')).toBe(false);
    expect(isGridKey(' ')).toBe(false);
  });
});
