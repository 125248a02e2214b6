import { groupThousands } from './figures.ts';

/**
 * Money is an integer number of centimes (Rappen). Swiss amounts are settled
 * to the nearest 5 centimes; half-way values round away from zero.
 */
export type Centimes = number;

/** CHF 1'000'000: the largest amount the house books anywhere; beyond it is a typing mistake. */
export const MAX_AMOUNT_CENTIMES = 100_000_000;

export function francs(amount: number): Centimes {
  return Math.round(amount * 100);
}

export function roundTo5Centimes(centimes: number): Centimes {
  const rounded = Math.sign(centimes) * Math.round(Math.abs(centimes) / 5) * 5;
  return rounded === 0 ? 0 : rounded;
}

/** `CHF 1'250.-` for whole francs, `CHF 87.35` otherwise (after 5-centime rounding). */
export function formatChf(centimes: Centimes): string {
  const rounded = roundTo5Centimes(centimes);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  const decimals = cents === 0 ? '-' : String(cents).padStart(2, '0');
  return `CHF ${sign}${groupThousands(whole)}.${decimals}`;
}
