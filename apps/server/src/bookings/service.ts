import { randomUUID } from 'node:crypto';
import {
  canDeleteBooking,
  canEditBooking,
  canMoveBooking,
  isAdmin,
  nightsBetween,
  stayFee,
  formatStayDates,
  freedDays,
  todayIn,
  type Booking,
  type Change,
  type ChangeAction,
  type IsoDate,
  type BookingInput,
  type NewBooking,
  type OverriddenRule,
  overriddenRuleSchema,
  type SessionUser,
} from '@rustico/core';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { lockBookingsForWrite } from '../db/locks.ts';
import { whileUnchanged } from '../db/unchanged.ts';
import { afterTurnsPassed, passTurns } from '../turns/service.ts';
import { requestMessage } from '../push/messages.ts';
import { recipientsOf } from '../push/recipients.ts';
import { judgeDates, judgeInTransaction, judgeQuota, type Verdict } from './fairness.ts';
import type { Database } from '../db/schema.ts';
import { historyOf, lastChange, recordChange, type Fields } from '../history/service.ts';
import { AppError, forbidden, notFound, staleEdit } from '../http/errors.ts';
import { queueNotice, type NoticeAudience } from '../notifications/service.ts';
import { getHouseRules } from '../house/rules.ts';
import { findUserById } from '../users/service.ts';
import {
  deleteBooking as deleteBookingRow,
  findBooking,
  insertBooking,
  listBookingsBetween,
  nextBookingAfter,
  updateBooking as updateBookingRow,
  type BookingRow,
  type ListedBookingRow,
} from './repository.ts';

// What other features read and write of bookings goes through here, not its repository.
export { type BookingRow, findBooking, firstBookingStart, insertBooking, listBookingsNear, listConfirmedStaysOf, listCountedStays, listOpenStays, listQuotaStays, listRequests, setDecision, setOwner } from './repository.ts';

const MAX_RANGE_DAYS = 1100;

export function toBooking(row: ListedBookingRow): Booking {
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
    createdByName: row.createdByName,
    status: row.status,
    version: row.version,
    decision:
      row.decision && row.decidedAt
        ? {
            decision: row.decision,
            at: row.decidedAt,
            byName: row.decidedByName,
            reason: row.decisionReason,
            inFavourOf: row.declinedInFavourOf ? { bookingId: row.declinedInFavourOf, ownerName: row.inFavourOfName ?? '' } : null,
          }
        : null,
    override:
      row.overrideReason && row.overrideAt
        ? { reason: row.overrideReason, byName: row.overrideByName ?? '', at: row.overrideAt, rules: parseRules(row.overrideRules) }
        : null,
  };
}

function parseRules(json: string | null): OverriddenRule[] {
  const parsed = z.array(overriddenRuleSchema).safeParse(json ? JSON.parse(json) : []);
  return parsed.success ? parsed.data : [];
}

const audienceOf = (row: BookingRow) => ({ ownerId: row.userId, ownerHidden: row.ownerHidden === 1 });

/** Everyone else's devices; a hidden account's changes only reach hidden accounts. */

function today(ctx: AppContext): string {
  return todayIn(ctx.config.houseTimeZone, ctx.now());
}

/** The calendar's months (each swipe, each member's phone) asked again while no stay or member changed. */
const ranges = whileUnchanged<{ bookings: Booking[] }>(200);

/** Bookings touching from..to (inclusive), as the calendar grid shows them. */
export async function bookingsBetween(ctx: AppContext, viewer: SessionUser, from: string, to: string): Promise<{ bookings: Booking[] }> {
  if (nightsBetween(from, to) < 0) throw new AppError(400, 'END_BEFORE_START', 'to is before from', 'to');
  if (nightsBetween(from, to) > MAX_RANGE_DAYS) throw new AppError(400, 'STAY_TOO_LONG', `At most ${MAX_RANGE_DAYS} days at once`, 'to');
  return ranges(ctx.db, JSON.stringify([viewer.id, viewer.hidden, from, to]), async () => ({
    bookings: (await listBookingsBetween(ctx.db, from, to, viewer)).map(toBooking),
  }));
}

/** The next stay that begins after today, in the house's time zone. */
export async function nextBooking(ctx: AppContext, viewer: SessionUser): Promise<Booking | null> {
  const row = await nextBookingAfter(ctx.db, today(ctx), viewer);
  return row ? toBooking(row) : null;
}

/** Whose the new stay is: the booker's, or (administrators only) the member's they book for. */
async function ownerOf(trx: Kysely<Database>, user: SessionUser, ownerId: string | undefined): Promise<string> {
  if (ownerId === undefined || ownerId === user.id) return user.id;
  if (!isAdmin(user.role)) throw forbidden();
  const owner = await findUserById(trx, ownerId);
  // A hidden account exists only for other hidden accounts.
  if (!owner || owner.disabled === 1 || (owner.hidden === 1 && !user.hidden)) throw new AppError(404, 'USER_NOT_FOUND', 'No such member', 'ownerId');
  return owner.id;
}

