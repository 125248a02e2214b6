import { isAdmin, type Booking, type SessionUser } from '@rustico/core';
import type { AppContext } from '../context.ts';
import { whileUnchanged } from '../db/unchanged.ts';
import { decodeCursor, keysetPage } from '../http/cursor.ts';
import { forbidden } from '../http/errors.ts';
import { listHistory, listHistoryYears } from './repository.ts';
import { toBooking } from './service.ts';

/** Route value of a history that means "every member". */
export const ALL_MEMBERS = '0';

export interface HistoryFilters {
  year?: number | undefined;
  /** With userId '0': one member's bookings only. */
  memberId?: string | undefined;
}

/**
 * Whose history a request may read: a member's own; everyone's ('0',
 * optionally narrowed to one member) and other members' only for admins.
 */
function historyOwner(viewer: SessionUser, userId: string, memberId: string | undefined): string | null {
  if (userId !== viewer.id && !isAdmin(viewer.role)) throw forbidden();
  return userId === ALL_MEMBERS ? (memberId ?? null) : userId;
}

/** The whole history, newest first (the CSV export); `year` keeps the stays that start in it. */
export async function bookingHistory(ctx: AppContext, viewer: SessionUser, userId: string, filters: HistoryFilters = {}): Promise<Booking[]> {
  return (await listHistory(ctx.db, historyOwner(viewer, userId, filters.memberId), viewer, { year: filters.year })).map(toBooking);
}

/** Pages of histories asked again while no stay or member changed: an old house's long pages cost their rows. */
const historyPages = whileUnchanged<{ bookings: Booking[]; nextCursor: string | null }>(200);

/** One page of a history, newest first; nextCursor asks for the page after it. */
export async function bookingHistoryPage(
  ctx: AppContext,
  viewer: SessionUser,
  userId: string,
  filters: HistoryFilters & { before?: string | undefined; limit: number },
): Promise<{ bookings: Booking[]; nextCursor: string | null }> {
  const owner = historyOwner(viewer, userId, filters.memberId);
  const cursor = filters.before ? decodeCursor(filters.before) : undefined;
  const before = cursor && { start: cursor.key, id: cursor.id };
  const key = JSON.stringify([viewer.id, viewer.hidden, owner, filters.year, before, filters.limit]);
  return historyPages(ctx.db, key, async () => {
    const rows = await listHistory(ctx.db, owner, viewer, { year: filters.year, before, limit: filters.limit + 1 });
    const { items, nextCursor } = keysetPage(rows, filters.limit, toBooking, (booking) => booking.start);
    return { bookings: items, nextCursor };
  });
}

/** The years a history has stays in, newest first, for its year filter. */
export async function bookingHistoryYears(ctx: AppContext, viewer: SessionUser, userId: string, memberId?: string): Promise<number[]> {
  return listHistoryYears(ctx.db, historyOwner(viewer, userId, memberId), viewer);
}
