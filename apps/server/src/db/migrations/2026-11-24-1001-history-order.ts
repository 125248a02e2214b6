import type { Kysely } from 'kysely';

/**
 * Histories are read newest first, a page at a time (keyset on start date and id). With these
 * indexes a page walks the index in that order and stops at its end; before, every stay of the
 * member (or of the house) was read and sorted for each page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('bookings_user_start').on('bookings').columns(['user_id', 'start_date', 'id']).execute();
  await db.schema.createIndex('bookings_start_id').on('bookings').columns(['start_date', 'id']).execute();
  // Led by the same column, the first index serves every lookup this one did.
  await db.schema.dropIndex('bookings_user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('bookings_user_id').on('bookings').column('user_id').execute();
  await db.schema.dropIndex('bookings_start_id').execute();
  await db.schema.dropIndex('bookings_user_start').execute();
}
