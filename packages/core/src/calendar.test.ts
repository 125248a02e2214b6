import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_SELECTION, dragSelection, monthGrid, selectionIsFree, shiftMonth, tapDay } from './calendar.ts';

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
