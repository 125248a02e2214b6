import { randomBytes } from 'node:crypto';
import { addDays, languageOf, todayIn, type Booking, type Language } from '@rustico/core';
import { bookingsBetween } from '../bookings/service.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { findUserByCalendarToken, findUserById, toSessionUser, updateUser } from '../users/service.ts';

/** A feed shows a year back and two years ahead: what a phone calendar needs. */
const PAST_DAYS = 366;
const FUTURE_DAYS = 731;

/** A new secret for the member's feed; the old address stops working. */
export async function renewCalendarToken(ctx: AppContext, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await updateUser(ctx.db, userId, { calendarToken: token });
  return token;
}

/** The member's feed secret, made on first use. */
export async function calendarToken(ctx: AppContext, userId: string): Promise<string> {
  return (await findUserById(ctx.db, userId))?.calendarToken ?? renewCalendarToken(ctx, userId);
}

/** The bookings of a feed, as its owner would see them in the app (hidden stays stay hidden). */
export async function feedBookings(ctx: AppContext, token: string): Promise<{ bookings: Booking[]; language: Language }> {
  const owner = await findUserByCalendarToken(ctx.db, token);
  if (!owner) throw notFound('Calendar');
  const today = todayIn(ctx.config.houseTimeZone, ctx.now());
  const { bookings } = await bookingsBetween(ctx, toSessionUser(owner), addDays(today, -PAST_DAYS), addDays(today, FUTURE_DAYS));
  return { bookings, language: languageOf(owner) };
}
