import { randomUUID } from 'node:crypto';
import {
  formatDisplayDate,
  formatStayDates,
  heldDays,
  holdExpiry,
  holdLastDay,
  holdLimitReached,
  holdReminderDue,
  liveHoldCount,
  isAdmin,
  nightsBetween,
  staysOverlap,
  type Booking,
  type Hold,
  type HoldInput,
  type IsoDate,
  type Purpose,
  type SessionUser,
  type Stay,
} from '@rustico/core';
import type { Kysely } from 'kysely';
import { bookingInTheWay, judgeDates } from '../bookings/fairness.ts';
import { createBooking } from '../bookings/service.ts';
import type { AppContext } from '../context.ts';
import { lockBookingsForWrite } from '../db/locks.ts';
import type { Database } from '../db/schema.ts';
import { recordChange, type Fields } from '../history/service.ts';
import { getHouseRules } from '../house/rules.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import { deliverNotice } from '../notices/service.ts';
import { notifyWaitlist } from '../waitlist/service.ts';
import { memberDirectory } from '../users/service.ts';
import {
  claimReminder,
  listOpenHoldsOf,
  endHold,
  findHold,
  insertHold,
  listHoldsToRemind,
  listLapsedHolds,
  listLiveHoldsBetween,
  listLiveHoldsOf,
  listLiveHoldsOverlapping,
  type HoldRow,
} from './repository.ts';

// What the demo writes of holds goes through here, not the repository.
export { insertHold } from './repository.ts';

const MAX_RANGE_DAYS = 1100;

const timeZone = (ctx: AppContext) => ctx.config.houseTimeZone;

function toHold(ctx: AppContext, row: HoldRow): Hold {
  return {
    id: row.id,
    ownerId: row.userId,
    ownerName: row.ownerName,
    ownerColour: row.ownerColour,
    start: row.startDate,
    end: row.endDate,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastDay: holdLastDay(row.expiresAt, timeZone(ctx)),
  };
}

/** Every tab hears of it; a hidden member's hold only reaches hidden accounts. */
const audienceOf = (row: Pick<HoldRow, 'userId' | 'ownerHidden'>) => ({ ownerId: row.userId, ownerHidden: row.ownerHidden === 1 });

/** What the history keeps of a hold. */
const holdFields = (ctx: AppContext, row: Pick<HoldRow, 'startDate' | 'endDate' | 'ownerName' | 'expiresAt'>): Fields => ({
  start: row.startDate,
  end: row.endDate,
  owner: row.ownerName,
  until: holdLastDay(row.expiresAt, timeZone(ctx)),
});

async function recordHoldChange(
  ctx: AppContext,
  trx: Kysely<Database>,
  row: Pick<HoldRow, 'id' | 'userId' | 'startDate' | 'endDate' | 'ownerName' | 'expiresAt'>,
  action: 'created' | 'released' | 'expired',
  byId: string | null,
  after: Fields | null,
): Promise<void> {
  await recordChange(trx, {
    subject: 'hold',
    subjectId: row.id,
    ownerId: row.userId,
    action,
    byId,
    at: ctx.now(),
    label: `${formatStayDates(row.startDate, row.endDate)} · ${row.ownerName}`,
    before: action === 'created' ? null : holdFields(ctx, row),
    after,
  });
}

/** The holds touching from..to (inclusive) the viewer may see, live now. */
export async function holdsBetween(ctx: AppContext, viewer: SessionUser, from: IsoDate, to: IsoDate): Promise<Hold[]> {
  if (nightsBetween(from, to) < 0) throw new AppError(400, 'END_BEFORE_START', 'to is before from', 'to');
  if (nightsBetween(from, to) > MAX_RANGE_DAYS) throw new AppError(400, 'STAY_TOO_LONG', `At most ${MAX_RANGE_DAYS} days at once`, 'to');
  return (await listLiveHoldsBetween(ctx.db, from, to, ctx.now().toISOString(), viewer)).map((row) => toHold(ctx, row));
}

/** The viewer's own live holds, soonest first. */
export async function myHolds(ctx: AppContext, viewer: SessionUser): Promise<Hold[]> {
  return (await listLiveHoldsOf(ctx.db, viewer.id, ctx.now().toISOString())).map((row) => toHold(ctx, row));
}

/**
 * Refuses a stay on nights a hold live now keeps (409 NIGHTS_HELD, who holds them until when).
 * Inside the bookings lock; bookings/ asks it of every new or moved stay (registered in parts.ts).
 */
