import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Serialises writers of the bookings table for the rest of the transaction, so
 * the no-overlap check and the write cannot interleave with another request.
 * SQLite needs nothing: one connection runs one transaction at a time.
 */
export async function lockBookingsForWrite(trx: Kysely<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    // Conflicts with itself, not with readers.
    await sql`lock table bookings in share row exclusive mode`.execute(trx);
  }
}

/**
 * Serialises the writers of settlements and contributions, so a balance read
 * to check a settlement cannot change before the settlement is written.
 */
export async function lockMoneyForWrite(trx: Kysely<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`lock table settlements in share row exclusive mode`.execute(trx);
  }
}

/**
 * Serialises the writers of stored files, so the storage a member and the house
 * use, read to check an upload against their budgets, cannot change before the
 * upload is written. Take it first in the transaction, before any file is
 * deleted: two writers each holding a deleted row would otherwise wait on each other.
 */
export async function lockFilesForWrite(trx: Kysely<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`lock table files in share row exclusive mode`.execute(trx);
  }
}

/**
 * Takes one row's lock for the rest of the transaction on PostgreSQL, so the version read after
 * it stays current until the commit: of two edits made on one version, the second waits and then
 * finds it changed (STALE_EDIT). SQLite needs nothing: one connection runs one transaction at a time.
 */
export async function lockRowForWrite(trx: Kysely<Database>, table: 'expenses' | 'users' | 'notes', id: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select 1 from ${sql.table(table)} where id = ${id} for update`.execute(trx);
  }
}

/** The same for a thing that is not a row of its own (the house rules, kept in settings). */
export async function lockNameForWrite(trx: Kysely<Database>, name: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
  }
}
