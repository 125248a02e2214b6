import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { peakPeriodInputSchema } from './api/peak-periods.ts';
import { addDays } from './dates.ts';
import { heldDays, isMonthDay, isPeakDay, peakNightsByYear, peakPeriodsOf, touchesPeak, type PeakRange } from './peak-periods.ts';

const christmas: PeakRange = { from: '12-20', to: '01-06', year: null };
const ferragosto: PeakRange = { from: '08-10', to: '08-20', year: null };

const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2024-01-01', n));
const monthDay = fc.integer({ min: 0, max: 365 }).map((n) => addDays('2024-01-01', n).slice(5));
const range = fc.record({ from: monthDay, to: monthDay, year: fc.option(fc.integer({ min: 2024, max: 2034 }), { nil: null }) });

describe('peak periods', () => {
  it('reads MM-DD, with 29 February and without impossible days', () => {
    expect(['12-20', '01-06', '02-29', '12-31'].every(isMonthDay)).toBe(true);
    expect(['13-01', '00-10', '02-30', '04-31', '1-06', '2026-12-20', ''].some(isMonthDay)).toBe(false);
    expect(peakPeriodInputSchema.safeParse({ name: 'Natale', from: '12-20', to: '02-30' }).error?.issues[0]?.message).toBe('INVALID_DATE');
    expect(peakPeriodInputSchema.safeParse({ name: '  ', from: '12-20', to: '01-06' }).error?.issues[0]?.message).toBe('NAME_REQUIRED');
  });

  it('holds both ends, and a range across New Year holds the end of one year and the start of the next', () => {
    expect(isPeakDay('2026-12-19', christmas)).toBe(false);
    expect(isPeakDay('2026-12-20', christmas)).toBe(true);
    expect(isPeakDay('2026-12-31', christmas)).toBe(true);
    expect(isPeakDay('2027-01-01', christmas)).toBe(true);
    expect(isPeakDay('2027-01-06', christmas)).toBe(true);
    expect(isPeakDay('2027-01-07', christmas)).toBe(false);
    expect(isPeakDay('2027-08-15', christmas)).toBe(false);
  });

  it('holds a one-year period in its year only, across New Year into the next', () => {
    const once = { ...christmas, year: 2026 };
    expect(isPeakDay('2026-12-24', once)).toBe(true);
    expect(isPeakDay('2027-01-03', once)).toBe(true);
    expect(isPeakDay('2026-01-03', once)).toBe(false);
    expect(isPeakDay('2027-12-24', once)).toBe(false);
    expect(isPeakDay('2026-08-15', { ...ferragosto, year: 2026 })).toBe(true);
    expect(isPeakDay('2027-08-15', { ...ferragosto, year: 2026 })).toBe(false);
  });

  it('a recurring period holds a day exactly when the one-year period of that year or the year before holds it', () => {
    fc.assert(
      fc.property(day, range, (d, r) => {
        const year = Number(d.slice(0, 4));
        const recurring = isPeakDay(d, { ...r, year: null });
        const expanded = isPeakDay(d, { ...r, year }) || isPeakDay(d, { ...r, year: year - 1 });
        expect(recurring).toBe(expanded);
      }),
    );
  });

  it('a range across New Year holds a day exactly when it is on or after from, or on or before to', () => {
    fc.assert(
      fc.property(day, range, (d, r) => {
        fc.pre(r.from > r.to);
        const md = d.slice(5);
        expect(isPeakDay(d, { ...r, year: null })).toBe(md >= r.from || md <= r.to);
      }),
    );
  });

  it('a stay touches a period when one of its nights (or a day visit’s day) is in it; the departure day is not held', () => {
    expect(touchesPeak({ start: '2026-12-15', end: '2026-12-20' }, [christmas])).toBe(false);
    expect(touchesPeak({ start: '2026-12-15', end: '2026-12-21' }, [christmas])).toBe(true);
    expect(touchesPeak({ start: '2027-01-06', end: '2027-01-06' }, [christmas])).toBe(true);
    expect(touchesPeak({ start: '2027-01-07', end: '2027-01-10' }, [christmas])).toBe(false);
    expect(peakPeriodsOf({ start: '2026-12-30', end: '2027-01-02' }, [ferragosto, christmas])).toEqual([christmas]);
  });

  it('counts peak nights per year of the night, and never more than the stay has', () => {
    expect([...peakNightsByYear({ start: '2026-12-29', end: '2027-01-08' }, [christmas])]).toEqual([
      [2026, 3],
      [2027, 6],
    ]);
    fc.assert(
      fc.property(day, fc.nat(40), fc.array(range, { maxLength: 3 }), (start, nights, periods) => {
        const stay = { start, end: addDays(start, nights) };
        const total = [...peakNightsByYear(stay, periods).values()].reduce((a, b) => a + b, 0);
        expect(total).toBeLessThanOrEqual(nights);
        expect(total > 0).toBe(nights > 0 && touchesPeak(stay, periods));
        expect(heldDays(stay)).toHaveLength(Math.max(nights, 1));
      }),
    );
  });
});