export async function assertNotHeld(ctx: AppContext, trx: Kysely<Database>, stay: Stay): Promise<void> {
  const held = (await listLiveHoldsOverlapping(trx, stay.start, stay.end, ctx.now().toISOString())).find((row) => staysOverlap(stay, { start: row.startDate, end: row.endDate }));
  if (!held) return;
  const lastDay = holdLastDay(held.expiresAt, timeZone(ctx));
  // A hidden member's hold keeps its nights for everyone, but only hidden accounts learn whose it is.
  throw new AppError(409, 'NIGHTS_HELD', `Those nights are held until ${formatDisplayDate(lastDay)}`, 'start', undefined, {
    holderName: held.ownerHidden === 1 ? null : held.ownerName,
    holderId: held.ownerHidden === 1 ? null : held.userId,
    until: lastDay,
  });
}

/** The waitlist counts held nights as taken (registered in parts.ts): one can wait behind a hold. */
export async function heldNightsBetween(ctx: AppContext, start: IsoDate, end: IsoDate): Promise<IsoDate[]> {
  const rows = await listLiveHoldsOverlapping(ctx.db, start, end, ctx.now().toISOString());
  return rows.flatMap((row) => heldDays({ start: row.startDate, end: row.endDate }));
}

/**
 * Holds free nights for the house's holdDays: nights no booking or hold has, within the member's
 * maxHolds, on dates a booking could have (window, notice, length). Checked and written under the
 * bookings lock, so of a hold and a booking (or two holds) of the same nights one wins.
 */
export async function createHold(ctx: AppContext, user: SessionUser, input: HoldInput): Promise<Hold> {
  const rules = await getHouseRules(ctx.db);
  if (rules.holdDays === null) throw new AppError(409, 'HOLDS_OFF', 'The house offers no holds');
  judgeDates(ctx, user, input, rules, false);
  const id = randomUUID();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockBookingsForWrite(trx);
    const now = ctx.now();
    const current = await getHouseRules(trx);
    if (current.holdDays === null) throw new AppError(409, 'HOLDS_OFF', 'The house offers no holds');
    const open = (await listOpenHoldsOf(trx, user.id)).map((row) => ({ ownerId: row.userId, expiresAt: row.expiresAt, endedAt: row.endedAt }));
    if (holdLimitReached(liveHoldCount(open, user.id, now), current.maxHolds)) {
      throw new AppError(409, 'HOLD_LIMIT', `At most ${current.maxHolds} holds at once`, undefined, undefined, { maxHolds: current.maxHolds });
    }
    // Requests keep their nights against a hold too: it is meant to become an instant booking.
    if (await bookingInTheWay(trx, input, 'confirmed', null)) throw new AppError(409, 'BOOKING_OVERLAP', 'Those nights are booked already');
    await assertNotHeld(ctx, trx, input);
    const at = now.toISOString();
    await insertHold(trx, {
      id,
      userId: user.id,
      startDate: input.start,
      endDate: input.end,
      createdAt: at,
      expiresAt: holdExpiry(now, current.holdDays, timeZone(ctx)).toISOString(),
    });
    const row = (await findHold(trx, id, null))!;
    await recordHoldChange(ctx, trx, row, 'created', user.id, holdFields(ctx, row));
    return row;
  });
  ctx.events.publish({ type: 'hold', action: 'created', id }, audienceOf(row));
  return toHold(ctx, row);
}

/** A hold the viewer may see, or 404. */
async function visibleHold(ctx: AppContext, viewer: SessionUser, id: string): Promise<HoldRow> {
  const row = await findHold(ctx.db, id, viewer);
  if (!row) throw notFound('Hold');
  return row;
}

/** Why a hold is no longer one: ended (404), or its moment passed (409 HOLD_EXPIRED), at `at`. */
function assertLive(row: HoldRow, at: Date): void {
  if (row.endKind === 'expired' || (row.endedAt === null && Date.parse(row.expiresAt) <= at.getTime())) {
    throw new AppError(409, 'HOLD_EXPIRED', 'The hold has ended');
  }
  if (row.endedAt !== null) throw notFound('Hold');
}

/**
 * Its owner turns a hold into a booking, every rule judged as of now (a peak period makes it a
 * request). The hold ends in the booking's transaction, so a confirmation and the expiry cannot
 * both happen: past its moment the hold is refused (HOLD_EXPIRED) and nothing is booked.
 */
