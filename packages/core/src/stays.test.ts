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
  readingProblem,
  readingTotal,
  registersAbove,
  registersBelow,
  registersKnown,
  refusedRegisters,
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

  it('checks each register on its own: day 100 after 18,889.7 is wrong even with the night far higher', () => {
    const last = { dayKwh: 18_889.7, nightKwh: 9_120.4, totalKwh: 28_010.1, recordedAt: '2026-11-01T10:00:00.000Z' };
    const now = new Date('2026-11-03T10:00:00.000Z');
    expect(readingProblem({ dayKwh: 100, nightKwh: 40_000 }, last, now)).toEqual({ code: 'READING_TOO_LOW', registers: ['dayKwh'] });
    expect(readingProblem({ dayKwh: 18_900, nightKwh: 9_000 }, last, now)).toEqual({ code: 'READING_TOO_LOW', registers: ['nightKwh'] });
    expect(readingProblem({ dayKwh: 1, nightKwh: 1 }, last, now)).toEqual({ code: 'READING_TOO_LOW', registers: ['dayKwh', 'nightKwh'] });
    expect(readingProblem({ dayKwh: 18_889.7, nightKwh: 9_120.4 }, last, now)).toBeNull();
    expect(readingProblem({ dayKwh: 0, nightKwh: 0 }, null, now)).toBeNull();
  });

  const register = fc.integer({ min: 1, max: 5_000_000 }).map((n) => n / 10);
  const storedReading = fc.record({ dayKwh: register, nightKwh: register }).map((r) => ({ ...r, totalKwh: readingTotal(r), recordedAt: '2026-01-01T00:00:00.000Z' }));
  const anyReading = fc.record({ dayKwh: tenths, nightKwh: tenths });
  const muchLater = new Date('2036-01-01T00:00:00.000Z');

  it('refuses a register lower than the last, naming exactly the registers that went back', () => {
    fc.assert(
      fc.property(storedReading, anyReading, (last, reading) => {
        const back = (['dayKwh', 'nightKwh'] as const).filter((r) => reading[r] < last[r]);
        const problem = readingProblem(reading, last, muchLater);
        if (back.length > 0) expect(problem).toEqual({ code: 'READING_TOO_LOW', registers: back });
        else expect(problem?.code).not.toBe('READING_TOO_LOW');
      }),
    );
  });

  it("keeps the spec's rule: a total lower than the last one is never accepted, with or without registers", () => {
    const lastTotalOnly = fc.integer({ min: 0, max: 5_000_000 }).map((n) => ({ dayKwh: n / 10, nightKwh: 0, totalKwh: n / 10, recordedAt: '2026-01-01T00:00:00.000Z' }));
    fc.assert(
      fc.property(fc.oneof(storedReading, lastTotalOnly), anyReading, (last, reading) => {
        if (readingTotal(reading) < last.totalKwh) expect(readingProblem(reading, last, muchLater)?.code).toBe('READING_TOO_LOW');
      }),
    );
  });

  it('holds a reading after an imported total (night 0) to the total alone, on both fields', () => {
    // The original app stored one figure: the import put it in the day register.
    const imported = { dayKwh: 28_010.1, nightKwh: 0, totalKwh: 28_010.1, recordedAt: '2026-11-01T10:00:00.000Z' };
    const now = new Date('2026-11-02T10:00:00.000Z');
    expect(readingProblem({ dayKwh: 18_900, nightKwh: 9_200 }, imported, now)).toBeNull();
    expect(readingProblem({ dayKwh: 18_900, nightKwh: 9_000 }, imported, now)).toEqual({ code: 'READING_TOO_LOW', registers: ['dayKwh', 'nightKwh'] });
    expect(registersKnown({ dayKwh: 5, nightKwh: 0 })).toBe(false);
  });

  it("places a server's refusal on the register it names, on both when it names none", () => {
    expect(refusedRegisters('nightKwh')).toEqual(['nightKwh']);
    expect(refusedRegisters(undefined)).toEqual(['dayKwh', 'nightKwh']);
    expect(refusedRegisters('note')).toEqual(['dayKwh', 'nightKwh']);
  });

  it('compares a correction with a later stored reading the same way, upwards', () => {
    fc.assert(
      fc.property(storedReading, anyReading, (later, reading) => {
        const above = (['dayKwh', 'nightKwh'] as const).filter((r) => reading[r] > later[r]);
        const found = registersAbove(reading, later);
        if (above.length > 0) expect(found).toEqual(above);
        else expect(found).toEqual([]);
        // No register is ever both above and below.
        expect(registersBelow(reading, later).filter((r) => found.includes(r))).toEqual([]);
      }),
    );
  });

  it('refuses a total implausibly far above the last one, allowing more the longer ago it was', () => {
    const last = { dayKwh: 12_000, nightKwh: 0, totalKwh: 12_000, recordedAt: '2026-11-01T10:00:00.000Z' };
    const sameDay = new Date('2026-11-01T18:00:00.000Z');
    expect(readingProblem({ dayKwh: 17_000, nightKwh: 0 }, last, sameDay)).toBeNull();
    expect(readingProblem({ dayKwh: 17_000, nightKwh: 0.1 }, last, sameDay)?.code).toBe('READING_TOO_HIGH');
    expect(readingProblem({ dayKwh: 10_000_000, nightKwh: 0 }, last, sameDay)?.code).toBe('READING_TOO_HIGH');
    expect(readingProblem({ dayKwh: 11_999, nightKwh: 0 }, last, sameDay)?.code).toBe('READING_TOO_LOW');
    expect(readingProblem({ dayKwh: 10_000_000, nightKwh: 0 }, null, sameDay)).toBeNull();
    // With both registers known, the one that jumped is to blame.
    const both = { dayKwh: 8_000, nightKwh: 4_000, totalKwh: 12_000, recordedAt: last.recordedAt };
    expect(readingProblem({ dayKwh: 80_000, nightKwh: 4_010 }, both, sameDay)).toEqual({ code: 'READING_TOO_HIGH', registers: ['dayKwh'] });
    expect(readingProblem({ dayKwh: 8_010, nightKwh: 40_000 }, both, sameDay)).toEqual({ code: 'READING_TOO_HIGH', registers: ['nightKwh'] });
    fc.assert(
      fc.property(tenths, fc.integer({ min: 0, max: 3650 * 24 }), tenths, (lastTotal, hoursLater, added) => {
        const previous = { dayKwh: lastTotal, nightKwh: 0, totalKwh: lastTotal, recordedAt: '2026-01-01T00:00:00.000Z' };
        const now = new Date(Date.parse(previous.recordedAt) + hoursLater * 3_600_000);
        const days = Math.max(1, Math.ceil(hoursLater / 24));
        const reading = { dayKwh: roundTenth(lastTotal + added), nightKwh: 0 };
        const problem = readingProblem(reading, previous, now);
        // Whatever a house could use in the days since is accepted; past that, refused.
        expect(problem?.code ?? null).toBe(readingTotal(reading) > highestPlausibleTotal(previous, now) ? 'READING_TOO_HIGH' : null);
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
