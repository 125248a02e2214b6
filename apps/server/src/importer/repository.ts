import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Inserts keyed by the original documents' ids, so importing the same export
 * again finds them and adds nothing. True when the row is new.
 */
async function insertIfAbsent<T extends 'users' | 'bookings' | 'notes' | 'meterReadings'>(
  db: Kysely<Database>,
  table: T,
  row: Insertable<Database[T]>,
): Promise<boolean> {
  const result = await db
    .insertInto(table)
    .values(row as never)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export const importUser = (db: Kysely<Database>, row: Insertable<Database['users']>) => insertIfAbsent(db, 'users', row);
export const importBooking = (db: Kysely<Database>, row: Insertable<Database['bookings']>) => insertIfAbsent(db, 'bookings', row);
export const importNote = (db: Kysely<Database>, row: Insertable<Database['notes']>) => insertIfAbsent(db, 'notes', row);
export const importReading = (db: Kysely<Database>, row: Insertable<Database['meterReadings']>) => insertIfAbsent(db, 'meterReadings', row);

export async function importReaction(db: Kysely<Database>, noteId: string, userId: string, createdAt: string): Promise<boolean> {
  const result = await db
    .insertInto('noteReactions')
    .values({ noteId, userId, createdAt })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function existingUserIds(db: Kysely<Database>): Promise<Set<string>> {
  return new Set((await db.selectFrom('users').select('id').execute()).map((row) => row.id));
}

export async function findUserIdByEmail(db: Kysely<Database>, email: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id;
}
