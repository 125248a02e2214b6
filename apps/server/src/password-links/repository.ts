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

/** The member's open links stop working (a new password, a disabled account, a new invitation). */
export async function retireLinksOf(db: Kysely<Database>, userId: string, now: string): Promise<void> {
  await db.updateTable('passwordLinks').set({ usedAt: now }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
}

export async function pruneExpiredLinks(db: Db, expiredBefore: string): Promise<void> {
  await db.deleteFrom('passwordLinks').where('expiresAt', '<=', expiredBefore).execute();
}
