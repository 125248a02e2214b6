import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Set in the transaction that commits the request's write (db/commit-marks.ts): a claim the
  // write was made under is never run again, even when its process died before answering.
  await db.schema.alterTable('idempotency_keys').addColumn('applied_at', 'text').execute();
  // The first record that write created, told to a resend that finds no stored answer.
  await db.schema.alterTable('idempotency_keys').addColumn('created_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('created_id').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('applied_at').execute();
}
