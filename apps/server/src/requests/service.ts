import { freedDays, historyYears, peakNightsByYear, staysOverlap, type Approval, type Booking, type PeakPeriod, type SessionUser } from '@rustico/core';
import type { Kysely } from 'kysely';
import { type BookingRow, findBooking, listBookingsNear, listConfirmedStaysOf, listRequests, recordBookingChange, setDecision, toBooking } from '../bookings/service.ts';
import type { AppContext } from '../context.ts';
import { lockBookingsForWrite } from '../db/locks.ts';
import type { Database } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { deliverNotice } from '../notices/service.ts';
import { peakPeriods } from '../peaks/service.ts';
import { notifyWaitlist } from '../waitlist/service.ts';

const audienceOf = (row: BookingRow) => ({ ownerId: row.userId, ownerHidden: row.ownerHidden === 1 });

/** Requests still waiting for a decision, by start. */
export async function pendingRequests(ctx: AppContext, viewer: SessionUser): Promise<Booking[]> {
  return (await listRequests(ctx.db, viewer)).map(toBooking);
}

/**
 * Approves or declines a request. Checked inside the locked write transaction: a request
 * moved since the administrator looked is not decided (409 REQUEST_CHANGED: the approval
 * would confirm other nights and decline requests they never saw competing), and of two
 * administrators deciding conflicting requests at once, the second finds its request
 * decided already (409 REQUEST_DECIDED). Approving declines every request that shares a
 * night with it, naming the approved one.
 */
export async function decideRequest(ctx: AppContext, admin: SessionUser, id: string, approval: Approval): Promise<{ booking: Booking; declined: Booking[] }> {
  const at = ctx.now().toISOString();
  const reason = approval.reason ?? null;
  const { row, declined } = await ctx.db.transaction().execute(async (trx) => {
    await lockBookingsForWrite(trx);
    const current = await findBooking(trx, id, admin);
    if (!current) throw notFound('Booking');
    if (current.startDate !== approval.start || current.endDate !== approval.end) {
      throw new AppError(409, 'REQUEST_CHANGED', 'The request has moved since it was looked at', 'start', undefined, { start: current.startDate, end: current.endDate });
    }
    if (current.status !== 'requested') throw new AppError(409, 'REQUEST_DECIDED', `This booking is ${current.status}, not a request`);
    const declinedIds: string[] = [];
    if (approval.decision === 'decline') {
      await setDecision(trx, id, { status: 'declined', decision: 'declined', decidedAt: at, decidedBy: admin.id, decisionReason: reason, declinedInFavourOf: null, updatedAt: at });
    } else {
      const stay = { start: current.startDate, end: current.endDate };
      const overlapping = (await listBookingsNear(trx, stay.start, stay.end, id)).filter((other) => staysOverlap(stay, { start: other.startDate, end: other.endDate }));
      if (overlapping.some((other) => other.status === 'confirmed')) throw new AppError(409, 'BOOKING_OVERLAP', 'A confirmed stay holds some of these nights');
      await setDecision(trx, id, { status: 'confirmed', decision: 'approved', decidedAt: at, decidedBy: admin.id, decisionReason: reason, declinedInFavourOf: null, updatedAt: at });
      for (const other of overlapping.filter((o) => o.status === 'requested')) {
        await setDecision(trx, other.id, { status: 'declined', decision: 'declined', decidedAt: at, decidedBy: admin.id, decisionReason: reason, declinedInFavourOf: id, updatedAt: at });
        declinedIds.push(other.id);
      }
    }
    // The decision on each request, in its history: the status it got and the reason given.
    for (const [decidedId, status] of [[id, approval.decision === 'decline' ? 'declined' : 'confirmed'], ...declinedIds.map((d) => [d, 'declined'] as const)] as const) {
      const before = decidedId === id ? current : (await findBooking(trx, decidedId, { id: admin.id, hidden: true }))!;
      await recordBookingChange(trx, { row: before, action: 'decided', byId: admin.id, at: new Date(at), before: { status: 'requested', reason: null }, after: { status, reason } });
    }
    // Everything visible to the deciding administrator, hidden accounts' requests included for a hidden one.
    const everyone = { id: admin.id, hidden: true };
    return {
      row: (await findBooking(trx, id, everyone))!,
      declined: await Promise.all(declinedIds.map(async (d) => (await findBooking(trx, d, everyone))!)),
    };
  });
  for (const changed of [row, ...declined]) ctx.events.publish({ type: 'booking', action: 'updated', id: changed.id }, audienceOf(changed));
  const booking = toBooking(row);
  const others = declined.map(toBooking);
  // Everyone involved hears of it, in their language; the nights a decline gives up may free a waitlist.
  for (const decided of [booking, ...others]) {
    await deliverNotice(ctx, decided.ownerId, `decision:${decided.id}`, decided.status === 'confirmed' ? 'request-approved' : 'request-declined', {
      bookingId: decided.id,
      start: decided.start,
      end: decided.end,
      byName: admin.name,
      reason,
      inFavourOfName: decided.decision?.inFavourOf?.ownerName ?? null,
    });
  }
  notifyWaitlist(ctx, [...others, ...(booking.status === 'declined' ? [booking] : [])].flatMap((b) => freedDays(b, null)));
  // A hidden account's request declined along the way is its own business.
  const seen = declined.filter((d) => d.ownerHidden === 0 || admin.hidden || d.userId === admin.id).map((d) => d.id);
  return { booking, declined: others.filter((b) => seen.includes(b.id)) };
}


/** A member's confirmed peak nights in the five years up to `year`, oldest first. */
export async function peakHistoryOf(db: Kysely<Database>, memberId: string, year: number, periods: PeakPeriod[]) {
  const years = historyYears(year);
  const stays = await listConfirmedStaysOf(db, memberId, `${years[0]}-01-01`, `${year}-12-31`);
  const byYear = new Map<number, number>();
  for (const stay of stays) for (const [y, n] of peakNightsByYear(stay, periods)) byYear.set(y, (byYear.get(y) ?? 0) + n);
  const history = years.map((y) => ({ year: y, nights: byYear.get(y) ?? 0 }));
  return { peakHistory: history, peakNightsTotal: history.reduce((sum, h) => sum + h.nights, 0) };
}

/** The request and every request sharing a night with it, each with its member's peak history. */
export async function competingRequests(ctx: AppContext, admin: SessionUser, id: string) {
  const row = await findBooking(ctx.db, id, admin);
  if (!row) throw notFound('Booking');
  const stay = { start: row.startDate, end: row.endDate };
  const near = (await listBookingsNear(ctx.db, stay.start, stay.end, id)).filter((o) => o.status === 'requested' && staysOverlap(stay, { start: o.startDate, end: o.endDate }));
  const rows = [row, ...(await Promise.all(near.map((o) => findBooking(ctx.db, o.id, admin))))].filter((r): r is BookingRow => r !== undefined);
  const periods = await peakPeriods(ctx.db);
  const year = Number(row.startDate.slice(0, 4));
  const requests = await Promise.all(
    rows
      .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.createdAt.localeCompare(b.createdAt))
      .map(async (r) => ({ booking: toBooking(r), ...(await peakHistoryOf(ctx.db, r.userId, year, periods)) })),
  );
  return { requests };
}
