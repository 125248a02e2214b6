import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('kwh_used', 'double precision').execute();
  await db.schema.alterTable('bookings').addColumn('payment_method', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('paid_at', 'text').execute();

  await db.schema
    .createTable('meter_readings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day_kwh', 'double precision', (c) => c.notNull())
    .addColumn('night_kwh', 'double precision', (c) => c.notNull())
    .addColumn('total_kwh', 'double precision', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('meter_readings_booking_kind', ['booking_id', 'kind'])
    .execute();
  await db.schema.createIndex('meter_readings_recorded_at').on('meter_readings').column('recorded_at').execute();

  await db.schema
    .createTable('notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    // A note written at check-in or check-out carries that event and the booking's date.
    .addColumn('event_kind', 'text')
    .addColumn('event_date', 'text')
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notes_created_at').on('notes').column('created_at').execute();

  await db.schema
    .createTable('note_reactions')
    .addColumn('note_id', 'text', (c) => c.notNull().references('notes.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('note_reactions_pk', ['note_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('note_reactions').execute();
  await db.schema.dropTable('notes').execute();
  await db.schema.dropTable('meter_readings').execute();
  for (const column of ['paid_at', 'payment_method', 'kwh_used']) {
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  }
}
