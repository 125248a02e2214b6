import { z } from 'zod';
import { addDays, isoDateSchema, nightsBetween, stayDateSchema, stayDatesInRange, type IsoDate } from './dates.ts';
import type { HouseRules } from './house-rules.ts';
import type { Centimes } from './money.ts';
import { isAdmin, memberIdSchema, type Role } from './roles.ts';
import { freeTextSchema } from './text.ts';

/** 'Personale' or 'Manutenzione/lavori' (the original app's `servicing`). */
export const purposeSchema = z.enum(['personal', 'maintenance']);
export type Purpose = z.infer<typeof purposeSchema>;

export interface Stay {
  start: IsoDate;
  end: IsoDate;
}

/**
 * The days a booking occupies, as a half-open range [from, to): each night
 * belongs to the day it begins, so a stay may end on the day the next begins
 * (changeover), and a day visit (start = end) holds its own day.
 */
export function occupiedDays(stay: Stay): { from: IsoDate; to: IsoDate } {
  return { from: stay.start, to: stay.start === stay.end ? addDays(stay.start, 1) : stay.end };
}

/** Two bookings never share a night (or a day-visit day). */
export function staysOverlap(a: Stay, b: Stay): boolean {
  const x = occupiedDays(a);
  const y = occupiedDays(b);
  return x.from < y.to && y.from < x.to;
}

/** Whether a day is taken by a booking, i.e. cannot be part of a new one. */
export function occupiesDay(stay: Stay, day: IsoDate): boolean {
  const { from, to } = occupiedDays(stay);
  return from <= day && day < to;
}

/** What a stay costs when booked or edited: nothing for maintenance, else the nights at least the minimum. */
export function stayFee(stay: Stay, purpose: Purpose, rules: HouseRules): Centimes {
  if (purpose === 'maintenance') return 0;
  return Math.max(nightsBetween(stay.start, stay.end) * rules.nightFeeCentimes, rules.minimumStayCostCentimes);
}

export type StayProblem = 'DATE_OUT_OF_RANGE' | 'END_BEFORE_START' | 'STAY_TOO_LONG' | 'DATE_IN_PAST';

/** What is wrong with the dates of a new or moved booking, if anything. */
export function stayProblem(stay: Stay, context: { today: IsoDate; role: Role; rules: HouseRules }): StayProblem | null {
  if (!stayDatesInRange(stay, context.today)) return 'DATE_OUT_OF_RANGE';
  const nights = nightsBetween(stay.start, stay.end);
  if (nights < 0) return 'END_BEFORE_START';
  if (nights > context.rules.maxStayNights) return 'STAY_TOO_LONG';
  // Members plan ahead; admins may record stays that already happened.
  if (!isAdmin(context.role) && stay.start < context.today) return 'DATE_IN_PAST';
  return null;
}

export interface BookingState {
  ownerId: string;
  checkedIn: boolean;
}

export function canEditBooking(user: { id: string }, booking: BookingState): boolean {
  return booking.ownerId === user.id;
}

/** A checked-in stay is history in the making: its dates are fixed. */
export function canMoveBooking(user: { id: string }, booking: BookingState): boolean {
  return canEditBooking(user, booking) && !booking.checkedIn;
}

export function canDeleteBooking(user: { id: string; role: Role }, booking: BookingState): boolean {
  return (booking.ownerId === user.id || isAdmin(user.role)) && !booking.checkedIn;
}

export const paymentMethodSchema = z.enum(['bank_transfer', 'twint', 'voucher']);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * A stay touching a peak period is a request until an administrator approves it
 * (confirmed) or declines it (declined: kept, with the reason, in the history).
 */
export const bookingStatusSchema = z.enum(['confirmed', 'requested', 'declined']);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

/** Which rule an administrator's override set aside for a booking. */
export const overriddenRuleSchema = z.enum(['window', 'notice', 'length', 'quota', 'turn', 'peak']);
export type OverriddenRule = z.infer<typeof overriddenRuleSchema>;

/** An administrator's decision on a request. */
export const bookingDecisionSchema = z.object({
  decision: z.enum(['approved', 'declined']),
  at: z.string(),
  /** The administrator who decided (for a request declined by another's approval: who approved that). */
  byName: z.string().nullable(),
  reason: z.string().nullable(),
  /** The request that was approved instead of this one. */
  inFavourOf: z.object({ bookingId: z.string(), ownerName: z.string() }).nullable(),
});
export type BookingDecision = z.infer<typeof bookingDecisionSchema>;

/** An administrator set a rule aside for this booking: everyone sees why. */
export const bookingOverrideSchema = z.object({
  reason: z.string(),
  byName: z.string(),
  at: z.string(),
  /** The rules the booking would have broken (empty when it broke none). */
  rules: z.array(overriddenRuleSchema),
});
export type BookingOverride = z.infer<typeof bookingOverrideSchema>;

export const bookingSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  ownerColour: z.string(),
  start: isoDateSchema,
  end: isoDateSchema,
  purpose: purposeSchema,
  nights: z.number().int(),
  costCentimes: z.number().int(),
  checkedIn: z.boolean(),
  checkedOut: z.boolean(),
  paid: z.boolean(),
  /** Set at check-out: the electricity the stay used. */
  kwhUsed: z.number().nullable(),
  paymentMethod: paymentMethodSchema.nullable(),
  createdAt: z.string(),
  /** The administrator who booked on the owner's behalf ("prenotata da Marco"); null when the owner booked. */
  createdByName: z.string().nullable(),
  status: bookingStatusSchema,
  /** The approval or decline of a request; null while undecided and for instant bookings. */
  decision: bookingDecisionSchema.nullable(),
  override: bookingOverrideSchema.nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** An administrator sets the fairness rules aside for one booking, saying why (everyone sees it). */
export const overrideInputSchema = z.object({ reason: freeTextSchema({ max: 500, emptyCode: 'REASON_REQUIRED' }) });

export const bookingInputSchema = z.object({
  start: stayDateSchema,
  end: stayDateSchema,
  purpose: purposeSchema,
  /** Administrators only (403 otherwise). */
  override: overrideInputSchema.optional(),
});
export type BookingInput = z.infer<typeof bookingInputSchema>;

/** A new booking; `ownerId` books for another member (administrators only). */
export const newBookingSchema = bookingInputSchema.extend({ ownerId: memberIdSchema.optional() });
export type NewBooking = z.infer<typeof newBookingSchema>;

export const bookingRangeQuerySchema = z.object({ from: isoDateSchema, to: isoDateSchema });

export const bookingResponseSchema = z.object({ booking: bookingSchema });
export const bookingListSchema = z.object({ bookings: z.array(bookingSchema) });
export const bookingPageSchema = z.object({ bookings: z.array(bookingSchema), nextCursor: z.string().nullable() });
/** The years in which a history has stays, newest first, for its year filter. */
export const bookingYearsSchema = z.object({ years: z.array(z.number().int()) });
export const nextBookingSchema = z.object({ booking: bookingSchema.nullable() });
