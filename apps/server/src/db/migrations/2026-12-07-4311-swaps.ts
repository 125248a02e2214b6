import { sql, type Kysely } from 'kysely';

/**
 * Swaps and stays given (issue 43): a proposal to exchange two bookings («scambio», kind swap)
 * or to give one to another member («cedi», kind offer). Each keeps the versions of the bookings
 * as proposed, so an acceptance after either changed fails; a booking deleted leaves its proposal
 * without it (stale), and the stays' dates stay for the list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('swaps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('from_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('booking_version', 'integer', (c) => c.notNull())
    .addColumn('booking_start', 'text', (c) => c.notNull())
    .addColumn('booking_end', 'text', (c) => c.notNull())
    .addColumn('with_booking_id', 'text', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('with_booking_version', 'integer')
    .addColumn('with_start', 'text')
    .addColumn('with_end', 'text')
    .addColumn('via_waitlist', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema.createIndex('swaps_to').on('swaps').columns(['to_id', 'state']).execute();
  await db.schema.createIndex('swaps_from').on('swaps').columns(['from_id', 'state']).execute();
  // One open proposal per pair of stays, one open offer per stay; the service says SWAP_PENDING first.
  await db.schema.createIndex('swaps_open_pair').on('swaps').columns(['booking_id', 'with_booking_id']).unique().where(sql.ref('state'), '=', 'pending').where(sql.ref('kind'), '=', 'swap').execute();
  await db.schema.createIndex('swaps_open_offer').on('swaps').column('booking_id').unique().where(sql.ref('state'), '=', 'pending').where(sql.ref('kind'), '=', 'offer').execute();
  await db.schema.createIndex('swaps_with_booking').on('swaps').column('with_booking_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('swaps').execute();
}
