import type { Kysely } from 'kysely';

/**
 * A delivery is `sent` only when a channel accepted it (issue 41): one that reached its member by
 * no channel is `undeliverable` with its reason (a code of core's undeliverableReasons), one that
 * was no longer wanted `skipped`; the member's dismissal of an undeliverable reminder shown in
 * the app is kept with it. `status` is text in both dialects: the new states need no change, and
 * Home's question (a member's undeliverable ones) walks the index on status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('deliveries').addColumn('reason', 'text').execute();
  await db.schema.alterTable('deliveries').addColumn('dismissed_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('deliveries').dropColumn('dismissed_at').execute();
  await db.schema.alterTable('deliveries').dropColumn('reason').execute();
}
