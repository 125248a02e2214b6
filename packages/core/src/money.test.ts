import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centimesSchema } from './api/money.ts';
import { formatChf, francs, MAX_AMOUNT_CENTIMES, roundTo5Centimes } from './money.ts';

describe('roundTo5Centimes', () => {
  it('rounds to the nearest 5 centimes, half-way up', () => {
    expect(roundTo5Centimes(8732)).toBe(8730);
    expect(roundTo5Centimes(8733)).toBe(8735);
    expect(roundTo5Centimes(8737)).toBe(8735);
    expect(roundTo5Centimes(8738)).toBe(8740);
    expect(roundTo5Centimes(12)).toBe(10);
    expect(roundTo5Centimes(13)).toBe(15);
  });

  it('lands on a multiple of 5 at most 2.5 centimes away, and is idempotent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (centimes) => {
        const rounded = roundTo5Centimes(centimes);
        expect(Math.abs(rounded % 5)).toBe(0);
        expect(Math.abs(rounded - centimes)).toBeLessThanOrEqual(2.5);
        expect(roundTo5Centimes(rounded)).toBe(rounded);
      }),
    );
  });

  it('converts francs to centimes without float noise', () => {
    expect(francs(0.3 * 120.4)).toBe(3612);
    expect(francs(50)).toBe(5000);
  });
});

describe('formatChf', () => {
  it("writes whole francs as CHF 1'250.- and others with centimes", () => {
    expect(formatChf(125_000)).toBe("CHF 1'250.-");
    expect(formatChf(7500)).toBe('CHF 75.-');
    expect(formatChf(8735)).toBe('CHF 87.35');
    expect(formatChf(8733)).toBe('CHF 87.35');
    expect(formatChf(5)).toBe('CHF 0.05');
    expect(formatChf(0)).toBe('CHF 0.-');
    expect(formatChf(123_456_780)).toBe("CHF 1'234'567.80");
  });

  it('always shows a 5-centime amount with an apostrophe every three digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (centimes) => {
        const text = formatChf(centimes);
        expect(text).toMatch(/^CHF \d{1,3}('\d{3})*\.(-|\d[05])$/);
        const [whole, cents] = text.slice(4).replaceAll("'", '').split('.') as [string, string];
        expect(Number(whole) * 100 + (cents === '-' ? 0 : Number(cents))).toBe(roundTo5Centimes(centimes));
      }),
    );
  });
});

describe('amounts as the API accepts them', () => {
  it('are whole centimes from 0 to CHF 1 million, and nothing else', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        const accepted = Number.isInteger(value) && value >= 0 && value <= MAX_AMOUNT_CENTIMES;
        expect(centimesSchema.safeParse(value).success).toBe(accepted);
      }),
    );
    for (const value of [0, 1, MAX_AMOUNT_CENTIMES]) expect(centimesSchema.safeParse(value).success).toBe(true);
    for (const value of [-1, 0.5, MAX_AMOUNT_CENTIMES + 1, Infinity, francs(1e308), Number.NaN, '100']) expect(centimesSchema.safeParse(value).success).toBe(false);
  });
});
