import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { BookingsTable, Database } from '../db/schema.ts';

/** Who may see whose bookings: hidden accounts are seen only by themselves and other hidden accounts. */
export interface Viewer {
  id: string;
  hidden: boolean;
}

function withOwner(db: Kysely<Database>) {
  return db
    .selectFrom('bookings')
    .innerJoin('users', 'users.id', 'bookings.userId')
    .selectAll('bookings')
    .select(['users.name as ownerName', 'users.colour as ownerColour', 'users.hidden as ownerHidden']);
}

function visibleTo(db: Kysely<Database>, viewer: Viewer) {
  const query = withOwner(db);
  return viewer.hidden ? query : query.where((eb) => eb.or([eb('users.hidden', '=', 0), eb('users.id', '=', viewer.id)]));
}

export type BookingRow = Awaited<ReturnType<typeof findBooking>> & object;

export function findBooking(db: Kysely<Database>, id: string, viewer: Viewer) {
  return visibleTo(db, viewer).where('bookings.id', '=', id).executeTakeFirst();
}

/** Bookings that touch the days from..to (inclusive), for the visible calendar grid. */
export function listBookingsBetween(db: Db, from: string, to: string, viewer: Viewer) {
  return visibleTo(db, viewer).where('bookings.startDate', '<=', to).where('bookings.endDate', '>=', from).orderBy('bookings.startDate').execute();
}

export function nextBookingAfter(db: Db, day: string, viewer: Viewer) {
  return visibleTo(db, viewer).where('bookings.startDate', '>', day).orderBy('bookings.startDate').limit(1).executeTakeFirst();
}

/** A member's history, or everyone's when userId is null, optionally one year's; newest first. */
export function listHistory(db: Db, userId: string | null, viewer: Viewer, year?: number) {
  let query = visibleTo(db, viewer);
  if (userId) query = query.where('bookings.userId', '=', userId);
  if (year) query = query.where('bookings.startDate', '>=', `${year}-01-01`).where('bookings.startDate', '<=', `${year}-12-31`);
  return query.orderBy('bookings.startDate', 'desc').orderBy('bookings.createdAt', 'desc').execute();
}

/** Own bookings not yet paid, oldest first: the one that needs something done comes first. */
export function listOpenStays(db: Db, userId: string) {
  return withOwner(db).where('bookings.userId', '=', userId).where('bookings.paid', '=', 0).orderBy('bookings.startDate').execute();
}

/** Every booking (whoever can see it) that could share a night with start..end. */
export function listBookingsNear(db: Kysely<Database>, start: string, end: string, excludeId: string | null) {
  let query = db.selectFrom('bookings').select(['id', 'startDate', 'endDate']).where('startDate', '<=', end).where('endDate', '>=', start);
  if (excludeId) query = query.where('id', '!=', excludeId);
  return query.execute();
}

export async function insertBooking(db: Kysely<Database>, booking: BookingsTable): Promise<void> {
  await db.insertInto('bookings').values(booking).execute();
}

export async function updateBooking(
  db: Kysely<Database>,
  id: string,
  changes: Pick<BookingsTable, 'startDate' | 'endDate' | 'purpose' | 'costCentimes' | 'updatedAt'>,
): Promise<void> {
  await db.updateTable('bookings').set(changes).where('id', '=', id).execute();
}

export async function deleteBooking(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('bookings').where('id', '=', id).execute();
}
