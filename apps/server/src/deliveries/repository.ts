import type { Db } from '../db/database.ts';
import type { DeliveriesTable } from '../db/schema.ts';

export type DeliveryRow = DeliveriesTable;

/** Claims a delivery under its unique key; false when it exists already (sent, or another process has it). */
export async function insertClaim(db: Db, row: Pick<DeliveryRow, 'key' | 'userId' | 'job' | 'claimedAt' | 'createdAt'>): Promise<boolean> {
  const result = await db
    .insertInto('deliveries')
    .values({ ...row, status: 'sending', attempts: 0, nextAttemptAt: null, sentAt: null, lastError: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Deliveries waiting for their next try, and claims whose process stopped before finishing. */
export function listRetriable(db: Db, now: string, deadBefore: string) {
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'retry'), eb('nextAttemptAt', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('claimedAt', '<=', deadBefore)]),
      ]),
    )
    .orderBy('createdAt')
    .limit(100)
    .execute();
}

/** Takes a delivery over from the state it was seen in; false when another process was first. */
export async function reclaim(db: Db, seen: Pick<DeliveryRow, 'key' | 'status' | 'claimedAt'>, claimedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('deliveries')
    .set({ status: 'sending', claimedAt })
    .where('key', '=', seen.key)
    .where('status', '=', seen.status)
    .where('claimedAt', '=', seen.claimedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markSent(db: Db, key: string, sentAt: string): Promise<void> {
  await db.updateTable('deliveries').set({ status: 'sent', sentAt, lastError: null }).where('key', '=', key).execute();
}

export async function markFailedAttempt(
  db: Db,
  key: string,
  change: { attempts: number; status: 'retry' | 'failed'; nextAttemptAt: string | null; lastError: string },
): Promise<void> {
  await db.updateTable('deliveries').set(change).where('key', '=', key).execute();
}

export function findDelivery(db: Db, key: string) {
  return db.selectFrom('deliveries').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Finished deliveries older than a moment: their keys can no longer come due. */
export async function deleteFinishedBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('deliveries').where('status', 'in', ['sent', 'failed']).where('createdAt', '<', before).execute();
}

/** How many deliveries under a key's beginning were made since an instant. */
export async function countSince(db: Db, keyPrefix: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('key', 'like', `${keyPrefix}%`)
    .where('createdAt', '>=', since)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
