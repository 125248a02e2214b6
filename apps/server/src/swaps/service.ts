import { randomUUID } from 'node:crypto';
import { formatStayDates, judgeSwap, quotaOf, todayIn, type Offer, type OfferInput, type SessionUser, type Swap, type SwapInput, type SwapParty, type SwapRefusal } from '@rustico/core';
import type { Kysely } from 'kysely';
import { bookingFields, findBooking, listQuotaStays, recordBookingChange, setOwner, toBooking, type BookingRow } from '../bookings/service.ts';
import type { AppContext } from '../context.ts';
import { lockBookingsForWrite } from '../db/locks.ts';
import type { Database } from '../db/schema.ts';
import { getHouseRules } from '../house/rules.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import { deliverNotice } from '../notices/service.ts';
import { listPeakPeriods, toPeakPeriod } from '../peaks/service.ts';
import { requestMessage } from '../push/messages.ts';
import { recipientsOf } from '../push/recipients.ts';
import { findUserById, toSessionUser } from '../users/service.ts';
import { waitingFor } from '../waitlist/service.ts';
import { declinedWaitlistOffers, findOpenOffer, findOpenPair, findSwap, insertSwap, listOpen, settleSwap, type SwapRow } from './repository.ts';

/*
 * Swaps («scambio»: two members exchange two future stays) and stays given («cedi»: one member
 * gives a future stay to another). Both are proposals the other member answers; an acceptance
 * moves the stays in one transaction under the bookings lock, after judging every rule for both
 * members as they will be (core's judgeSwap). Whatever hangs off a booking (its purpose, cost,
 * readings, tasks) is the booking's and moves with it: only its owner, and into a peak its
 * status, change.
 */

const today = (ctx: AppContext) => todayIn(ctx.config.houseTimeZone, ctx.now());
/** Reads inside a write see every booking; who may act was settled before. */
const everyone = { id: '', hidden: true };
const audienceOf = (row: Pick<BookingRow, 'userId' | 'ownerHidden'>) => ({ ownerId: row.userId, ownerHidden: row.ownerHidden === 1 });
const swapAudience = (row: Pick<SwapRow, 'fromId' | 'fromHidden' | 'toHidden'>) => ({ ownerId: row.fromId, ownerHidden: row.fromHidden === 1 || row.toHidden === 1 });

function stayOf(row: BookingRow) {
  return { id: row.id, start: row.startDate, end: row.endDate, purpose: row.purpose, status: row.status };
}

/** A stay one may still give: one's own, not begun, not checked in, not declined. */
function assertGivable(ctx: AppContext, row: BookingRow | undefined, ownerId: string): BookingRow {
  if (!row) throw notFound('Booking');
  if (row.userId !== ownerId) throw new AppError(403, 'NOT_YOUR_BOOKING', 'Only its owner may give or swap a stay');
  assertOpen(ctx, row);
  return row;
}

function assertOpen(ctx: AppContext, row: BookingRow): void {
  if (row.checkedIn === 1) throw new AppError(409, 'BOOKING_CHECKED_IN', 'A checked-in stay cannot change hands');
  if (row.status === 'declined') throw new AppError(409, 'BOOKING_NOT_CONFIRMED', 'A declined request cannot change hands');
  if (row.startDate <= today(ctx)) throw new AppError(409, 'SWAP_EXPIRED', 'The stay has begun');
}

/** One side of the judgement: the member, the stay they give, their stays in the years of the one they receive. */
async function partyOf(trx: Kysely<Database>, memberId: string, gives: BookingRow | null, receives: BookingRow | null): Promise<SwapParty> {
  const rules = await getHouseRules(trx);
  const years = receives ? [receives.startDate.slice(0, 4), receives.endDate.slice(0, 4)] : null;
  const stays = years ? await listQuotaStays(trx, memberId, `${years[0]}-01-01`, `${years[1]}-12-31`, null) : [];
  return { memberId, gives: gives && stayOf(gives), stays, quotaNights: quotaOf(rules, memberId) };
}

async function verdictOn(ctx: AppContext, trx: Kysely<Database>, a: SwapParty, b: SwapParty) {
  const peaks = (await listPeakPeriods(trx)).map(toPeakPeriod);
  return judgeSwap({ a, b, peaks, today: today(ctx) });
}

