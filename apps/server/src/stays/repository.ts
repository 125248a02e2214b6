import type { Kysely } from 'kysely';
import type { Database, MeterReadingsTable } from '../db/schema.ts';

/** The house has one meter: the latest reading of any stay is where the next must start. */
export function latestReading(db: Kysely<Database>) {
  return db.selectFrom('meterReadings').selectAll().orderBy('recordedAt', 'desc').orderBy('totalKwh', 'desc').limit(1).executeTakeFirst();
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
