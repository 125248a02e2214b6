import type { Kysely } from 'kysely';

/**
 * The language of the browser a session is used from (its Accept-Language, one the app speaks;
 * null when it names none): a member who never chose a language gets email in the one of the
 * browser they used last.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('language').execute();
}