/** Judges the exchange; a broken rule refuses it (409 SWAP_RULES, naming the rule and whose it is). */
async function judge(ctx: AppContext, trx: Kysely<Database>, a: SwapParty, b: SwapParty, names: Record<string, string>) {
  const verdict = await verdictOn(ctx, trx, a, b);
  const refusal: SwapRefusal | undefined = verdict.refusals[0];
  if (refusal?.rule === 'started') throw new AppError(409, 'SWAP_EXPIRED', 'A stay has begun');
  if (refusal) {
    const { rule, memberId, bookingId, ...figures } = refusal;
    throw new AppError(409, 'SWAP_RULES', `The ${rule} of ${names[memberId]} would break`, undefined, undefined, { rule, memberId, memberName: names[memberId] ?? '', bookingId, ...figures });
  }
  return verdict.statuses;
}

/** A hidden account's stays pass only among hidden accounts: to anyone else it does not exist. */
function assertSameSight(user: SessionUser, other: { hidden: number }): void {
  if ((other.hidden === 1) !== user.hidden) throw new AppError(404, 'USER_NOT_FOUND', 'No such member');
}

async function isStale(db: Kysely<Database>, row: SwapRow): Promise<boolean> {
  const a = row.bookingId ? await findBooking(db, row.bookingId, everyone) : undefined;
  if (!a || a.userId !== row.fromId || a.version !== row.bookingVersion || a.checkedIn === 1) return true;
  if (row.kind === 'offer') return false;
  const b = row.withBookingId ? await findBooking(db, row.withBookingId, everyone) : undefined;
  return !b || b.userId !== row.toId || b.version !== row.withBookingVersion || b.checkedIn === 1;
}

function toSwap(row: SwapRow, stale: boolean): Swap {
  return {
    id: row.id,
    state: row.state,
    proposerId: row.fromId,
    proposerName: row.fromName,
    toId: row.toId,
    toName: row.toName,
    booking: { id: row.bookingId ?? '', start: row.bookingStart, end: row.bookingEnd },
    withBooking: { id: row.withBookingId ?? '', start: row.withStart ?? row.bookingStart, end: row.withEnd ?? row.bookingEnd },
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
    expiresOn: row.expiresOn,
    stale,
  };
}

function toOffer(row: SwapRow, stale: boolean): Offer {
  return {
    id: row.id,
    state: row.state,
    fromId: row.fromId,
    fromName: row.fromName,
    toId: row.toId,
    toName: row.toName,
    booking: { id: row.bookingId ?? '', start: row.bookingStart, end: row.bookingEnd },
    viaWaitlist: row.viaWaitlist === 1,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
    expiresOn: row.expiresOn,
    stale,
  };
}

const label = (row: Pick<BookingRow, 'startDate' | 'endDate' | 'ownerName'>) => `${formatStayDates(row.startDate, row.endDate)} · ${row.ownerName}`;

// ---- Swaps -----------------------------------------------------------------

export async function proposeSwap(ctx: AppContext, user: SessionUser, input: SwapInput): Promise<Swap> {
  const id = randomUUID();
  const at = ctx.now().toISOString();
  const { row, mine } = await ctx.db.transaction().execute(async (trx) => {
    await lockBookingsForWrite(trx);
    const mine = assertGivable(ctx, await findBooking(trx, input.bookingId, user), user.id);
    const theirs = await findBooking(trx, input.withBookingId, user);
    if (!theirs) throw notFound('Booking');
    if (theirs.userId === user.id) throw new AppError(400, 'VALIDATION', 'A swap is with another member’s stay', 'withBookingId');
    assertSameSight(user, { hidden: theirs.ownerHidden });
    assertOpen(ctx, theirs);
    if (await findOpenPair(trx, mine.id, theirs.id)) throw new AppError(409, 'SWAP_PENDING', 'These two stays have a proposal waiting already');
    // Refused now rather than when the other accepts.
    await judge(ctx, trx, await partyOf(trx, user.id, mine, theirs), await partyOf(trx, theirs.userId, theirs, mine), { [user.id]: user.name, [theirs.userId]: theirs.ownerName });
    const earlier = mine.startDate < theirs.startDate ? mine.startDate : theirs.startDate;
    await insertSwap(trx, {
      id,
      kind: 'swap',
      fromId: user.id,
      toId: theirs.userId,
      bookingId: mine.id,
      bookingVersion: mine.version,
      bookingStart: mine.startDate,
      bookingEnd: mine.endDate,
      withBookingId: theirs.id,
      withBookingVersion: theirs.version,
      withStart: theirs.startDate,
      withEnd: theirs.endDate,
      viaWaitlist: 0,
      expiresOn: earlier,
      createdAt: at,
      decidedAt: null,
    });
    for (const [booking, other] of [
      [mine, theirs],
      [theirs, mine],
    ] as const) {
      await recordBookingChange(trx, { row: booking, action: 'proposed', byId: user.id, at: new Date(at), before: null, after: { swapWith: label(other) } });
    }
    return { row: (await findSwap(trx, id, 'swap'))!, mine };
  });
  ctx.events.publish({ type: 'swap', action: 'updated', id }, swapAudience(row));
  await deliverNotice(ctx, row.toId, `swap:${id}:proposed`, 'swap-proposed', { bookingId: mine.id, start: mine.startDate, end: mine.endDate, byName: user.name });
  return toSwap(row, false);
}

