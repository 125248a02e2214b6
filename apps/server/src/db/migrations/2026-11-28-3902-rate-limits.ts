import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A token bucket per key (writes of a member, password resets of an account or address): one
  // row holding the moment, in milliseconds, at which the bucket is full again. It replaces the
  // per-minute counters, which let twice the limit through across a minute's end, and the
  // reset requests' rows, one per request, refused ones included, read back on every request.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('full_at', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema.dropTable('write_counters').execute();
  await db.schema.dropTable('password_reset_requests').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_reset_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_reset_requests_key').on('password_reset_requests').columns(['key', 'requested_at']).execute();
  await db.schema
    .createTable('write_counters')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('write_counters_pk', ['key', 'window_start'])
    .execute();
  await db.schema.dropTable('rate_limits').execute();
}
