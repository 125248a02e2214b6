import { randomUUID } from 'node:crypto';
import {
  isAdmin,
  nightsInRange,
  stayInRange,
  suggestedTurnOrder,
  todayIn,
  turnQueue,
  type SessionUser,
  type SkipTurn,
  type Stay,
  type TurnQueue,
  type TurnRound,
  type TurnRoundInput,
} from '@rustico/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import { lockBookingsForWrite } from '../db/locks.ts';
import type { Database, TurnPassesTable } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { deliverNotice } from '../notices/service.ts';
import { findUserById, listUsers } from '../users/service.ts';
import {
  closeRound,
  findRound,
  findRoundBefore,
  insertPass,
  insertRound,
  listOpenRoundsTouching,
  listPasses,
  listRoundsEndingFrom,
  type TurnRoundRow,
} from './repository.ts';

// What other features read and write of turns goes through here, not its repository.
export { insertPass, insertRound } from './repository.ts';

const orderOf = (row: TurnRoundRow): string[] => JSON.parse(row.memberOrder) as string[];

function queueOf(row: TurnRoundRow, passes: readonly TurnPassesTable[], now: Date): TurnQueue {
  return turnQueue(
    { openedAt: row.openedAt, order: orderOf(row), windowHours: row.windowHours, closedAt: row.closedAt },
    passes.filter((p) => p.roundId === row.id),
    now,
  );
}

async function toTurnRound(db: Kysely<Database>, row: TurnRoundRow, passes: readonly TurnPassesTable[], now: Date): Promise<TurnRound> {
  const queue = queueOf(row, passes, now);
  const members = new Map((await listUsers(db)).map((u) => [u.id, u]));
  return {
    id: row.id,
    from: row.fromDate,
    to: row.toDate,
    nightsPerTurn: row.nightsPerTurn,
    windowHours: row.windowHours,
    openedAt: row.openedAt,
    openedByName: row.openedByName,
    closedAt: row.closedAt,
    status: queue.status,
    currentMemberId: queue.current?.memberId ?? null,
    turns: queue.turns.map((turn) => ({
      ...turn,
      memberName: members.get(turn.memberId)?.name ?? '',
      memberColour: members.get(turn.memberId)?.colour ?? '#888888',
    })),
  };
}

/** Rounds whose range has not ended, by start: what the calendar and the queue show. */
export async function turnRounds(ctx: AppContext): Promise<TurnRound[]> {
  const now = ctx.now();
  const rows = await listRoundsEndingFrom(ctx.db, todayIn(ctx.config.houseTimeZone, now));
  const passes = await listPasses(ctx.db, rows.map((r) => r.id));
  return Promise.all(rows.map((row) => toTurnRound(ctx.db, row, passes, now)));
}

async function roundById(ctx: AppContext, db: Kysely<Database>, id: string): Promise<TurnRound> {
  const row = await findRound(db, id);
  if (!row) throw notFound('Turn round');
  return toTurnRound(db, row, await listPasses(db, [id]), ctx.now());
}

/** The order Rustico suggests for a round starting on `from`: the last round's rotated, then the others. */
export async function suggestedOrder(ctx: AppContext, viewer: SessionUser, from: string | undefined) {
  const day = from ?? todayIn(ctx.config.houseTimeZone, ctx.now());
  const previous = await findRoundBefore(ctx.db, day);
  const members = (await listUsers(ctx.db)).filter((u) => u.disabled === 0 && (u.hidden === 0 || viewer.hidden));
  const byId = new Map(members.map((m) => [m.id, m]));
  const order = suggestedTurnOrder(previous ? orderOf(previous) : null, members.map((m) => m.id));
  return {
    order: order.map((id) => ({ memberId: id, name: byId.get(id)!.name, colour: byId.get(id)!.colour })),
    basedOnRoundId: previous?.id ?? null,
  };
}

