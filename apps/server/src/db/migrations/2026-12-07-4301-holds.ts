import type { Kysely } from 'kysely';

/**
 * Holds («opzione», issue 43): free nights a member keeps for a few days. A hold ends once:
 * confirmed into a booking, released (by its owner, or an admin with a reason) or expired;
 * `ended_at` is the claim that makes each end happen once, and `reminded_at` the reminder's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('holds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('end_kind', 'text')
    .addColumn('ended_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('end_reason', 'text')
    // No reference: it is set in the booking's transaction before the booking's row is written.
    .addColumn('booking_id', 'text')
    .addColumn('reminded_at', 'text')
    .execute();
  await db.schema.createIndex('holds_open').on('holds').columns(['ended_at', 'end_date', 'start_date']).execute();
  await db.schema.createIndex('holds_owner').on('holds').columns(['user_id', 'ended_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('holds').execute();
}
