import type { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';

export interface StoredResponse {
  status: number;
  type: string | null;
  body: string | null;
}

export interface KeyRecord {
  requestHash: string;
  claimedAt: string;
  response: StoredResponse | null;
  appliedAt: string | null;
  createdId: string | null;
}

const unanswered = { responseStatus: null, responseType: null, responseBody: null, appliedAt: null, createdId: null };

/** Inserts the claim unless the key exists already; true when this call claimed it. */
export async function insertClaim(db: Db, userId: string, key: string, requestHash: string, claimedAt: string): Promise<boolean> {
  const result = await db
    .insertInto('idempotencyKeys')
    .values({ userId, key, requestHash, claimedAt, ...unanswered })
    .onConflict((oc) => oc.columns(['userId', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findKey(db: Db, userId: string, key: string): Promise<KeyRecord | undefined> {
  const row = await db
    .selectFrom('idempotencyKeys')
    .select(['requestHash', 'claimedAt', 'responseStatus', 'responseType', 'responseBody', 'appliedAt', 'createdId'])
    .where('userId', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  const response = row.responseStatus === null ? null : { status: row.responseStatus, type: row.responseType, body: row.responseBody };
  return { requestHash: row.requestHash, claimedAt: row.claimedAt, response, appliedAt: row.appliedAt, createdId: row.createdId };
}

/** Takes over a claim whose request died before its write committed; only one caller can win it. */
export async function retakeClaim(db: Db, userId: string, key: string, staleClaimedAt: string, claimedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotencyKeys')
    .set({ claimedAt })
    .where('userId', '=', userId)
    .where('key', '=', key)
    .where('claimedAt', '=', staleClaimedAt)
    .where('responseStatus', 'is', null)
    .where('appliedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Makes an expired key new again for another request; only one caller can win it. */
export async function renewClaim(db: Db, userId: string, key: string, expiredClaimedAt: string, requestHash: string, claimedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotencyKeys')
    .set({ requestHash, claimedAt, ...unanswered })
    .where('userId', '=', userId)
    .where('key', '=', key)
    .where('claimedAt', '=', expiredClaimedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks the claim applied, for the transaction of the request's write to run on its own
 * connection (db/commit-marks.ts). It changes no row when the claim is no longer this request's.
 */
export function markAppliedStatement(db: Db, userId: string, key: string, claimedAt: string, appliedAt: string, createdId: string | null): CompiledQuery {
  return db
    .updateTable('idempotencyKeys')
    .set((eb) => ({ appliedAt: eb.fn.coalesce('appliedAt', eb.val(appliedAt)), createdId: eb.fn.coalesce('createdId', eb.val(createdId)) }))
    .where('userId', '=', userId)
    .where('key', '=', key)
    .where('claimedAt', '=', claimedAt)
    .where('responseStatus', 'is', null)
    .compile();
}

/** Stores the answer of the claim made at `claimedAt`, unless another request has taken it over. */
export async function storeResponse(db: Db, userId: string, key: string, claimedAt: string, response: StoredResponse): Promise<void> {
  await db
    .updateTable('idempotencyKeys')
    .set({ responseStatus: response.status, responseType: response.type, responseBody: response.body })
    .where('userId', '=', userId)
    .where('key', '=', key)
    .where('claimedAt', '=', claimedAt)
    .where('responseStatus', 'is', null)
    .execute();
}

/** Lets the key be used again when its request wrote nothing; false when it did (or the claim is not ours). */
export async function releaseClaim(db: Db, userId: string, key: string, claimedAt: string): Promise<boolean> {
  const result = await db
    .deleteFrom('idempotencyKeys')
    .where('userId', '=', userId)
    .where('key', '=', key)
    .where('claimedAt', '=', claimedAt)
    .where('responseStatus', 'is', null)
    .where('appliedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteKeysClaimedBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('idempotencyKeys').where('claimedAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
