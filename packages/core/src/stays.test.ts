import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import { DEFAULT_HOUSE_RULES as rules } from './house-rules.ts';
import {
  MAX_KWH_PER_DAY,
  checkinOpen,
  checkoutCost,
  highestPlausibleTotal,
  kwhUsed,
  readingIsPlausible,
  readingProblem,
  readingTotal,
  stayAction,
  stayNeedingAction,
  stayStep,
} from './stays.ts';

const tenths = fc.integer({ min: 0, max: 5_000_000 }).map((n) => n / 10);
const roundTenth = (n: number) => Math.round(n * 10) / 10;

describe('check-in', () => {
  it('opens on the arrival day and stays open after it', () => {
    expect(checkinOpen('2027-05-10', '2027-05-09')).toBe(false);
    expect(checkinOpen('2027-05-10', '2027-05-10')).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), (offset) => {
        expect(checkinOpen('2027-05-10', addDays('2027-05-10', offset))).toBe(offset >= 0);
      }),
    );
  });
});

describe("the step a member's stay needs today", () => {
  const stay = (start: string, end: string, done: Partial<Record<'checkedIn' | 'checkedOut' | 'paid', boolean>> = {}) => ({
    start,
    end,
    checkedIn: false,
    checkedOut: false,
    paid: false,
    ...done,
  });

  it('asks for the check-in from arrival to departure, the check-out from the departure day, then the payment', () => {
    expect(stayAction(stay('2027-05-10', '2027-05-12'), '2027-05-09')).toBeNull();
    expect(stayAction(stay('2027-05-10', '2027-05-12'), '2027-05-10')).toBe('checkin');
    expect(stayAction(stay('2027-05-10', '2027-05-12', { checkedIn: true }), '2027-05-11')).toBeNull();
    expect(stayAction(stay('2027-05-10', '2027-05-12', { checkedIn: true }), '2027-05-12')).toBe('checkout');
    expect(stayAction(stay('2027-05-10', '2027-05-12', { checkedIn: true, checkedOut: true }), '2027-06-30')).toBe('payment');
    expect(stayAction(stay('2027-05-10', '2027-05-12', { checkedIn: true, checkedOut: true, paid: true }), '2027-06-30')).toBeNull();
  });

  it('never asks before the arrival day, and picks the oldest stay that needs something', () => {
    fc.assert(
      fc.property(fc.integer({ min: -60, max: 60 }), fc.integer({ min: 0, max: 14 }), (offset, nights) => {
        const start = addDays('2027-05-10', offset);
        const action = stayAction(stay(start, addDays(start, nights)), '2027-05-10');
        expect(action === null || offset <= 0).toBe(true);
      }),
    );
    const unpaid = stay('2027-04-01', '2027-04-03', { checkedIn: true, checkedOut: true });
    const arriving = stay('2027-05-10', '2027-05-12');
    expect(stayNeedingAction([arriving, unpaid], '2027-05-10')).toEqual({ stay: unpaid, action: 'payment' });
    expect(stayNeedingAction([stay('2027-06-01', '2027-06-02')], '2027-05-10')).toBeNull();
  });
});