/** Tells the member whose turn is running now, once (the notice's key claims it). */
async function announceCurrentTurn(ctx: AppContext, round: TurnRound): Promise<boolean> {
  const current = round.turns.find((t) => t.status === 'current');
  if (!current) return false;
  return deliverNotice(ctx, current.memberId, `turn:${round.id}:${current.position}`, 'turn-started', {
    roundId: round.id,
    start: round.from,
    end: round.to,
    endsAt: current.endsAt,
  });
}

export async function openTurnRound(ctx: AppContext, admin: SessionUser, input: TurnRoundInput): Promise<TurnRound> {
  if (input.to < input.from) throw new AppError(400, 'END_BEFORE_START', 'The range ends before it begins', 'to');
  const id = randomUUID();
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    // Serialised with bookings: a booking checks the turns under the same lock.
    await lockBookingsForWrite(trx);
    for (const memberId of input.order) {
      const member = await findUserById(trx, memberId);
      if (!member || member.disabled === 1 || (member.hidden === 1 && !admin.hidden)) throw new AppError(404, 'USER_NOT_FOUND', `No such member: ${memberId}`, 'order');
    }
    const others = await listOpenRoundsTouching(trx, input.from, input.to);
    const passes = await listPasses(trx, others.map((r) => r.id));
    if (others.some((other) => queueOf(other, passes, now).status === 'running')) {
      throw new AppError(409, 'TURNS_OVERLAP', 'A running round of turns covers some of these days');
    }
    await insertRound(trx, {
      id,
      fromDate: input.from,
      toDate: input.to,
      memberOrder: JSON.stringify(input.order),
      nightsPerTurn: input.nightsPerTurn,
      windowHours: input.windowHours,
      openedAt: now.toISOString(),
      openedBy: admin.id,
      closedAt: null,
    });
  });
  const round = await roundById(ctx, ctx.db, id);
  ctx.events.publish({ type: 'turns', action: 'updated', id }, null);
  await announceCurrentTurn(ctx, round);
  return round;
}

/**
 * The member whose turn it is (or an administrator) passes it on. `seen` is whose turn the
 * skipper saw: when that turn has ended meanwhile (its member booked, it ran out), the
 * next member's is not skipped in its place (409 TURN_CHANGED).
 */
export async function skipTurn(ctx: AppContext, user: SessionUser, id: string, seen: SkipTurn): Promise<TurnRound> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockBookingsForWrite(trx);
    const row = await findRound(trx, id);
    if (!row) throw notFound('Turn round');
    const queue = queueOf(row, await listPasses(trx, [id]), now);
    if (!queue.current) throw new AppError(409, 'TURNS_FINISHED', 'No turn is running in this round');
    if (queue.current.memberId !== seen.memberId) throw turnChanged(row, queue, await nameOf(trx, queue.current.memberId));
    if (queue.current.memberId !== user.id && !isAdmin(user.role)) throw notYourTurn(row, queue, await nameOf(trx, queue.current.memberId));
    if (!(await insertPass(trx, { roundId: id, position: queue.current.position, at: now.toISOString(), reason: 'skipped', bookingId: null }))) {
      throw new AppError(409, 'TURNS_FINISHED', 'This turn has just ended');
    }
  });
  const round = await roundById(ctx, ctx.db, id);
  ctx.events.publish({ type: 'turns', action: 'updated', id }, null);
  await announceCurrentTurn(ctx, round);
  return round;
}

/** Ends a round early: its range opens to everyone. */
export async function closeTurnRound(ctx: AppContext, id: string): Promise<void> {
  const row = await findRound(ctx.db, id);
  if (!row) throw notFound('Turn round');
  await closeRound(ctx.db, id, ctx.now().toISOString());
  ctx.events.publish({ type: 'turns', action: 'updated', id }, null);
}

async function nameOf(db: Kysely<Database>, userId: string): Promise<string> {
  return (await findUserById(db, userId))?.name ?? '';
}