export async function mySwaps(ctx: AppContext, user: SessionUser): Promise<Swap[]> {
  const rows = await listOpen(ctx.db, user.id, 'swap');
  return Promise.all(rows.map(async (row) => toSwap(row, (await isStale(ctx.db, row)) || row.expiresOn <= today(ctx))));
}

async function openSwap(db: Kysely<Database>, user: SessionUser, id: string, kind: 'swap' | 'offer'): Promise<SwapRow> {
  const row = await findSwap(db, id, kind);
  if (!row || (row.fromId !== user.id && row.toId !== user.id)) throw notFound(kind === 'swap' ? 'Swap' : 'Offer');
  return row;
}

/** The stays change hands: each its new owner and status, in the history with who had it before. */
async function handOver(trx: Kysely<Database>, user: SessionUser, action: 'swapped' | 'given', moves: { row: BookingRow; toId: string; status: BookingRow['status'] }[], at: string): Promise<BookingRow[]> {
  const after: BookingRow[] = [];
  for (const move of moves) {
    await setOwner(trx, move.row.id, { userId: move.toId, status: move.status, updatedAt: at });
    const moved = (await findBooking(trx, move.row.id, everyone))!;
    await recordBookingChange(trx, { row: moved, action, byId: user.id, at: new Date(at), before: bookingFields(move.row), after: bookingFields(moved) });
    after.push(moved);
  }
  return after;
}

/** After the commit: every tab refreshes both stays; a stay become a request waits for the administrators, as a new one would. */
function announceMoved(ctx: AppContext, user: SessionUser, before: BookingRow[], after: BookingRow[]): void {
  for (const [i, row] of after.entries()) {
    ctx.events.publish({ type: 'booking', action: 'updated', id: row.id }, audienceOf(row));
    const booking = toBooking(row);
    if (booking.status === 'requested' && before[i]!.status !== 'requested') ctx.push.notify({ ...recipientsOf(user, 'fairness'), onlyAdmins: true }, requestMessage(booking));
  }
}

export async function acceptSwap(ctx: AppContext, user: SessionUser, id: string): Promise<Swap> {
  const at = ctx.now().toISOString();
  const result = await ctx.db.transaction().execute(async (trx) => {
    await lockBookingsForWrite(trx);
    const row = await openSwap(trx, user, id, 'swap');
    if (row.toId !== user.id) throw forbidden();
    // A retry of an acceptance that went through answers as the first did.
    if (row.state === 'accepted') return { row, moved: null };
    if (row.state !== 'pending') throw new AppError(409, 'SWAP_DECIDED', `The proposal was ${row.state}`);
    if (row.expiresOn <= today(ctx)) throw new AppError(409, 'SWAP_EXPIRED', 'The earlier stay has begun');
    const a = row.bookingId ? await findBooking(trx, row.bookingId, everyone) : undefined;
    const b = row.withBookingId ? await findBooking(trx, row.withBookingId, everyone) : undefined;
    if (!a || !b || (await isStale(trx, row))) throw new AppError(409, 'SWAP_STALE', 'A stay changed since the proposal: both keep what they have');
    const statuses = await judge(ctx, trx, await partyOf(trx, row.fromId, a, b), await partyOf(trx, row.toId, b, a), { [row.fromId]: row.fromName, [row.toId]: row.toName });
    if (!(await settleSwap(trx, id, 'accepted', at))) throw new AppError(409, 'SWAP_DECIDED', 'The proposal was withdrawn meanwhile');
    const after = await handOver(
      trx,
      user,
      'swapped',
      [
        { row: a, toId: row.toId, status: statuses[a.id]! },
        { row: b, toId: row.fromId, status: statuses[b.id]! },
      ],
      at,
    );
    return { row: (await findSwap(trx, id, 'swap'))!, moved: { before: [a, b], after } };
  });
  if (result.moved) {
    announceMoved(ctx, user, result.moved.before, result.moved.after);
    ctx.events.publish({ type: 'swap', action: 'updated', id }, swapAudience(result.row));
    await deliverNotice(ctx, result.row.fromId, `swap:${id}:answered`, 'swap-accepted', { bookingId: result.row.withBookingId, start: result.row.withStart, end: result.row.withEnd, byName: user.name });
  }
  return toSwap(result.row, false);
}