/** The override's columns: why, who, when, and which rules it set aside. */
function overrideColumns(user: SessionUser, override: { reason: string } | undefined, rules: OverriddenRule[], at: string) {
  if (!override) return { overrideReason: null, overrideBy: null, overrideAt: null, overrideRules: null };
  return { overrideReason: override.reason, overrideBy: user.id, overrideAt: at, overrideRules: JSON.stringify([...new Set(rules)]) };
}

/** Administrators only may set the rules aside. */
function assertMayOverride(user: SessionUser, input: { override?: unknown }): boolean {
  if (input.override === undefined) return false;
  if (!isAdmin(user.role)) throw forbidden();
  return true;
}

/** What the history keeps of a booking: its dates, purpose, step in the fair booking, owner. */
export function bookingFields(row: Pick<BookingRow, 'startDate' | 'endDate' | 'purpose' | 'status' | 'ownerName'>): Fields {
  return { start: row.startDate, end: row.endDate, purpose: row.purpose, status: row.status, owner: row.ownerName };
}

/** Keeps a booking's change in the history, in the change's transaction (stays/ and requests/ keep theirs too). */
export async function recordBookingChange(
  trx: Kysely<Database>,
  change: { row: Pick<BookingRow, 'id' | 'userId' | 'startDate' | 'endDate' | 'ownerName'>; action: ChangeAction; byId: string | null; at: Date; before: Fields | null; after: Fields | null },
): Promise<void> {
  const { row, ...rest } = change;
  await recordChange(trx, { subject: 'booking', subjectId: row.id, ownerId: row.userId, label: `${formatStayDates(row.startDate, row.endDate)} · ${row.ownerName}`, ...rest });
}

/**
 * A booking's changes, oldest first: for whoever may see the booking, or could see it before it
 * was deleted (its history stays); 404 otherwise.
 */
export async function bookingChanges(ctx: AppContext, viewer: SessionUser, id: string): Promise<Change[]> {
  const changes = await historyOf(ctx, viewer, 'booking', id);
  if (changes.length === 0) throw notFound('Booking');
  return changes;
}

/** An edit or delete made on a version that is no longer current changes nothing (409 STALE_EDIT with the booking as it is). */
async function assertCurrent(trx: Kysely<Database>, current: BookingRow, expectedVersion: number | undefined): Promise<void> {
  if (expectedVersion === undefined || current.version === expectedVersion) return;
  throw staleEdit(toBooking(current), await lastChange(trx, 'booking', current.id));
}

/**
 * Told the days a move or a cancellation freed, after the commit: the waitlist tells who asked
 * for them (it registers in parts.ts, so bookings/ need not know it).
 */
type NightsFreedListener = (ctx: AppContext, days: readonly IsoDate[]) => void;
const nightsFreedListeners = new Set<NightsFreedListener>();

export function whenNightsFreed(listener: NightsFreedListener): void {
  nightsFreedListeners.add(listener);
}

function nightsFreed(ctx: AppContext, days: readonly IsoDate[]): void {
  for (const listener of nightsFreedListeners) listener(ctx, days);
}

const noticeAudience = (user: SessionUser): NoticeAudience => ({ exceptUserId: user.id, onlyHidden: user.hidden });

/** The others hear of a booking made, moved or cancelled: queued with the change, merged before it goes. */
function queueBookingNotice(ctx: AppContext, trx: Kysely<Database>, audience: NoticeAudience, action: 'created' | 'updated' | 'deleted', actor: SessionUser, row: BookingRow) {
  const details = { actorName: actor.name, ownerName: row.ownerName, start: row.startDate, end: row.endDate };
  return queueNotice(ctx, trx, audience, { kind: 'bookings', subjectId: row.id, action, details });
}

/**
 * Where a new booking comes from when it is not made afresh: a hold (holds/ passes how it ends the
 * hold, run in the booking's transaction under the lock, before the rules are judged).
 */
export interface BookingSource {
  fromHold: (trx: Kysely<Database>, bookingId: string) => Promise<void>;
}

export async function createBooking(ctx: AppContext, user: SessionUser, input: NewBooking, source?: BookingSource): Promise<Booking> {
  const override = assertMayOverride(user, input);
  const rules = await getHouseRules(ctx.db);
  const dateOverrides = judgeDates(ctx, user, input, rules, override);
  const id = randomUUID();
  const { row, verdict } = await ctx.db.transaction().execute(async (trx) => {
    await lockBookingsForWrite(trx);
    const ownerId = await ownerOf(trx, user, input.ownerId);
    // The hold ends first, so its own nights do not stand in the booking's way.
    if (source) await source.fromHold(trx, id);
    const verdict = await judgeInTransaction(ctx, trx, ownerId, input, null, override);
    const at = ctx.now().toISOString();
    await insertBooking(trx, {
      id,
      userId: ownerId,
      createdBy: ownerId === user.id ? null : user.id,
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
      status: verdict.status,
      ...overrideColumns(user, input.override, [...dateOverrides, ...verdict.overridden], at),
    });
    await passTurns(trx, verdict.turns, id, at);
    const row = (await findBooking(trx, id, user))!;
    const after = source ? { ...bookingFields(row), fromHold: true } : bookingFields(row);
    await recordBookingChange(trx, { row, action: 'created', byId: user.id, at: new Date(at), before: null, after });
    await queueBookingNotice(ctx, trx, noticeAudience(user), 'created', user, row);
    return { row, verdict };
  });
  ctx.events.publish({ type: 'booking', action: 'created', id }, audienceOf(row));
  const booking = toBooking(row);
  if (booking.status === 'requested') ctx.push.notify({ ...recipientsOf(user, 'fairness'), onlyAdmins: true }, requestMessage(booking));
  if (verdict.turns.length > 0) await afterTurnsPassed(ctx, verdict.turns.map((t) => t.roundId));
  return booking;
}