/** Whose turn it is now, for a refusal's text. */
function currentTurnDetails(row: TurnRoundRow, queue: TurnQueue, currentName: string) {
  return { roundId: row.id, currentMemberId: queue.current?.memberId ?? null, currentMemberName: currentName, turnEndsAt: queue.current?.endsAt ?? null };
}

function notYourTurn(row: TurnRoundRow, queue: TurnQueue, currentName: string): AppError {
  return new AppError(409, 'NOT_YOUR_TURN', 'Another member has the turn in these days', 'start', undefined, currentTurnDetails(row, queue, currentName));
}

function turnChanged(row: TurnRoundRow, queue: TurnQueue, currentName: string): AppError {
  return new AppError(409, 'TURN_CHANGED', 'The turn has passed on since it was looked at', 'memberId', undefined, currentTurnDetails(row, queue, currentName));
}

export interface TurnVerdict {
  /** NOT_YOUR_TURN, or STAY_TOO_LONG past the round's nights per turn; an override sets it aside. */
  refusal: AppError | null;
  /** The turns the booking uses (the owner's, running now): they pass when it is saved. */
  turns: { roundId: string; position: number }[];
}

/** Run inside the locked transaction: whether the owner may book these days under the running rounds. */
export async function judgeTurns(trx: Kysely<Database>, ownerId: string, stay: Stay, now: Date): Promise<TurnVerdict> {
  const last = stay.start === stay.end ? stay.start : stay.end;
  const rows = await listOpenRoundsTouching(trx, stay.start, last);
  if (rows.length === 0) return { refusal: null, turns: [] };
  const passes = await listPasses(trx, rows.map((r) => r.id));
  const verdict: TurnVerdict = { refusal: null, turns: [] };
  for (const row of rows) {
    const range = { from: row.fromDate, to: row.toDate };
    if (!stayInRange(stay, range)) continue;
    const queue = queueOf(row, passes, now);
    if (!queue.current) continue;
    if (queue.current.memberId !== ownerId) {
      verdict.refusal ??= notYourTurn(row, queue, await nameOf(trx, queue.current.memberId));
      continue;
    }
    if (nightsInRange(stay, range) > row.nightsPerTurn) {
      verdict.refusal ??= new AppError(400, 'STAY_TOO_LONG', `At most ${row.nightsPerTurn} nights in this round per turn`, 'end', undefined, { maxStayNights: row.nightsPerTurn });
    }
    verdict.turns.push({ roundId: row.id, position: queue.current.position });
  }
  return verdict;
}

/** Records the turns a booking used (inside its transaction). */
export async function passTurns(trx: Kysely<Database>, turns: TurnVerdict['turns'], bookingId: string, at: string): Promise<void> {
  for (const turn of turns) await insertPass(trx, { ...turn, at, reason: 'booked', bookingId });
}

/** After a booking used turns: the queues moved on, the next members are told. */
export async function afterTurnsPassed(ctx: AppContext, roundIds: string[]): Promise<void> {
  for (const id of new Set(roundIds)) {
    ctx.events.publish({ type: 'turns', action: 'updated', id }, null);
    await announceCurrentTurn(ctx, await roundById(ctx, ctx.db, id));
  }
}

/**
 * What the clock alone moves on: turns whose window ran out. Each running round's
 * current turn is announced once (the notice's key claims it across processes), and
 * the one that claims it tells the clients that the queue moved.
 */
export async function runTurnNotices(ctx: AppContext): Promise<number> {
  let announced = 0;
  for (const round of await turnRounds(ctx)) {
    if (round.status !== 'running') continue;
    if (await announceCurrentTurn(ctx, round)) {
      announced += 1;
      ctx.events.publish({ type: 'turns', action: 'updated', id: round.id }, null);
    }
  }
  return announced;
}

export async function turnRound(ctx: AppContext, id: string): Promise<TurnRound> {
  return roundById(ctx, ctx.db, id);
}
