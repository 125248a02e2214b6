import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, PasswordLinksTable } from '../db/schema.ts';

export async function insertPasswordLink(db: Db, link: PasswordLinksTable): Promise<void> {
  await db.insertInto('passwordLinks').values(link).execute();
}

export function findUsableLink(db: Db, id: string, now: string) {
  return db
    .selectFrom('passwordLinks')
    .innerJoin('users', 'users.id', 'passwordLinks.userId')
    .select(['passwordLinks.id', 'passwordLinks.purpose', 'passwordLinks.userId', 'users.name', 'users.email'])
    .where('passwordLinks.id', '=', id)
    .where('passwordLinks.usedAt', 'is', null)
    .where('passwordLinks.expiresAt', '>', now)
    .where('users.disabled', '=', 0)
    .executeTakeFirst();
}

/** Uses the link if it is still usable; false when it was used (also by a concurrent request) or expired. */
export async function takeLink(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('passwordLinks')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new password makes the member's other open links useless. */
export async function retireLinksOf(db: Kysely<Database>, userId: string, now: string): Promise<void> {
  await db.updateTable('passwordLinks').set({ usedAt: now }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
}

export async function insertResetRequest(db: Db, rows: { id: string; key: string; requestedAt: string }[]): Promise<void> {
  await db.insertInto('passwordResetRequests').values(rows).execute();
}

/** Requests for a key since a moment, oldest first (the oldest tells when the limit lifts). */
export function recentResetRequests(db: Db, key: string, since: string) {
  return db.selectFrom('passwordResetRequests').select('requestedAt').where('key', '=', key).where('requestedAt', '>', since).orderBy('requestedAt').execute();
}

export async function pruneResetRecords(db: Db, requestsBefore: string, linksBefore: string): Promise<void> {
  await db.deleteFrom('passwordResetRequests').where('requestedAt', '<=', requestsBefore).execute();
  await db.deleteFrom('passwordLinks').where('expiresAt', '<=', linksBefore).execute();
}
