import type { HouseRules } from './api/house-rules.ts';
import { addDays, nightsBetween, stayDatesInRange, type IsoDate } from './dates.ts';
import type { Centimes } from './money.ts';
import { isAdmin, type Role } from './roles.ts';

/** 'Personale' or 'Manutenzione/lavori' (the original app's `servicing`). */
export const purposes = ['personal', 'maintenance'] as const;
export type Purpose = (typeof purposes)[number];

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

export const paymentMethods = ['bank_transfer', 'twint', 'voucher'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * A stay touching a peak period is a request until an administrator approves it
 * (confirmed) or declines it (declined: kept, with the reason, in the history).
 */
export const bookingStatuses = ['confirmed', 'requested', 'declined'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** Which rule an administrator's override set aside for a booking. */
export const overriddenRules = ['window', 'notice', 'length', 'quota', 'turn', 'peak'] as const;
export type OverriddenRule = (typeof overriddenRules)[number];

/** A booking history comes a page at a time, newest first: 20 years of stays are 360 KB at once. */
export const BOOKINGS_PAGE_SIZE = 30;
