import type { HouseRules } from './api/house-rules.ts';
import type { MeterReadingInput } from './api/stays.ts';
import type { Purpose, Stay } from './bookings.ts';
import { compareDates, nightsBetween } from './dates.ts';
import { roundTo5Centimes, type Centimes } from './money.ts';

/**
 * What happens at the house: a meter reading on arrival (check-in), another
 * and the cleaning checklist on departure (check-out), then the payment.
 */
export type StayStep = 'checkin' | 'checkout' | 'payment' | 'done';

export function stayStep(booking: { checkedIn: boolean; checkedOut: boolean; paid: boolean }): StayStep {
  if (!booking.checkedIn) return 'checkin';
  if (!booking.checkedOut) return 'checkout';
  if (!booking.paid) return 'payment';
  return 'done';
}

/**
 * Check-in opens on the arrival day (both ISO dates, today in the house's
 * zone): earlier would lock the booking and put the reading out of order.
 */
export function checkinOpen(arrival: string, today: string): boolean {
  return today >= arrival;
}

export type StayAction = 'checkin' | 'checkout' | 'payment';

/**
 * What a member's stay needs from them today, if anything: the check-in on an
 * arrival day (or later, while the stay lasts), the check-out from the
 * departure day, the payment once checked out.
 */
export function stayAction(stay: { start: string; end: string; checkedIn: boolean; checkedOut: boolean; paid: boolean }, today: string): StayAction | null {
  const step = stayStep(stay);
  if (step === 'checkin') return checkinOpen(stay.start, today) && today <= stay.end ? 'checkin' : null;
  if (step === 'checkout') return today >= stay.end ? 'checkout' : null;
  if (step === 'payment') return 'payment';
  return null;
}

/** The one stay Home points at: the oldest that needs something today. */
export function stayNeedingAction<T extends { start: string; end: string; checkedIn: boolean; checkedOut: boolean; paid: boolean }>(
  stays: readonly T[],
  today: string,
): { stay: T; action: StayAction } | null {
  const ordered = [...stays].sort((a, b) => compareDates(a.start, b.start));
  for (const stay of ordered) {
    const action = stayAction(stay, today);
    if (action) return { stay, action };
  }
  return null;
}

/** The most a register of the meter shows (and so the most a stay can use), in kWh. */
export const MAX_READING_KWH = 10_000_000;

/** Readings are kept to a tenth of a kWh, as the meter shows them. */
export function roundKwh(kwh: number): number {
  return Math.round(kwh * 10) / 10;
}

export function readingTotal(reading: MeterReadingInput): number {
  return roundKwh(reading.dayKwh + reading.nightKwh);
}

/** The meter's two registers, as the readings name them. */
export type MeterRegister = 'dayKwh' | 'nightKwh';
export const meterRegisters: readonly MeterRegister[] = ['dayKwh', 'nightKwh'];

type StoredReading = MeterReadingInput & { totalKwh: number };

/**
 * Whether a stored reading carries both registers. The original app kept one total, which the
 * import puts in the day register with 0 at night: such a reading says nothing of each register,
 * and what follows it is held to its total alone.
 */
export function registersKnown(reading: MeterReadingInput): boolean {
  return reading.nightKwh > 0;
}

/**
 * The registers of a new reading that went past a stored one in the direction `past` (-1 below,
 * +1 above): each register on its own when the stored reading carries both, and the total too
 * (the spec's rule: a lower sum is wrong on both fields, whatever the registers say).
 */
function registersPast(reading: MeterReadingInput, stored: StoredReading, past: -1 | 1): MeterRegister[] {
  const beyond = (value: number, bound: number) => (past < 0 ? value < bound : value > bound);
  const each = registersKnown(stored) ? meterRegisters.filter((register) => beyond(reading[register], stored[register])) : [];
  if (each.length > 0) return each;
  return beyond(readingTotal(reading), stored.totalKwh) ? [...meterRegisters] : [];
}

/** The registers of a new reading below a stored earlier one: a meter only counts up. */
export function registersBelow(reading: MeterReadingInput, earlier: StoredReading): MeterRegister[] {
  return registersPast(reading, earlier, -1);
}

