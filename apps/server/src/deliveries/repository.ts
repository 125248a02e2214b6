import type { UndeliverableReason } from '@rustico/core';
import type { NotNull } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DeliveriesTable } from '../db/schema.ts';

export type DeliveryRow = DeliveriesTable;

/** Claims a delivery under its unique key; false when it exists already (sent, or another process has it). */
export async function insertClaim(db: Db, row: Pick<DeliveryRow, 'key' | 'userId' | 'job' | 'claimedAt' | 'createdAt'>): Promise<boolean> {
  const result = await db
    .insertInto('deliveries')
    .values({ ...row, status: 'sending', attempts: 0, nextAttemptAt: null, sentAt: null, lastError: null, reason: null, dismissedAt: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Deliveries waiting for their next try (a failed email, a member no channel reached yet), and claims whose process stopped before finishing. */
export function listRetriable(db: Db, now: string, deadBefore: string) {
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['retry', 'undeliverable']), eb('nextAttemptAt', '<=', now)]),
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
  await db.updateTable('deliveries').set({ status: 'sent', sentAt, nextAttemptAt: null, lastError: null, reason: null }).where('key', '=', key).execute();
}

/** Nothing was sent: the message was no longer due, or no longer wanted. */
export async function markSkipped(db: Db, key: string): Promise<void> {
  await db.updateTable('deliveries').set({ status: 'skipped', nextAttemptAt: null }).where('key', '=', key).execute();
}

/** No channel reached the member; tried again at `nextAttemptAt`, or never when it is null. */
export async function markUndeliverable(db: Db, key: string, change: { reason: UndeliverableReason; nextAttemptAt: string | null }): Promise<void> {
  await db.updateTable('deliveries').set({ status: 'undeliverable', ...change }).where('key', '=', key).execute();
}

export async function markFailedAttempt(
  db: Db,
  key: string,
  change: { attempts: number; status: 'retry' | 'failed'; nextAttemptAt: string | null; lastError: string; sentAt: string | null },
): Promise<void> {
  await db.updateTable('deliveries').set(change).where('key', '=', key).execute();
}

export function findDelivery(db: Db, key: string) {
  return db.selectFrom('deliveries').selectAll().where('key', '=', key).executeTakeFirst();
}

/** A member's undeliverable messages they have not dismissed, newest first. */
export function listUndeliverable(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('deliveries')
    .select(['key', 'job', 'reason', 'createdAt'])
    .where('status', '=', 'undeliverable')
    .where('reason', 'is not', null)
    .$narrowType<{ reason: NotNull }>()
    .where('userId', '=', userId)
    .where('dismissedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('key')
    .limit(limit)
    .execute();
}

/** Dismisses a member's undeliverable messages: the ones named, or all; never another member's. */
export async function dismissUndeliverable(db: Db, userId: string, keys: string[] | undefined, at: string): Promise<void> {
  let query = db.updateTable('deliveries').set({ dismissedAt: at }).where('status', '=', 'undeliverable').where('userId', '=', userId).where('dismissedAt', 'is', null);
  if (keys) {
    if (keys.length === 0) return;
    query = query.where('key', 'in', keys);
  }
  await query.execute();
}

/** Finished deliveries older than a moment: their keys can no longer come due. */
export async function deleteFinishedBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('deliveries').where('status', 'in', ['sent', 'failed', 'skipped', 'undeliverable']).where('createdAt', '<', before).execute();
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
