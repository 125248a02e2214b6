import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Writes per user and minute, shared by every server process on the database.
  await db.schema
    .createTable('write_counters')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('write_counters_pk', ['key', 'window_start'])
    .execute();

  // An admin's correction of a meter reading: what it was, what it became, who and when.
  await db.schema
    .createTable('meter_reading_corrections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reading_id', 'text', (c) => c.notNull().references('meter_readings.id').onDelete('cascade'))
    .addColumn('previous_day_kwh', 'double precision', (c) => c.notNull())
    .addColumn('previous_night_kwh', 'double precision', (c) => c.notNull())
    .addColumn('day_kwh', 'double precision', (c) => c.notNull())
    .addColumn('night_kwh', 'double precision', (c) => c.notNull())
    .addColumn('corrected_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('corrected_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('meter_reading_corrections_reading').on('meter_reading_corrections').column('reading_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('meter_reading_corrections').execute();
  await db.schema.dropTable('write_counters').execute();
}
