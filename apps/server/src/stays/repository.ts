import type { Kysely } from 'kysely';
import type { Database, MeterReadingCorrectionsTable, MeterReadingsTable } from '../db/schema.ts';
import { seenByViewer, type Viewer } from '../db/visibility.ts';

/** The house has one meter: the latest reading of any stay is where the next must start. */
export function latestReading(db: Kysely<Database>) {
  return db.selectFrom('meterReadings').selectAll().orderBy('recordedAt', 'desc').orderBy('totalKwh', 'desc').limit(1).executeTakeFirst();
}

/** The latest reading taken by someone the viewer may see (hidden accounts see all). */
export function latestVisibleReading(db: Kysely<Database>, viewer: Viewer) {
  return db
    .selectFrom('meterReadings')
    .innerJoin('users', 'users.id', 'meterReadings.userId')
    .selectAll('meterReadings')
    .where(seenByViewer('users', viewer))
    .orderBy('meterReadings.recordedAt', 'desc').orderBy('meterReadings.totalKwh', 'desc').limit(1).executeTakeFirst();
}

export function readingOf(db: Kysely<Database>, bookingId: string, kind: MeterReadingsTable['kind']) {
  return db.selectFrom('meterReadings').selectAll().where('bookingId', '=', bookingId).where('kind', '=', kind).executeTakeFirst();
}

export async function insertReading(db: Kysely<Database>, reading: MeterReadingsTable): Promise<void> {
  await db.insertInto('meterReadings').values(reading).execute();
}

export async function markCheckedIn(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('bookings').set({ checkedIn: 1, kwhUsed: 0, updatedAt: at }).where('id', '=', id).execute();
}

export async function markCheckedOut(db: Kysely<Database>, id: string, kwhUsed: number, costCentimes: number, at: string): Promise<void> {
  await db.updateTable('bookings').set({ checkedOut: 1, kwhUsed, costCentimes, updatedAt: at }).where('id', '=', id).execute();
}

export async function markPaid(db: Kysely<Database>, id: string, method: NonNullable<Database['bookings']['paymentMethod']>, at: string): Promise<void> {
  await db.updateTable('bookings').set({ paid: 1, paymentMethod: method, paidAt: at, updatedAt: at }).where('id', '=', id).execute();
}

/** The most recent readings with their stay and owner, for admins to check and correct. */
export function listRecentReadings(db: Kysely<Database>, viewer: Viewer, limit: number) {
  return readingsWithStay(db)
    .where(seenByViewer('users', viewer))
    .orderBy('meterReadings.recordedAt', 'desc').orderBy('meterReadings.totalKwh', 'desc').limit(limit).execute();
}

function readingsWithStay(db: Kysely<Database>) {
  return db
    .selectFrom('meterReadings')
    .innerJoin('bookings', 'bookings.id', 'meterReadings.bookingId')
    .innerJoin('users', 'users.id', 'bookings.userId')
    .selectAll('meterReadings')
    .select(['users.name as ownerName', 'bookings.startDate', 'bookings.endDate']);
}

export function findReadingWithStay(db: Kysely<Database>, id: string) {
  return readingsWithStay(db).where('meterReadings.id', '=', id).executeTakeFirst();
}

/** The reading taken just before this one (the meter's previous state), if any. */
export function readingBefore(db: Kysely<Database>, reading: Pick<MeterReadingsTable, 'id' | 'recordedAt'>) {
  return db
    .selectFrom('meterReadings')
    .selectAll()
    .where('id', '!=', reading.id)
    .where('recordedAt', '<=', reading.recordedAt)
    .orderBy('recordedAt', 'desc')
    .orderBy('totalKwh', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findReading(db: Kysely<Database>, id: string) {
  return db.selectFrom('meterReadings').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateReading(db: Kysely<Database>, id: string, values: Pick<MeterReadingsTable, 'dayKwh' | 'nightKwh' | 'totalKwh'>): Promise<void> {
  await db.updateTable('meterReadings').set(values).where('id', '=', id).execute();
}

export async function insertCorrection(db: Kysely<Database>, correction: MeterReadingCorrectionsTable): Promise<void> {
  await db.insertInto('meterReadingCorrections').values(correction).execute();
}

/** Corrections of these readings with the corrector's name, oldest first. */
export function correctionsOf(db: Kysely<Database>, readingIds: string[]) {
  if (readingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('meterReadingCorrections')
    .innerJoin('users', 'users.id', 'meterReadingCorrections.correctedBy')
    .selectAll('meterReadingCorrections')
    .select('users.name as correctedByName')
    .where('meterReadingCorrections.readingId', 'in', readingIds)
    .orderBy('meterReadingCorrections.correctedAt')
    .execute();
}

export async function setStayUsage(db: Kysely<Database>, id: string, kwhUsed: number, costCentimes: number, at: string): Promise<void> {
  await db.updateTable('bookings').set({ kwhUsed, costCentimes, updatedAt: at }).where('id', '=', id).execute();
}
