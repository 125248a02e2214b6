import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The secret in a member's private iCalendar URL; renewing replaces it.
  await db.schema.alterTable('users').addColumn('calendar_token', 'text').execute();
  await db.schema.createIndex('users_calendar_token').on('users').column('calendar_token').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_calendar_token').execute();
  await db.schema.alterTable('users').dropColumn('calendar_token').execute();
}