/** Declined by whom it was proposed to, or withdrawn by the proposer; answering twice the same way is a retry. */
async function closeSwap(ctx: AppContext, user: SessionUser, id: string, kind: 'swap' | 'offer', state: 'declined' | 'withdrawn'): Promise<SwapRow> {
  const row = await openSwap(ctx.db, user, id, kind);
  if ((state === 'declined' ? row.toId : row.fromId) !== user.id) throw forbidden();
  if (row.state === state) return row;
  if (!(await settleSwap(ctx.db, id, state, ctx.now().toISOString()))) throw new AppError(409, 'SWAP_DECIDED', 'It was answered already');
  ctx.events.publish({ type: kind, action: 'updated', id }, swapAudience(row));
  return (await findSwap(ctx.db, id, kind))!;
}

export async function declineSwap(ctx: AppContext, user: SessionUser, id: string): Promise<Swap> {
  const row = await closeSwap(ctx, user, id, 'swap', 'declined');
  await deliverNotice(ctx, row.fromId, `swap:${id}:answered`, 'swap-declined', { bookingId: row.withBookingId, start: row.withStart, end: row.withEnd, byName: user.name });
  return toSwap(row, false);
}

export async function withdrawSwap(ctx: AppContext, user: SessionUser, id: string): Promise<void> {
  await closeSwap(ctx, user, id, 'swap', 'withdrawn');
}

// ---- Stays given -------------------------------------------------------------

export async function offerBooking(ctx: AppContext, user: SessionUser, bookingId: string, input: OfferInput): Promise<Offer> {
  const id = randomUUID();
  const at = ctx.now().toISOString();
  const { row, mine } = await ctx.db.transaction().execute(async (trx) => {
    await lockBookingsForWrite(trx);
    const mine = assertGivable(ctx, await findBooking(trx, bookingId, user), user.id);
    let toId: string;
    if (input.toMemberId) {
      const to = await findUserById(trx, input.toMemberId);
      if (!to || to.disabled === 1 || (to.hidden === 1 && !user.hidden)) throw new AppError(404, 'USER_NOT_FOUND', 'No such member', 'toMemberId');
      assertSameSight(user, to);
      if (to.id === user.id) throw new AppError(400, 'VALIDATION', 'A stay is given to someone else', 'toMemberId');
      toId = to.id;
    } else {
      const first = await firstWhoMayTake(ctx, trx, mine, user);
      if (!first) throw new AppError(409, 'WAITLIST_EMPTY', 'Nobody on the waitlist may take these nights');
      toId = first.userId;
    }
    if (await findOpenOffer(trx, mine.id)) throw new AppError(409, 'SWAP_PENDING', 'This stay is offered already');
    const receiver = (await findUserById(trx, toId))!;
    await judge(ctx, trx, await partyOf(trx, user.id, mine, null), await partyOf(trx, toId, null, mine), { [user.id]: user.name, [toId]: receiver.name });
    await insertSwap(trx, {
      id,
      kind: 'offer',
      fromId: user.id,
      toId,
      bookingId: mine.id,
      bookingVersion: mine.version,
      bookingStart: mine.startDate,
      bookingEnd: mine.endDate,
      withBookingId: null,
      withBookingVersion: null,
      withStart: null,
      withEnd: null,
      viaWaitlist: input.toMemberId ? 0 : 1,
      expiresOn: mine.startDate,
      createdAt: at,
      decidedAt: null,
    });
    await recordBookingChange(trx, { row: mine, action: 'proposed', byId: user.id, at: new Date(at), before: null, after: { offeredTo: receiver.name } });
    return { row: (await findSwap(trx, id, 'offer'))!, mine };
  });
  ctx.events.publish({ type: 'offer', action: 'updated', id }, swapAudience(row));
  await deliverNotice(ctx, row.toId, `offer:${id}:made`, 'offer-made', { bookingId: mine.id, start: mine.startDate, end: mine.endDate, byName: user.name });
  return toOffer(row, false);
}

/**
 * The first on a stay's waitlist who may take it now. One whose quota or a peak rule it would
 * break is passed by, as one who declined it: the stay goes to the next who waits, not nowhere.
 */
