import type { Insertable, Kysely } from 'kysely';
import type { Database, WaitlistEntriesTable } from '../db/schema.ts';

function entries(db: Kysely<Database>) {
  return db
    .selectFrom('waitlistEntries')
    .innerJoin('users', 'users.id', 'waitlistEntries.userId')
    .selectAll('waitlistEntries')
    .select(['users.name as memberName', 'users.hidden as memberHidden']);
}

export type WaitlistRow = Awaited<ReturnType<typeof findEntry>> & object;

export function findEntry(db: Kysely<Database>, id: string) {
  return entries(db).where('waitlistEntries.id', '=', id).executeTakeFirst();
}

/** Entries ending on or after `day`, one member's or (null) everyone's, in the order asked. */
export function listEntries(db: Kysely<Database>, userId: string | null, day: string) {
  let query = entries(db).where('waitlistEntries.endDate', '>=', day);
  if (userId) query = query.where('waitlistEntries.userId', '=', userId);
  return query.orderBy('waitlistEntries.seq').execute();
}

/** Entries still waiting that could share a day with from..to, in the order asked. */
export function listWaitingTouching(db: Kysely<Database>, from: string, to: string) {
  return entries(db)
    .where('waitlistEntries.notifiedAt', 'is', null)
    .where('waitlistEntries.startDate', '<=', to)
    .where('waitlistEntries.endDate', '>=', from)
    .orderBy('waitlistEntries.seq')
    .execute();
}

/** A member's waiting entry for exactly these dates, if any (asking twice adds nothing). */
export function findWaiting(db: Kysely<Database>, userId: string, start: string, end: string) {
  return entries(db)
    .where('waitlistEntries.userId', '=', userId)
    .where('waitlistEntries.startDate', '=', start)
    .where('waitlistEntries.endDate', '=', end)
    .where('waitlistEntries.notifiedAt', 'is', null)
    .executeTakeFirst();
}

export async function insertEntry(db: Kysely<Database>, row: Insertable<WaitlistEntriesTable>): Promise<void> {
  await db.insertInto('waitlistEntries').values(row).execute();
}

export async function deleteEntry(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('waitlistEntries').where('id', '=', id).execute();
}

/** Claims the entry's one notification; false when another process or run was first. */
export async function claimEntry(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const result = await db.updateTable('waitlistEntries').set({ notifiedAt: at }).where('id', '=', id).where('notifiedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
