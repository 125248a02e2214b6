import { randomUUID } from 'node:crypto';
import {
  canDeleteBooking,
  canEditBooking,
  canMoveBooking,
  isAdmin,
  nightsBetween,
  stayFee,
  stayProblem,
  staysOverlap,
  todayIn,
  type Booking,
  type BookingInput,
  type HouseRules,
  type SessionUser,
} from '@rustico/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import { lockBookingsForWrite } from '../db/locks.ts';
import type { Database } from '../db/schema.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import { bookingMessage } from '../push/messages.ts';
import { getHouseRules } from '../house/rules.ts';
import {
  deleteBooking as deleteBookingRow,
  findBooking,
  insertBooking,
  listBookingsBetween,
  listBookingsNear,
  listHistory,
  nextBookingAfter,
  updateBooking as updateBookingRow,
  type BookingRow,
} from './repository.ts';

const MAX_RANGE_DAYS = 1100;

export function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    ownerId: row.userId,
    ownerName: row.ownerName,
    ownerColour: row.ownerColour,
    start: row.startDate,
    end: row.endDate,
    purpose: row.purpose,
    nights: nightsBetween(row.startDate, row.endDate),
    costCentimes: row.costCentimes,
    checkedIn: row.checkedIn === 1,
    checkedOut: row.checkedOut === 1,
    paid: row.paid === 1,
    kwhUsed: row.kwhUsed,
    paymentMethod: row.paymentMethod,
    createdAt: row.createdAt,
  };
}

const audienceOf = (row: BookingRow) => ({ ownerId: row.userId, ownerHidden: row.ownerHidden === 1 });

/** Everyone else's devices; a hidden account's changes only reach hidden accounts. */
export const recipientsOf = (actor: SessionUser) => ({ exceptUserId: actor.id, onlyHidden: actor.hidden, onlyAdmins: false });

function today(ctx: AppContext): string {
  return todayIn(ctx.config.houseTimeZone, ctx.now());
}

function checkStay(ctx: AppContext, user: SessionUser, input: BookingInput, rules: HouseRules): void {
  const problem = stayProblem(input, { today: today(ctx), role: user.role, rules });
  if (problem) throw new AppError(400, problem, `The dates are not bookable: ${problem}`, problem === 'END_BEFORE_START' ? 'end' : 'start');
}

/** Run inside the locked transaction: no other booking may hold one of these nights. */
async function assertNightsFree(trx: Kysely<Database>, stay: BookingInput, excludeId: string | null): Promise<void> {
  const near = await listBookingsNear(trx, stay.start, stay.end, excludeId);
  if (near.some((other) => staysOverlap(stay, { start: other.startDate, end: other.endDate }))) {
    throw new AppError(409, 'BOOKING_OVERLAP', 'Those nights are booked already');
  }
}

export async function bookingsBetween(ctx: AppContext, viewer: SessionUser, from: string, to: string): Promise<Booking[]> {
  if (nightsBetween(from, to) < 0) throw new AppError(400, 'END_BEFORE_START', 'to is before from', 'to');
  if (nightsBetween(from, to) > MAX_RANGE_DAYS) throw new AppError(400, 'STAY_TOO_LONG', `At most ${MAX_RANGE_DAYS} days at once`, 'to');
  return (await listBookingsBetween(ctx.db, from, to, viewer)).map(toBooking);
}

/** The next stay that begins after today, in the house's time zone. */
export async function nextBooking(ctx: AppContext, viewer: SessionUser): Promise<Booking | null> {
  const row = await nextBookingAfter(ctx.db, today(ctx), viewer);
  return row ? toBooking(row) : null;
}

/** Route value of a history that means "every member". */
export const ALL_MEMBERS = '0';

/**
 * A member's own history; everyone's ('0', optionally narrowed to one member)
 * and other members' only for admins. `year` keeps the stays that start in it.
 */
export async function bookingHistory(ctx: AppContext, viewer: SessionUser, userId: string, filters: { year?: number | undefined; memberId?: string | undefined } = {}): Promise<Booking[]> {
  if (userId !== viewer.id && !isAdmin(viewer.role)) throw forbidden();
  const member = userId === ALL_MEMBERS ? (filters.memberId ?? null) : userId;
  return (await listHistory(ctx.db, member, viewer, filters.year)).map(toBooking);
}

export async function createBooking(ctx: AppContext, user: SessionUser, input: BookingInput): Promise<Booking> {
  const rules = await getHouseRules(ctx.db);
  checkStay(ctx, user, input, rules);
  const id = randomUUID();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockBookingsForWrite(trx);
    await assertNightsFree(trx, input, null);
    const at = ctx.now().toISOString();
    await insertBooking(trx, {
      id,
      userId: user.id,
      startDate: input.start,
      endDate: input.end,
      purpose: input.purpose,
      costCentimes: stayFee(input, input.purpose, rules),
      checkedIn: 0,
      checkedOut: 0,
      paid: 0,
      kwhUsed: null,
      paymentMethod: null,
      paidAt: null,
      createdAt: at,
      updatedAt: at,
    });
    return (await findBooking(trx, id, user))!;
  });
  ctx.events.publish({ type: 'booking', action: 'created', id }, audienceOf(row));
  const booking = toBooking(row);
  ctx.push.notify(recipientsOf(user), bookingMessage('created', booking));
  return booking;
}

export async function updateBooking(ctx: AppContext, user: SessionUser, id: string, input: BookingInput): Promise<Booking> {
  const rules = await getHouseRules(ctx.db);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockBookingsForWrite(trx);
    const current = await findBooking(trx, id, user);
    if (!current) throw notFound('Booking');
    const state = { ownerId: current.userId, checkedIn: current.checkedIn === 1 };
    if (!canEditBooking(user, state)) throw forbidden();
    // After check-in the stay is being lived: neither dates nor purpose (hence cost) change.
    if (!canMoveBooking(user, state)) throw new AppError(409, 'BOOKING_CHECKED_IN', 'A checked-in stay cannot be changed');
    if (current.startDate !== input.start || current.endDate !== input.end) {
      checkStay(ctx, user, input, rules);
      await assertNightsFree(trx, input, id);
    }
    await updateBookingRow(trx, id, {
      startDate: input.start,
      endDate: input.end,
      purpose: input.purpose,
      costCentimes: stayFee(input, input.purpose, rules),
      updatedAt: ctx.now().toISOString(),
    });
    return (await findBooking(trx, id, user))!;
  });
  ctx.events.publish({ type: 'booking', action: 'updated', id }, audienceOf(row));
  const booking = toBooking(row);
  ctx.push.notify(recipientsOf(user), bookingMessage('updated', booking));
  return booking;
}

export async function deleteBooking(ctx: AppContext, user: SessionUser, id: string): Promise<void> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await findBooking(trx, id, user);
    if (!current) throw notFound('Booking');
    const state = { ownerId: current.userId, checkedIn: current.checkedIn === 1 };
    if (current.checkedIn === 1 && (current.userId === user.id || isAdmin(user.role))) {
      throw new AppError(409, 'BOOKING_CHECKED_IN', 'A checked-in stay cannot be deleted');
    }
    if (!canDeleteBooking(user, state)) throw forbidden();
    await deleteBookingRow(trx, id);
    return current;
  });
  ctx.events.publish({ type: 'booking', action: 'deleted', id }, audienceOf(row));
  ctx.push.notify({ ...recipientsOf(user), onlyHidden: row.ownerHidden === 1 }, bookingMessage('deleted', toBooking(row)));
}
