import type { Kysely } from 'kysely';

/**
 * Messages about others' bookings and notes wait here before they go (issue 41): merged per
 * recipient and channel over a short window, or until the daily summary. In the database, so a
 * restart inside the window loses nothing and only one process sends them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'push' or 'email': each keeps its own pace.
    .addColumn('channel', 'text', (c) => c.notNull())
    // 'bookings' or 'notes', and the booking's or note's id.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    // What the message says about it, as JSON (owner and dates, or author and text).
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    // 1: waits for the daily summary (chosen, or past the day's cap).
    .addColumn('summary', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pending_notices_due').on('pending_notices').columns(['due_at']).execute();
  await db.schema.createIndex('pending_notices_user').on('pending_notices').columns(['user_id', 'channel']).execute();
  // null: the default pace (the daily summary).
  await db.schema.alterTable('notification_choices').addColumn('email_pace', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notification_choices').dropColumn('email_pace').execute();
  await db.schema.dropTable('pending_notices').execute();
}
