import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import { DEFAULT_HOUSE_RULES as rules } from './house-rules.ts';
import { checkoutCost, kwhUsed, readingIsPlausible, readingTotal, stayStep } from './stays.ts';

const tenths = fc.integer({ min: 0, max: 5_000_000 }).map((n) => n / 10);

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