/** The registers of a new reading above a stored later one (an arrival corrected past its departure). */
export function registersAbove(reading: MeterReadingInput, later: StoredReading): MeterRegister[] {
  return registersPast(reading, later, 1);
}

/**
 * More than a house could use: 5,000 kWh a day is twenty times what the
 * rustico's heating draws flat out. A reading past it is a typing mistake
 * (an extra digit), and kept it would make every real reading "too low".
 */
export const MAX_KWH_PER_DAY = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The highest total believable now, given the last reading and the days since it (at least one). */
export function highestPlausibleTotal(last: { totalKwh: number; recordedAt: string }, now: Date): number {
  const days = Math.max(1, Math.ceil((now.getTime() - new Date(last.recordedAt).getTime()) / DAY_MS));
  return roundKwh(last.totalKwh + days * MAX_KWH_PER_DAY);
}

/** The register that rose the most since a stored reading (both when they rose alike or it has no registers). */
export function registersRisenMost(reading: MeterReadingInput, last: StoredReading): MeterRegister[] {
  if (!registersKnown(last)) return [...meterRegisters];
  const day = reading.dayKwh - last.dayKwh;
  const night = reading.nightKwh - last.nightKwh;
  if (day === night) return [...meterRegisters];
  return [day > night ? 'dayKwh' : 'nightKwh'];
}

/** The registers a refusal of a reading is about: the field it names, or both when it names none. */
export function refusedRegisters(field: string | undefined): MeterRegister[] {
  const named = meterRegisters.find((register) => register === field);
  return named ? [named] : [...meterRegisters];
}

export interface ReadingProblem {
  code: 'READING_TOO_LOW' | 'READING_TOO_HIGH';
  /** The fields that are wrong: «Dati non corretti» shows on these. */
  registers: MeterRegister[];
}

/**
 * What is wrong with a new reading after the last stored one, if anything: a register lower than
 * it was (or a lower total), or a total implausibly far above it, with the registers to blame.
 */
export function readingProblem(reading: MeterReadingInput, last: (StoredReading & { recordedAt: string }) | null, now: Date): ReadingProblem | null {
  if (!last) return null;
  const below = registersBelow(reading, last);
  if (below.length > 0) return { code: 'READING_TOO_LOW', registers: below };
  if (readingTotal(reading) > highestPlausibleTotal(last, now)) return { code: 'READING_TOO_HIGH', registers: registersRisenMost(reading, last) };
  return null;
}

export function kwhUsed(checkinTotalKwh: number, checkoutTotalKwh: number): number {
  return roundKwh(checkoutTotalKwh - checkinTotalKwh);
}

export interface CostBreakdown {
  nights: number;
  nightsCentimes: Centimes;
  /** The stored cost when booked, if it was higher than the nights (the minimum). */
  minimumApplied: boolean;
  kwh: number;
  electricityCentimes: Centimes;
  totalCentimes: Centimes;
}

/**
 * The cost at check-out: nothing for maintenance; otherwise the larger of the
 * cost stored at booking and the nights at the night fee (at least the
 * minimum), plus the electricity used, rounded to 5 centimes.
 */
export function checkoutCost(
  stay: Stay & { purpose: Purpose; storedCostCentimes: Centimes },
  kwh: number,
  rules: HouseRules,
): CostBreakdown {
  const nights = nightsBetween(stay.start, stay.end);
  if (stay.purpose === 'maintenance') {
    return { nights, nightsCentimes: 0, minimumApplied: false, kwh, electricityCentimes: 0, totalCentimes: 0 };
  }
  const byNights = nights * rules.nightFeeCentimes;
  const lodging = Math.max(stay.storedCostCentimes, byNights, rules.minimumStayCostCentimes);
  const electricity = kwh * rules.pricePerKwhCentimes;
  return {
    nights,
    nightsCentimes: lodging,
    minimumApplied: lodging > byNights,
    kwh,
    electricityCentimes: roundTo5Centimes(electricity),
    totalCentimes: roundTo5Centimes(lodging + electricity),
  };
}