async function firstWhoMayTake(ctx: AppContext, db: Kysely<Database>, stay: BookingRow, giver: SessionUser) {
  const gives = await partyOf(db, giver.id, stay, null);
  for (const entry of await waitingFor(db, stayOf(stay), giver, await declinedWaitlistOffers(db, stay.id))) {
    if ((await verdictOn(ctx, db, gives, await partyOf(db, entry.userId, null, stay))).refusals.length === 0) return entry;
  }
  return undefined;
}

/** Whom «al primo in lista d'attesa» would give one's stay to now, if anyone who waits may take it. */
export async function firstWaiting(ctx: AppContext, user: SessionUser, bookingId: string): Promise<{ id: string; name: string } | null> {
  const row = await findBooking(ctx.db, bookingId, user);
  if (!row) throw notFound('Booking');
  if (row.userId !== user.id) throw new AppError(403, 'NOT_YOUR_BOOKING', 'Only its owner gives a stay');
  const first = await firstWhoMayTake(ctx, ctx.db, row, user);
  return first ? { id: first.userId, name: first.memberName } : null;
}

export async function myOffers(ctx: AppContext, user: SessionUser): Promise<Offer[]> {
  const rows = await listOpen(ctx.db, user.id, 'offer');
  return Promise.all(rows.map(async (row) => toOffer(row, (await isStale(ctx.db, row)) || row.expiresOn <= today(ctx))));
}

export async function acceptOffer(ctx: AppContext, user: SessionUser, id: string): Promise<Offer> {
  const at = ctx.now().toISOString();
  const result = await ctx.db.transaction().execute(async (trx) => {
    await lockBookingsForWrite(trx);
    const row = await openSwap(trx, user, id, 'offer');
    if (row.toId !== user.id) throw forbidden();
    if (row.state === 'accepted') return { row, moved: null };
    if (row.state !== 'pending') throw new AppError(409, 'SWAP_DECIDED', `The offer was ${row.state}`);
    if (row.expiresOn <= today(ctx)) throw new AppError(409, 'SWAP_EXPIRED', 'The stay has begun');
    const a = row.bookingId ? await findBooking(trx, row.bookingId, everyone) : undefined;
    if (!a || (await isStale(trx, row))) throw new AppError(409, 'OFFER_STALE', 'The stay changed since it was offered');
    const statuses = await judge(ctx, trx, await partyOf(trx, row.fromId, a, null), await partyOf(trx, row.toId, null, a), { [row.fromId]: row.fromName, [row.toId]: row.toName });
    if (!(await settleSwap(trx, id, 'accepted', at))) throw new AppError(409, 'SWAP_DECIDED', 'The offer was withdrawn meanwhile');
    const after = await handOver(trx, user, 'given', [{ row: a, toId: row.toId, status: statuses[a.id]! }], at);
    return { row: (await findSwap(trx, id, 'offer'))!, moved: { before: [a], after } };
  });
  if (result.moved) {
    announceMoved(ctx, user, result.moved.before, result.moved.after);
    ctx.events.publish({ type: 'offer', action: 'updated', id }, swapAudience(result.row));
    await deliverNotice(ctx, result.row.fromId, `offer:${id}:answered`, 'offer-accepted', { bookingId: result.row.bookingId, start: result.row.bookingStart, end: result.row.bookingEnd, byName: user.name });
  }
  return toOffer(result.row, false);
}

export async function declineOffer(ctx: AppContext, user: SessionUser, id: string): Promise<Offer> {
  const row = await closeSwap(ctx, user, id, 'offer', 'declined');
  await deliverNotice(ctx, row.fromId, `offer:${id}:answered`, 'offer-declined', { bookingId: row.bookingId, start: row.bookingStart, end: row.bookingEnd, byName: user.name });
  if (row.viaWaitlist === 1 && row.bookingId) await passToNextWaiting(ctx, row.fromId, row.bookingId);
  return toOffer(row, false);
}

/**
 * A stay offered to the first on its waitlist, declined: it goes on to the next who waits (those
 * who declined it passed by). When nobody else waits, or the stay changed, or a rule refuses, it
 * stays with its owner, who heard of the decline.
 */
async function passToNextWaiting(ctx: AppContext, giverId: string, bookingId: string): Promise<void> {
  const giver = await findUserById(ctx.db, giverId);
  if (!giver || giver.disabled === 1) return;
  try {
    await offerBooking(ctx, toSessionUser(giver), bookingId, {});
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

export async function withdrawOffer(ctx: AppContext, user: SessionUser, id: string): Promise<void> {
  await closeSwap(ctx, user, id, 'offer', 'withdrawn');
}
