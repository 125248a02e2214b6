import { z } from 'zod';
import { nightsBetween } from './dates.ts';
import type { HouseRules } from './house-rules.ts';
import { roundTo5Centimes, type Centimes } from './money.ts';
import { paymentMethodSchema, type Purpose, type Stay } from './bookings.ts';

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

/** A meter reading: the day-rate and night-rate registers, in kWh. */
export const meterReadingInputSchema = z.object({
  dayKwh: z.number().finite().min(0).max(10_000_000),
  nightKwh: z.number().finite().min(0).max(10_000_000),
});
export type MeterReadingInput = z.infer<typeof meterReadingInputSchema>;

/** Readings are kept to a tenth of a kWh, as the meter shows them. */
export function roundKwh(kwh: number): number {
  return Math.round(kwh * 10) / 10;
}

export function readingTotal(reading: MeterReadingInput): number {
  return roundKwh(reading.dayKwh + reading.nightKwh);
}

/** A meter only counts up: a new total lower than the last stored one is a typing mistake. */
export function readingIsPlausible(reading: MeterReadingInput, lastTotalKwh: number | null): boolean {
  return lastTotalKwh === null || readingTotal(reading) >= lastTotalKwh;
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

export const checkinRequestSchema = meterReadingInputSchema.extend({
  note: z.string().trim().max(2000).optional(),
});
export type CheckinRequest = z.infer<typeof checkinRequestSchema>;

export const checkoutRequestSchema = meterReadingInputSchema.extend({
  /** The person confirms the cleaning checklist was done. */
  checklistDone: z.literal(true, { message: 'CHECKLIST_NOT_DONE' }),
  note: z.string().trim().max(2000).optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const paymentRequestSchema = z.object({ method: paymentMethodSchema });

export const meterReadingSchema = z.object({
  dayKwh: z.number(),
  nightKwh: z.number(),
  totalKwh: z.number(),
  recordedAt: z.string(),
});
export type MeterReading = z.infer<typeof meterReadingSchema>;

export const latestReadingSchema = z.object({ reading: meterReadingSchema.nullable() });
