import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, nightsBetween } from './dates.ts';
import { handoverShown, nextYearlyWindow, shiftYears, taskOverdue, windowMeetsStay } from './upkeep.ts';

const day = fc.integer({ min: 0, max: 365 * 60 }).map((n) => addDays('2000-01-01', n));

describe('yearly tasks', () => {
  it('come back on the same days a year later, or later when done years late', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 60 }), fc.integer({ min: -400, max: 2000 }), (from, length, doneAfter) => {
        const window = { from, to: addDays(from, length) };
        const doneOn = addDays(from, doneAfter);
        const next = nextYearlyWindow(window, doneOn);
        // Never before the next year, never already over.
        expect(next.from > shiftYears(window.from, 0)).toBe(true);
        expect(next.to >= doneOn).toBe(true);
        expect(taskOverdue({ ...next, done: false }, doneOn)).toBe(false);
        // Month and day kept (29 February aside), the length within the leap day.
        if (from.slice(5) !== '02-29') expect(next.from.slice(5)).toBe(from.slice(5));
        expect(Math.abs(nightsBetween(next.from, next.to) - length)).toBeLessThanOrEqual(1);
        // A year, or the fewest years that put its end on or after the day it was done.
        const years = Number(next.from.slice(0, 4)) - Number(from.slice(0, 4));
        expect(years).toBeGreaterThanOrEqual(1);
        if (years > 1) expect(shiftYears(window.to, years - 1) < doneOn).toBe(true);
      }),
    );
  });

  it('open the water in April: done on 30 March it is next April; done in May too', () => {
    const april = { from: '2026-04-01', to: '2026-04-30' };
    expect(nextYearlyWindow(april, '2026-03-30')).toEqual({ from: '2027-04-01', to: '2027-04-30' });
    expect(nextYearlyWindow(april, '2026-05-12')).toEqual({ from: '2027-04-01', to: '2027-04-30' });
    expect(nextYearlyWindow({ from: '2024-02-29', to: '2024-03-10' }, '2024-03-01')).toEqual({ from: '2025-02-28', to: '2025-03-10' });
    // Across New Year.
    expect(nextYearlyWindow({ from: '2026-12-20', to: '2027-01-06' }, '2027-01-02')).toEqual({ from: '2027-12-20', to: '2028-01-06' });
  });

  it('are overdue the day after their window, not on its last day', () => {
    expect(taskOverdue({ from: '2026-10-01', to: '2026-10-31', done: false }, '2026-10-31')).toBe(false);
    expect(taskOverdue({ from: '2026-10-01', to: '2026-10-31', done: false }, '2026-11-01')).toBe(true);
    expect(taskOverdue({ from: '2026-10-01', to: '2026-10-31', done: true }, '2026-11-01')).toBe(false);
  });
});

describe('«chi c\'è» and «Da sapere»', () => {
  it('a window meets a stay when they share a day', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 40 }), day, fc.integer({ min: 0, max: 20 }), (from, length, start, nights) => {
        const window = { from, to: addDays(from, length) };
        const stay = { start, end: addDays(start, nights) };
        let shared = false;
        for (let d = stay.start; d <= stay.end; d = addDays(d, 1)) if (d >= window.from && d <= window.to) shared = true;
        expect(windowMeetsStay(window, stay)).toBe(shared);
      }),
    );
  });

  it('shows from the day before arrival to the departure day', () => {
    const stay = { start: '2026-12-10', end: '2026-12-13' };
    expect(['2026-12-08', '2026-12-09', '2026-12-13', '2026-12-14'].map((d) => handoverShown(stay, d))).toEqual([false, true, true, false]);
  });
});
