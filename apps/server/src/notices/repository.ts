import type { Kysely } from 'kysely';
import type { Database, NoticesTable } from '../db/schema.ts';

/** False when a notice with this key exists already (sent by another process or run). */
export async function insertNotice(db: Kysely<Database>, row: NoticesTable): Promise<boolean> {
  const result = await db
    .insertInto('notices')
    .values(row)
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findNotice(db: Kysely<Database>, id: string) {
  return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listNotices(db: Kysely<Database>, userId: string, limit: number) {
  return db.selectFrom('notices').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function countUnread(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function markRead(db: Kysely<Database>, userId: string, ids: string[] | undefined, at: string): Promise<void> {
  let query = db.updateTable('notices').set({ readAt: at }).where('userId', '=', userId).where('readAt', 'is', null);
  if (ids) {
    if (ids.length === 0) return;
    query = query.where('id', 'in', ids);
  }
  await query.execute();
}