describe('meter readings', () => {
  it('adds the day and night registers to a tenth of a kWh', () => {
    expect(readingTotal({ dayKwh: 10234.5, nightKwh: 8120.3 })).toBe(18354.8);
    expect(readingTotal({ dayKwh: 0.1, nightKwh: 0.2 })).toBe(0.3);
  });

  it('refuses a total lower than the last stored one', () => {
    expect(readingIsPlausible({ dayKwh: 100, nightKwh: 50 }, 151)).toBe(false);
    expect(readingIsPlausible({ dayKwh: 100, nightKwh: 51 }, 151)).toBe(true);
    expect(readingIsPlausible({ dayKwh: 0, nightKwh: 0 }, null)).toBe(true);
  });

  it('refuses a total implausibly far above the last one, allowing more the longer ago it was', () => {
    const last = { totalKwh: 12_000, recordedAt: '2026-11-01T10:00:00.000Z' };
    const sameDay = new Date('2026-11-01T18:00:00.000Z');
    expect(readingProblem({ dayKwh: 17_000, nightKwh: 0 }, last, sameDay)).toBeNull();
    expect(readingProblem({ dayKwh: 17_000, nightKwh: 0.1 }, last, sameDay)).toBe('READING_TOO_HIGH');
    expect(readingProblem({ dayKwh: 10_000_000, nightKwh: 0 }, last, sameDay)).toBe('READING_TOO_HIGH');
    expect(readingProblem({ dayKwh: 11_999, nightKwh: 0 }, last, sameDay)).toBe('READING_TOO_LOW');
    expect(readingProblem({ dayKwh: 10_000_000, nightKwh: 0 }, null, sameDay)).toBeNull();
    fc.assert(
      fc.property(tenths, fc.integer({ min: 0, max: 3650 * 24 }), tenths, (lastTotal, hoursLater, added) => {
        const previous = { totalKwh: lastTotal, recordedAt: '2026-01-01T00:00:00.000Z' };
        const now = new Date(Date.parse(previous.recordedAt) + hoursLater * 3_600_000);
        const days = Math.max(1, Math.ceil(hoursLater / 24));
        const reading = { dayKwh: roundTenth(lastTotal + added), nightKwh: 0 };
        const problem = readingProblem(reading, previous, now);
        // Whatever a house could use in the days since is accepted; past that, refused.
        expect(problem).toBe(readingTotal(reading) > highestPlausibleTotal(previous, now) ? 'READING_TOO_HIGH' : null);
        if (added <= days * MAX_KWH_PER_DAY) expect(problem).toBeNull();
      }),
    );
  });

  it('uses what the meter counted between arrival and departure', () => {
    expect(kwhUsed(18354.8, 18475.2)).toBe(120.4);
    fc.assert(
      fc.property(tenths, tenths, (arrival, extra) => {
        const used = kwhUsed(arrival, Math.round((arrival + extra) * 10) / 10);
        expect(used).toBeCloseTo(extra, 6);
        expect(Math.round(used * 10) / 10).toBe(used);
      }),
    );
  });
});

describe('checkoutCost', () => {
  const stay = (nights: number, storedCostCentimes: number, purpose: 'personal' | 'maintenance' = 'personal') => ({
    start: '2026-11-21',
    end: addDays('2026-11-21', nights),
    purpose,
    storedCostCentimes,
  });

  it('3 nights and 120.4 kWh: CHF 150 + 36.12, rounded to CHF 186.10', () => {
    expect(checkoutCost(stay(3, 15_000), 120.4, rules)).toEqual({
      nights: 3,
      nightsCentimes: 15_000,
      minimumApplied: false,
      kwh: 120.4,
      electricityCentimes: 3_610,
      totalCentimes: 18_610,
    });
  });

  it('keeps the minimum of a short stay', () => {
    expect(checkoutCost(stay(1, 7_500), 10, rules)).toMatchObject({ nightsCentimes: 7_500, minimumApplied: true, totalCentimes: 7_800 });
    expect(checkoutCost(stay(0, 7_500), 0, rules)).toMatchObject({ totalCentimes: 7_500, minimumApplied: true });
  });

  it('charges nothing for maintenance, whatever the meter says', () => {
    expect(checkoutCost(stay(4, 0, 'maintenance'), 250.7, rules).totalCentimes).toBe(0);
  });

  it('is never below the stored cost or the nights, grows with the kWh, and lands on 5 centimes', () => {
    fc.assert(
      fc.property(fc.nat(60), fc.integer({ min: 0, max: 100_000 }), tenths, tenths, (nights, stored, kwh, more) => {
        const cost = checkoutCost(stay(nights, stored), kwh, rules);
        expect(cost.totalCentimes % 5).toBe(0);
        expect(cost.totalCentimes).toBeGreaterThanOrEqual(Math.max(stored, nights * rules.nightFeeCentimes, rules.minimumStayCostCentimes) - 2.5);
        expect(Math.abs(cost.totalCentimes - (cost.nightsCentimes + kwh * rules.pricePerKwhCentimes))).toBeLessThanOrEqual(2.5);
        expect(checkoutCost(stay(nights, stored), kwh + more, rules).totalCentimes).toBeGreaterThanOrEqual(cost.totalCentimes);
      }),
    );
  });
});

describe('stayStep', () => {
  it('goes check-in, check-out, payment, done', () => {
    expect(stayStep({ checkedIn: false, checkedOut: false, paid: false })).toBe('checkin');
    expect(stayStep({ checkedIn: true, checkedOut: false, paid: false })).toBe('checkout');
    expect(stayStep({ checkedIn: true, checkedOut: true, paid: false })).toBe('payment');
    expect(stayStep({ checkedIn: true, checkedOut: true, paid: true })).toBe('done');
  });
});