export async function updateBooking(ctx: AppContext, user: SessionUser, id: string, input: BookingInput, expectedVersion?: number): Promise<Booking> {
  const override = assertMayOverride(user, input);
  const rules = await getHouseRules(ctx.db);
  const { row, before, verdict } = await ctx.db.transaction().execute(async (trx) => {
    await lockBookingsForWrite(trx);
    const current = await findBooking(trx, id, user);
    if (!current) throw notFound('Booking');
    const state = { ownerId: current.userId, checkedIn: current.checkedIn === 1 };
    if (!canEditBooking(user, state)) throw forbidden();
    await assertCurrent(trx, current, expectedVersion);
    // After check-in the stay is being lived: neither dates nor purpose (hence cost) change.
    if (!canMoveBooking(user, state)) throw new AppError(409, 'BOOKING_CHECKED_IN', 'A checked-in stay cannot be changed');
    if (current.status === 'declined') throw new AppError(409, 'BOOKING_NOT_CONFIRMED', 'A declined request cannot be changed');
    const at = ctx.now().toISOString();
    const moved = current.startDate !== input.start || current.endDate !== input.end;
    let verdict: Verdict | null = null;
    let overridden: OverriddenRule[] = [];
    if (moved) {
      overridden = judgeDates(ctx, user, input, rules, override);
      verdict = await judgeInTransaction(ctx, trx, current.userId, input, id, override);
      overridden.push(...verdict.overridden);
    } else if (input.purpose !== current.purpose) {
      overridden = await judgeQuota(trx, current.userId, { ...input, status: current.status }, id, override);
    }
    const status = verdict?.status ?? current.status;
    await updateBookingRow(trx, id, {
      startDate: input.start,
      endDate: input.end,
      purpose: input.purpose,
      costCentimes: stayFee(input, input.purpose, rules),
      updatedAt: at,
      status,
      // Moved dates were judged again: an earlier decision or override no longer speaks for them.
      ...(moved ? { decision: null, decidedAt: null, decidedBy: null, decisionReason: null, declinedInFavourOf: null } : {}),
      ...(moved || override ? overrideColumns(user, input.override, overridden, at) : {}),
    });
    if (verdict) await passTurns(trx, verdict.turns, id, at);
    const row = (await findBooking(trx, id, user))!;
    await recordBookingChange(trx, { row, action: 'updated', byId: user.id, at: new Date(at), before: bookingFields(current), after: bookingFields(row) });
    await queueBookingNotice(ctx, trx, noticeAudience(user), 'updated', user, row);
    return { row, before: current, verdict };
  });
  ctx.events.publish({ type: 'booking', action: 'updated', id }, audienceOf(row));
  const booking = toBooking(row);
  if (booking.status === 'requested' && before.status !== 'requested') ctx.push.notify({ ...recipientsOf(user, 'fairness'), onlyAdmins: true }, requestMessage(booking));
  nightsFreed(ctx, freedDays({ start: before.startDate, end: before.endDate }, booking));
  if (verdict && verdict.turns.length > 0) await afterTurnsPassed(ctx, verdict.turns.map((t) => t.roundId));
  return booking;
}

export async function deleteBooking(ctx: AppContext, user: SessionUser, id: string, expectedVersion?: number): Promise<void> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    // Taken before the read: a check-in committing meanwhile must be seen, not deleted with its reading.
    await lockBookingsForWrite(trx);
    const current = await findBooking(trx, id, user);
    if (!current) throw notFound('Booking');
    const state = { ownerId: current.userId, checkedIn: current.checkedIn === 1 };
    if (current.checkedIn === 1 && (current.userId === user.id || isAdmin(user.role))) {
      throw new AppError(409, 'BOOKING_CHECKED_IN', 'A checked-in stay cannot be deleted');
    }
    if (!canDeleteBooking(user, state)) throw forbidden();
    await assertCurrent(trx, current, expectedVersion);
    await deleteBookingRow(trx, id);
    await recordBookingChange(trx, { row: current, action: 'deleted', byId: user.id, at: ctx.now(), before: bookingFields(current), after: null });
    await queueBookingNotice(ctx, trx, { ...noticeAudience(user), onlyHidden: current.ownerHidden === 1 }, 'deleted', user, current);
    return current;
  });
  ctx.events.publish({ type: 'booking', action: 'deleted', id }, audienceOf(row));
  if (row.status !== 'declined') nightsFreed(ctx, freedDays({ start: row.startDate, end: row.endDate }, null));
}