export async function confirmHold(ctx: AppContext, user: SessionUser, id: string, purpose: Purpose): Promise<Booking> {
  const row = await visibleHold(ctx, user, id);
  if (row.userId !== user.id) throw forbidden();
  assertLive(row, ctx.now());
  const booking = await createBooking(
    ctx,
    user,
    { start: row.startDate, end: row.endDate, purpose },
    {
      fromHold: async (trx, bookingId) => {
        const now = ctx.now();
        const current = (await findHold(trx, id, null))!;
        assertLive(current, now);
        if (!(await endHold(trx, id, { endedAt: now.toISOString(), endKind: 'confirmed', endedBy: user.id, endReason: null, bookingId }))) {
          throw new AppError(409, 'HOLD_EXPIRED', 'The hold has ended');
        }
      },
    },
  );
  ctx.events.publish({ type: 'hold', action: 'deleted', id }, audienceOf(row));
  return booking;
}

/**
 * Gives a hold up: its owner, or an administrator saying why (the reason is in the history, and
 * told to the owner and to the rest of the house). The waitlist hears of the nights.
 */
export async function releaseHold(ctx: AppContext, user: SessionUser, id: string, reason: string | undefined): Promise<void> {
  const row = await visibleHold(ctx, user, id);
  const own = row.userId === user.id;
  if (!own && !isAdmin(user.role)) throw forbidden();
  if (!own && !reason) throw new AppError(400, 'REASON_REQUIRED', 'Say why you release another member’s hold', 'reason');
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    assertLive(row, now);
    if (!(await endHold(trx, id, { endedAt: now.toISOString(), endKind: 'released', endedBy: user.id, endReason: reason ?? null, bookingId: null }))) {
      throw notFound('Hold');
    }
    await recordHoldChange(ctx, trx, row, 'released', user.id, reason ? { reason } : null);
  });
  ctx.events.publish({ type: 'hold', action: 'deleted', id }, audienceOf(row));
  if (!own) {
    const payload = { start: row.startDate, end: row.endDate, byName: user.name, reason: reason ?? null };
    await deliverNotice(ctx, row.userId, `hold-released:${id}`, 'hold-released', payload);
    // Everyone else who may see the hold reads why it went (a hidden member's, only hidden accounts).
    for (const member of await memberDirectory(ctx.db, { ...user, hidden: row.ownerHidden === 1 })) {
      if (member.id !== row.userId && member.id !== user.id) await deliverNotice(ctx, member.id, `hold-released:${id}:${member.id}`, 'hold-released-house', payload);
    }
  }
  notifyWaitlist(ctx, heldDays({ start: row.startDate, end: row.endDate }));
}

/**
 * The scheduled work of holds, run by every process: each hold past its moment is ended once
 * (claimed by the conditional update, with its history entry in the same transaction), its tabs
 * refresh and the waitlist hears; each hold in its last day is reminded once. Returns what it did.
 */
export async function runHoldUpkeep(ctx: AppContext): Promise<{ expired: number; reminded: number }> {
  const now = ctx.now();
  let expired = 0;
  let reminded = 0;
  for (const row of await listLapsedHolds(ctx.db, now.toISOString())) {
    const ended = await ctx.db.transaction().execute(async (trx) => {
      if (!(await endHold(trx, row.id, { endedAt: row.expiresAt, endKind: 'expired', endedBy: null, endReason: null, bookingId: null }))) return false;
      await recordHoldChange(ctx, trx, row, 'expired', null, null);
      return true;
    });
    if (!ended) continue;
    expired += 1;
    ctx.events.publish({ type: 'hold', action: 'deleted', id: row.id }, audienceOf(row));
    notifyWaitlist(ctx, heldDays({ start: row.startDate, end: row.endDate }));
  }
  // A reminder falls in a hold's last day: only holds ending within a day can be due.
  const until = new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString();
  for (const row of await listHoldsToRemind(ctx.db, now.toISOString(), until)) {
    if (!holdReminderDue({ expiresAt: row.expiresAt, endedAt: row.endedAt }, now, timeZone(ctx))) continue;
    if (!(await claimReminder(ctx.db, row.id, now.toISOString()))) continue;
    await deliverNotice(ctx, row.userId, `hold-expiring:${row.id}`, 'hold-expiring', { start: row.startDate, end: row.endDate, endsAt: row.expiresAt });
    reminded += 1;
  }
  return { expired, reminded };
}
