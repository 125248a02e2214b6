import type { Kysely } from 'kysely';

/**
 * The calendar asks for the stays that touch a month. Walked by start date, that is every stay
 * that starts before the month's end: all of an old house's past. Led by the end date, the walk
 * begins at the month and, for the months a family looks at (this one, the next ones), reads
 * only the stays still to come.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('bookings_end_start').on('bookings').columns(['end_date', 'start_date']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bookings_end_start').execute();
}
