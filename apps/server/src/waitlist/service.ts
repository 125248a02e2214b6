import { randomUUID } from 'node:crypto';
import { addDays, blocksStay, heldDays, isAdmin, nightsBetween, todayIn, type IsoDate, type SessionUser, type WaitlistEntry } from '@rustico/core';
import { listBookingsNear } from '../bookings/service.ts';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import { deliverNotice } from '../notices/service.ts';
import { claimEntry, deleteEntry, findEntry, findWaiting, insertEntry, listEntries, listWaitingTouching, type WaitlistRow } from './repository.ts';

function toEntry(row: WaitlistRow): WaitlistEntry {
  return { id: row.id, memberId: row.userId, memberName: row.memberName, start: row.startDate, end: row.endDate, createdAt: row.createdAt, notifiedAt: row.notifiedAt };
}

const today = (ctx: AppContext) => todayIn(ctx.config.houseTimeZone, ctx.now());

/**
 * Nights taken by something other than a booking (a hold: holds/ registers it in parts.ts, so the
 * waitlist need not know it): the days of start..end it takes now.
 */
type TakenNights = (ctx: AppContext, start: IsoDate, end: IsoDate) => Promise<IsoDate[]>;
const otherTakers = new Set<TakenNights>();

export function countTakenNightsWith(taker: TakenNights): void {
  otherTakers.add(taker);
}

/** The days of start..end that a confirmed or requested stay, or another claim, holds now. */
async function takenDays(ctx: AppContext, start: IsoDate, end: IsoDate): Promise<Set<IsoDate>> {
  const near = await listBookingsNear(ctx.db, start, end, null);
  // Whatever would stop an instant booking: confirmed stays and requests alike.
  const taken = new Set(near.filter((b) => blocksStay(b.status, 'confirmed')).flatMap((b) => heldDays({ start: b.startDate, end: b.endDate })));
  for (const taker of otherTakers) for (const day of await taker(ctx, start, end)) taken.add(day);
  return taken;
}

/** Asks to be told when one of these taken nights frees up. */
export async function joinWaitlist(ctx: AppContext, user: SessionUser, stay: { start: IsoDate; end: IsoDate }): Promise<{ entry: WaitlistEntry; created: boolean }> {
  if (nightsBetween(stay.start, stay.end) < 0) throw new AppError(400, 'END_BEFORE_START', 'The end is before the start', 'end');
  if (nightsBetween(stay.start, stay.end) > 366) throw new AppError(400, 'STAY_TOO_LONG', 'At most a year at once', 'end');
  if (stay.start < today(ctx)) throw new AppError(400, 'DATE_IN_PAST', 'The nights are past', 'start');
  const taken = await takenDays(ctx, stay.start, stay.end);
  if (!heldDays(stay).some((day) => taken.has(day))) throw new AppError(409, 'NIGHTS_FREE', 'Nobody holds these nights: book them');
  const existing = await findWaiting(ctx.db, user.id, stay.start, stay.end);
  if (existing) return { entry: toEntry(existing), created: false };
  const id = randomUUID();
  await insertEntry(ctx.db, { id, userId: user.id, startDate: stay.start, endDate: stay.end, createdAt: ctx.now().toISOString(), notifiedAt: null });
  ctx.events.publish({ type: 'waitlist', action: 'updated', id }, { ownerId: user.id, ownerHidden: user.hidden });
  return { entry: toEntry((await findEntry(ctx.db, id))!), created: true };
}

/** One's own entries (administrators: everyone's they may see), in the order asked. */
export async function waitlist(ctx: AppContext, viewer: SessionUser): Promise<WaitlistEntry[]> {
  const rows = await listEntries(ctx.db, isAdmin(viewer.role) ? null : viewer.id, today(ctx));
  return rows.filter((row) => row.memberHidden === 0 || viewer.hidden || row.userId === viewer.id).map(toEntry);
}

export async function leaveWaitlist(ctx: AppContext, user: SessionUser, id: string): Promise<void> {
  const row = await findEntry(ctx.db, id);
  if (!row || (row.memberHidden === 1 && !user.hidden && row.userId !== user.id)) throw notFound('Waitlist entry');
  if (row.userId !== user.id && !isAdmin(user.role)) throw forbidden();
  await deleteEntry(ctx.db, id);
  ctx.events.publish({ type: 'waitlist', action: 'updated', id }, { ownerId: row.userId, ownerHidden: row.memberHidden === 1 });
}

/**
 * Some held days were given up (a stay cancelled, moved or declined): the members
 * waiting for one of them that is now really free are told, one after the other in
 * the order they asked. Each entry is told once (claimed in the database).
 */
export function notifyWaitlist(ctx: AppContext, days: readonly IsoDate[]): void {
  const from = today(ctx);
  const candidates = [...new Set(days)].filter((day) => day >= from).sort();
  if (candidates.length === 0) return;
  ctx.tasks.run('waitlist notices failed', async () => {
    const first = candidates[0]!;
    const last = candidates.at(-1)!;
    const taken = await takenDays(ctx, first, addDays(last, 1));
    const free = new Set(candidates.filter((day) => !taken.has(day)));
    if (free.size === 0) return;
    for (const entry of await listWaitingTouching(ctx.db, first, last)) {
      const freed = heldDays({ start: entry.startDate, end: entry.endDate }).filter((day) => free.has(day));
      if (freed.length === 0) continue;
      if (!(await claimEntry(ctx.db, entry.id, ctx.now().toISOString()))) continue;
      // Awaited: the first to ask hears first.
      await deliverNotice(ctx, entry.userId, `waitlist:${entry.id}`, 'waitlist-freed', { start: freed[0]!, end: addDays(freed.at(-1)!, 1) }, { waitForPush: true });
      ctx.events.publish({ type: 'waitlist', action: 'updated', id: entry.id }, { ownerId: entry.userId, ownerHidden: entry.memberHidden === 1 });
    }
  });
}

/** Who still waits for a night a stay holds (but `except` and those `passed`), who asked first first: «al primo in lista d'attesa» gives it to one of them. */
export async function waitingFor(db: Kysely<Database>, stay: { start: IsoDate; end: IsoDate }, except: { id: string; hidden: boolean }, passed: ReadonlySet<string> = new Set()) {
  const nights = new Set(heldDays(stay));
  if (nights.size === 0) return [];
  const entries = await listWaitingTouching(db, stay.start, addDays(stay.end, -1));
  // A hidden account's stays pass only among hidden accounts.
  return entries.filter((e) => e.userId !== except.id && !passed.has(e.userId) && (e.memberHidden === 1) === except.hidden && heldDays({ start: e.startDate, end: e.endDate }).some((d) => nights.has(d)));
}
