import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Fair booking (issue 11): a booking's status (every existing one is confirmed), the
 * decision on a request and an administrator's override; the history of rule changes,
 * peak periods, picking turns, the waitlist and the in-app notices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('bookings').addColumn('status', 'text', (c) => c.notNull().defaultTo('confirmed')).execute();
  for (const column of ['decision', 'decided_at', 'decided_by', 'decision_reason', 'declined_in_favour_of', 'override_reason', 'override_by', 'override_at', 'override_rules']) {
    await db.schema.alterTable('bookings').addColumn(column, 'text').execute();
  }

  await db.schema
    .createTable('rule_changes')
    // A sequence orders the changes: two can share a millisecond.
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('at', 'text', (c) => c.notNull())
    // Null: the command line.
    .addColumn('by_id', 'text', (c) => c.references('users.id'))
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text')
    // JSON: a number or a peak period; null when not set.
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();

  await db.schema
    .createTable('peak_periods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('from_day', 'text', (c) => c.notNull())
    .addColumn('to_day', 'text', (c) => c.notNull())
    .addColumn('year', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('turn_rounds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('to_date', 'text', (c) => c.notNull())
    // JSON array of member ids, in the order of their turns.
    .addColumn('member_order', 'text', (c) => c.notNull())
    .addColumn('nights_per_turn', 'integer', (c) => c.notNull())
    .addColumn('window_hours', 'integer', (c) => c.notNull())
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('opened_by', 'text', (c) => c.references('users.id'))
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('turn_rounds_dates').on('turn_rounds').columns(['from_date', 'to_date']).execute();

  await db.schema
    .createTable('turn_passes')
    .addColumn('round_id', 'text', (c) => c.notNull().references('turn_rounds.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'text')
    // A turn ends once: a second skip or booking of the same turn is refused by the key.
    .addPrimaryKeyConstraint('turn_passes_pk', ['round_id', 'position'])
    .execute();

  await db.schema
    .createTable('waitlist_entries')
    // The order members asked in: a sequence, not the clock (two can ask in one millisecond).
    .addColumn('seq', postgres ? 'serial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('notified_at', 'text')
    .execute();
  await db.schema.createIndex('waitlist_entries_dates').on('waitlist_entries').columns(['start_date', 'end_date']).execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // What it is about, once: a second process or run inserting the same key adds nothing.
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('notices_user').on('notices').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['notices', 'waitlist_entries', 'turn_passes', 'turn_rounds', 'peak_periods', 'rule_changes']) await db.schema.dropTable(table).execute();
  for (const column of ['status', 'decision', 'decided_at', 'decided_by', 'decision_reason', 'declined_in_favour_of', 'override_reason', 'override_by', 'override_at', 'override_rules']) {
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  }
}
