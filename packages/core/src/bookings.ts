import { z } from 'zod';
import { addDays, isoDateSchema, nightsBetween, type IsoDate } from './dates.ts';
import type { HouseRules } from './house-rules.ts';
import type { Centimes } from './money.ts';
import { isAdmin, type Role } from './roles.ts';

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

export type StayProblem = 'END_BEFORE_START' | 'STAY_TOO_LONG' | 'DATE_IN_PAST';

/** What is wrong with the dates of a new or moved booking, if anything. */
export function stayProblem(stay: Stay, context: { today: IsoDate; role: Role; rules: HouseRules }): StayProblem | null {
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
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingInputSchema = z.object({
  start: isoDateSchema,
  end: isoDateSchema,
  purpose: purposeSchema,
});
export type BookingInput = z.infer<typeof bookingInputSchema>;

export const bookingRangeQuerySchema = z.object({ from: isoDateSchema, to: isoDateSchema });

export const bookingResponseSchema = z.object({ booking: bookingSchema });
export const bookingListSchema = z.object({ bookings: z.array(bookingSchema) });
export const nextBookingSchema = z.object({ booking: bookingSchema.nullable() });
