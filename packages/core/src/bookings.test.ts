import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canDeleteBooking, canMoveBooking, occupiesDay, stayFee, stayProblem, staysOverlap, type Stay } from './bookings.ts';
import { addDays, nightsBetween } from './dates.ts';
import { DEFAULT_HOUSE_RULES as rules } from './house-rules.ts';

const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2024-01-01', n));
const stay = fc.tuple(day, fc.nat(30)).map(([start, nights]): Stay => ({ start, end: addDays(start, nights) }));

describe('staysOverlap', () => {
  it('allows a changeover: one stay ends the day the next begins', () => {
    expect(staysOverlap({ start: '2026-12-20', end: '2026-12-24' }, { start: '2026-12-24', end: '2026-12-27' })).toBe(false);
  });

  it('refuses a shared night', () => {
    expect(staysOverlap({ start: '2026-12-20', end: '2026-12-24' }, { start: '2026-12-23', end: '2026-12-27' })).toBe(true);
    expect(staysOverlap({ start: '2026-12-20', end: '2026-12-24' }, { start: '2026-12-21', end: '2026-12-22' })).toBe(true);
  });

  it('lets a day visit hold its day', () => {
    const visit = { start: '2026-12-22', end: '2026-12-22' };
    expect(staysOverlap(visit, visit)).toBe(true);
    expect(staysOverlap(visit, { start: '2026-12-20', end: '2026-12-24' })).toBe(true);
    expect(staysOverlap(visit, { start: '2026-12-22', end: '2026-12-25' })).toBe(true);
    // The departure morning of a stay is free for a visit, as it is for the next stay.
    expect(staysOverlap(visit, { start: '2026-12-19', end: '2026-12-22' })).toBe(false);
    expect(staysOverlap(visit, { start: '2026-12-23', end: '2026-12-23' })).toBe(false);
  });

  it('is symmetric and true exactly when some day is held by both', () => {
    fc.assert(
      fc.property(stay, stay, (a, b) => {
        expect(staysOverlap(a, b)).toBe(staysOverlap(b, a));
        const aDays = Array.from({ length: Math.max(1, nightsBetween(a.start, a.end)) }, (_, i) => addDays(a.start, i));
        expect(staysOverlap(a, b)).toBe(aDays.some((d) => occupiesDay(b, d)));
      }),
    );
  });

  it('never lets back-to-back stays collide', () => {
    fc.assert(
      fc.property(day, fc.nat(30), fc.nat(30), (start, n1, n2) => {
        const middle = addDays(start, n1 === 0 ? 1 : n1);
        expect(staysOverlap({ start, end: middle }, { start: middle, end: addDays(middle, n2) })).toBe(false);
      }),
    );
  });
});

describe('stayFee', () => {
  it('is the nights at the night fee, at least the minimum, and nothing for maintenance', () => {
    expect(stayFee({ start: '2026-12-20', end: '2026-12-23' }, 'personal', rules)).toBe(15_000);
    expect(stayFee({ start: '2026-12-20', end: '2026-12-21' }, 'personal', rules)).toBe(7_500);
    expect(stayFee({ start: '2026-12-20', end: '2026-12-20' }, 'personal', rules)).toBe(7_500);
    expect(stayFee({ start: '2026-12-20', end: '2026-12-27' }, 'maintenance', rules)).toBe(0);
  });

  it('follows the house settings', () => {
    expect(stayFee({ start: '2026-12-20', end: '2026-12-22' }, 'personal', { ...rules, nightFeeCentimes: 6000, minimumStayCostCentimes: 0 })).toBe(12_000);
  });

  it('grows with the nights and never drops under the minimum', () => {
    fc.assert(
      fc.property(stay, fc.nat(10), (s, extra) => {
        const fee = stayFee(s, 'personal', rules);
        expect(fee).toBeGreaterThanOrEqual(rules.minimumStayCostCentimes);
        expect(fee % 5).toBe(0);
        expect(stayFee({ start: s.start, end: addDays(s.end, extra) }, 'personal', rules)).toBeGreaterThanOrEqual(fee);
      }),
    );
  });
});

describe('stay rules', () => {
  const context = { today: '2026-11-21', role: 'member' as const, rules };
  it('names what is wrong with the dates', () => {
    expect(stayProblem({ start: '2026-12-10', end: '2026-12-09' }, context)).toBe('END_BEFORE_START');
    expect(stayProblem({ start: '2026-12-01', end: '2027-02-15' }, context)).toBe('STAY_TOO_LONG');
    expect(stayProblem({ start: '2026-11-20', end: '2026-11-22' }, context)).toBe('DATE_IN_PAST');
    expect(stayProblem({ start: '2026-11-20', end: '2026-11-22' }, { ...context, role: 'admin' })).toBeNull();
    expect(stayProblem({ start: '2026-11-21', end: '2026-11-21' }, context)).toBeNull();
    expect(stayProblem({ start: '2026-12-01', end: '2027-01-30' }, context)).toBeNull();
  });

  it('lets the owner move and delete until check-in, and admins delete', () => {
    const booking = { ownerId: 'anna', checkedIn: false };
    expect(canMoveBooking({ id: 'anna' }, booking)).toBe(true);
    expect(canMoveBooking({ id: 'bruno' }, booking)).toBe(false);
    expect(canDeleteBooking({ id: 'bruno', role: 'member' }, booking)).toBe(false);
    expect(canDeleteBooking({ id: 'bruno', role: 'admin' }, booking)).toBe(true);
    expect(canMoveBooking({ id: 'anna' }, { ...booking, checkedIn: true })).toBe(false);
    expect(canDeleteBooking({ id: 'anna', role: 'superadmin' }, { ...booking, checkedIn: true })).toBe(false);
  });
});
