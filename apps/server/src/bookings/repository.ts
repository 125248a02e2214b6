import { sql, type Insertable, type Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { hiddenFlag, seenBy, seenByViewer, type Viewer } from '../db/visibility.ts';
import type { BookingStatus } from '@rustico/core';
import type { BookingsTable, Database } from '../db/schema.ts';

function joinedNames(db: Kysely<Database>) {
  return db
    .selectFrom('bookings')
    .innerJoin('users', 'users.id', 'bookings.userId')
    .leftJoin('users as creator', 'creator.id', 'bookings.createdBy')
    .leftJoin('users as decider', 'decider.id', 'bookings.decidedBy')
    .leftJoin('users as overrider', 'overrider.id', 'bookings.overrideBy')
    .leftJoin('bookings as favoured', 'favoured.id', 'bookings.declinedInFavourOf')
    .leftJoin('users as favouredOwner', 'favouredOwner.id', 'favoured.userId')
    .select([
      'users.name as ownerName',
      'users.colour as ownerColour',
      'users.hidden as ownerHidden',
      'creator.name as createdByName',
      'decider.name as decidedByName',
      'overrider.name as overrideByName',
      'favouredOwner.name as inFavourOfName',
    ]);
}

function withOwner(db: Kysely<Database>) {
  return joinedNames(db).selectAll('bookings');
}

/**
 * What a list shows of each booking (service.ts's toBooking): the lists read a page or a month
 * of rows, and every column more is a value more to copy out of SQLite for each of them.
 */
function listed(db: Kysely<Database>) {
  return joinedNames(db).select([
    'bookings.id',
    'bookings.userId',
    'bookings.startDate',
    'bookings.endDate',
    'bookings.purpose',
    'bookings.costCentimes',
    'bookings.checkedIn',
    'bookings.checkedOut',
    'bookings.paid',
    'bookings.kwhUsed',
    'bookings.paymentMethod',
    'bookings.createdAt',
    'bookings.status',
    'bookings.decision',
    'bookings.decidedAt',
    'bookings.decisionReason',
    'bookings.declinedInFavourOf',
    'bookings.overrideReason',
    'bookings.overrideAt',
    'bookings.overrideRules',
    'bookings.version',
  ]);
}

// One shape for every viewer (their hidden flag is a value), so the prepared queries below fit all.
function visibleTo<Query extends ReturnType<typeof joinedNames>>(query: Query, viewerId: string, viewerHidden: number): Query {
  return query.where(seenBy('users', viewerId, viewerHidden)) as Query;
}

export type BookingRow = Awaited<ReturnType<typeof findBooking>> & object;
/** A booking as the lists read it. */
export type ListedBookingRow = Awaited<ReturnType<typeof listBookingsBetween>>[number];

export function findBooking(db: Kysely<Database>, id: string, viewer: Viewer) {
  return visibleTo(withOwner(db), viewer.id, hiddenFlag(viewer)).where('bookings.id', '=', id).executeTakeFirst();
}

/*
 * The start date as an expression, not a column: no index serves it, so the database walks
 * bookings_end_start from the month's first day (migration 2026-11-25-1001-month-by-end) rather
 * than bookings_start_id over every earlier stay, which SQLite prefers for the ORDER BY.
 */
const startDateUnindexed = sql<string>`${sql.ref('bookings.startDate')} || ''`;

const bookingsBetween = prepared((db, from: string, to: string, viewerId: string, viewerHidden: number) =>
  visibleTo(listed(db), viewerId, viewerHidden)
    .where(startDateUnindexed, '<=', to)
    .where('bookings.endDate', '>=', from)
    .where('bookings.status', '!=', 'declined')
    .orderBy(startDateUnindexed),
);

/** Bookings that touch the days from..to (inclusive), for the visible calendar grid. */
export function listBookingsBetween(db: Db, from: string, to: string, viewer: Viewer) {
  return bookingsBetween(db, from, to, viewer.id, hiddenFlag(viewer));
}

const bookingAfter = prepared((db, day: string, viewerId: string, viewerHidden: number) =>
  visibleTo(listed(db), viewerId, viewerHidden).where('bookings.startDate', '>', day).where('bookings.status', '=', 'confirmed').orderBy('bookings.startDate').limit(1),
);

export async function nextBookingAfter(db: Db, day: string, viewer: Viewer) {
  return (await bookingAfter(db, day, viewer.id, hiddenFlag(viewer)))[0];
}

export interface HistoryFilter {
  year?: number | undefined;
  /** Only bookings after this one in the order (older); with limit, one page. */
  before?: { start: string; id: string } | undefined;
  limit?: number | undefined;
}

/**
 * A history newest first, from a point in that order on (keyset: start date, then id), within
 * a range of start dates. Everyone's, or one member's: two prepared shapes, each walking an
 * index in order (migration 2026-11-24-1001-history-order) and stopping at the page's end, however
 * many years the house has.
 */
function historyPage<Query extends ReturnType<typeof listed>>(query: Query, viewerId: string, viewerHidden: number, from: string, to: string, beforeStart: string, beforeId: string, limit: number) {
  return visibleTo(query, viewerId, viewerHidden)
    .where('bookings.startDate', '>=', from)
    .where('bookings.startDate', '<=', to)
    .where((eb) => eb(eb.refTuple('bookings.startDate', 'bookings.id'), '<', eb.tuple(beforeStart, beforeId)))
    .orderBy('bookings.startDate', 'desc')
    .orderBy('bookings.id', 'desc')
    .limit(limit);
}

const everyonesHistory = prepared((db, viewerId: string, viewerHidden: number, from: string, to: string, beforeStart: string, beforeId: string, limit: number) =>
  historyPage(listed(db), viewerId, viewerHidden, from, to, beforeStart, beforeId, limit),
);

const membersHistory = prepared((db, userId: string, viewerId: string, viewerHidden: number, from: string, to: string, beforeStart: string, beforeId: string, limit: number) =>
  historyPage(listed(db).where('bookings.userId', '=', userId), viewerId, viewerHidden, from, to, beforeStart, beforeId, limit),
);

/** Past every real start date: the first page starts before it. */
const AFTER_ALL = { start: '9999-12-31', id: '' };
/** No page limit: the CSV export reads the whole (filtered) history. */
const ALL_ROWS = Number.MAX_SAFE_INTEGER;

/** A member's history, or everyone's when userId is null, optionally one year's; newest first. */
export function listHistory(db: Db, userId: string | null, viewer: Viewer, filter: HistoryFilter = {}) {
  const { year, before = AFTER_ALL, limit = ALL_ROWS } = filter;
  const [from, to] = year ? [`${year}-01-01`, `${year}-12-31`] : ['0000-01-01', '9999-12-31'];
  const hidden = hiddenFlag(viewer);
  return userId
    ? membersHistory(db, userId, viewer.id, hidden, from, to, before.start, before.id, limit)
    : everyonesHistory(db, viewer.id, hidden, from, to, before.start, before.id, limit);
}

/** The years in which a history has stays, newest first. */
export async function listHistoryYears(db: Db, userId: string | null, viewer: Viewer): Promise<number[]> {
  let query = db
    .selectFrom('bookings')
    .innerJoin('users', 'users.id', 'bookings.userId')
    .select(sql<string>`substr(${sql.ref('bookings.startDate')}, 1, 4)`.as('year'))
    .where(seenByViewer('users', viewer))
    .distinct();
  if (userId) query = query.where('bookings.userId', '=', userId);
  const rows = await query.execute();
  return rows.map((row) => Number(row.year)).sort((a, b) => b - a);
}

/** The first day the house was ever booked, or undefined in a new house. */
export async function firstBookingStart(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('bookings').select('startDate').orderBy('startDate').limit(1).executeTakeFirst();
  return row?.startDate;
}

/** Own bookings not yet paid, oldest first: the one that needs something done comes first. */
export function listOpenStays(db: Db, userId: string) {
  return withOwner(db)
    .where('bookings.userId', '=', userId)
    .where('bookings.paid', '=', 0)
    .where('bookings.status', '=', 'confirmed')
    .orderBy('bookings.startDate')
    .execute();
}

/** Every booking (whoever can see it) that could share a night with start..end. */
export function listBookingsNear(db: Kysely<Database>, start: string, end: string, excludeId: string | null) {
  let query = db
    .selectFrom('bookings')
    .select(['id', 'userId', 'startDate', 'endDate', 'status'])
    .where('startDate', '<=', end)
    .where('endDate', '>=', start)
    .where('status', '!=', 'declined');
  if (excludeId) query = query.where('id', '!=', excludeId);
  return query.execute();
}

export async function insertBooking(db: Kysely<Database>, booking: Insertable<BookingsTable>): Promise<void> {
  await db.insertInto('bookings').values(booking).execute();
}

/** A member's stays (not declined) that could have nights in from..to, for the quota. */
export function listQuotaStays(db: Kysely<Database>, userId: string, from: string, to: string, excludeId: string | null) {
  let query = db
    .selectFrom('bookings')
    .select(['id', 'startDate as start', 'endDate as end', 'purpose', 'status'])
    .where('userId', '=', userId)
    .where('status', '!=', 'declined')
    .where('startDate', '<=', to)
    .where('endDate', '>=', from);
  if (excludeId) query = query.where('id', '!=', excludeId);
  return query.execute();
}

/** Requests still waiting, as the viewer may see them, by start. */
export function listRequests(db: Db, viewer: Viewer) {
  return visibleTo(withOwner(db), viewer.id, hiddenFlag(viewer)).where('bookings.status', '=', 'requested').orderBy('bookings.startDate').orderBy('bookings.createdAt').execute();
}

/** Bookings in from..to (not declined), as the viewer may see them: the fairness view's nights. */
export function listCountedStays(db: Db, from: string, to: string, viewer: Viewer) {
  return visibleTo(withOwner(db), viewer.id, hiddenFlag(viewer))
    .where('bookings.startDate', '<=', to)
    .where('bookings.endDate', '>=', from)
    .where('bookings.status', '!=', 'declined')
    .orderBy('bookings.startDate')
    .execute();
}

/** A member's confirmed stays in from..to: their peak history. */
export function listConfirmedStaysOf(db: Kysely<Database>, userId: string, from: string, to: string) {
  return db
    .selectFrom('bookings')
    .select(['startDate as start', 'endDate as end'])
    .where('userId', '=', userId)
    .where('status', '=', 'confirmed')
    .where('startDate', '<=', to)
    .where('endDate', '>=', from)
    .execute();
}

/** A request's decision, or a status a move recomputed. */
export async function setDecision(
  db: Kysely<Database>,
  id: string,
  changes: Pick<BookingsTable, 'decision' | 'decidedAt' | 'decidedBy' | 'decisionReason' | 'declinedInFavourOf' | 'updatedAt'> & { status: BookingStatus },
): Promise<void> {
  await db.updateTable('bookings').set(changes).where('id', '=', id).execute();
}

export async function updateBooking(
  db: Kysely<Database>,
  id: string,
  changes: Pick<BookingsTable, 'startDate' | 'endDate' | 'purpose' | 'costCentimes' | 'updatedAt'> &
    Partial<Pick<BookingsTable, 'decision' | 'decidedAt' | 'decidedBy' | 'decisionReason' | 'declinedInFavourOf' | 'overrideReason' | 'overrideBy' | 'overrideAt' | 'overrideRules'>> & {
      status?: BookingStatus;
    },
): Promise<void> {
  await db.updateTable('bookings').set(changes).where('id', '=', id).execute();
}

/**
 * A stay swapped or given: its new owner and the status it has with them. Become a request
 * (into a peak), it waits for a decision of its own: an earlier one no longer speaks for it.
 */
export async function setOwner(db: Kysely<Database>, id: string, changes: { userId: string; status: BookingStatus; updatedAt: string }): Promise<void> {
  const undecided = changes.status === 'requested' ? { decision: null, decidedAt: null, decidedBy: null, decisionReason: null, declinedInFavourOf: null } : {};
  await db.updateTable('bookings').set({ ...changes, ...undecided }).where('id', '=', id).execute();
}

export async function deleteBooking(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('bookings').where('id', '=', id).execute();
}
