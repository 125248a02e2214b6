import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Who made a booking for someone else (an administrator booking on behalf); null when the owner did.
  await db.schema.alterTable('bookings').addColumn('created_by', 'text', (c) => c.references('users.id')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('created_by').execute();
}
