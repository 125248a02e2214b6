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
}

/** Inserts the claim unless the key exists already; true when this call claimed it. */
export async function insertClaim(db: Db, userId: string, key: string, requestHash: string, claimedAt: string): Promise<boolean> {
  const result = await db
    .insertInto('idempotencyKeys')
    .values({ userId, key, requestHash, claimedAt, responseStatus: null, responseType: null, responseBody: null })
    .onConflict((oc) => oc.columns(['userId', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findKey(db: Db, userId: string, key: string): Promise<KeyRecord | undefined> {
  const row = await db
    .selectFrom('idempotencyKeys')
    .select(['requestHash', 'claimedAt', 'responseStatus', 'responseType', 'responseBody'])
    .where('userId', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  const response = row.responseStatus === null ? null : { status: row.responseStatus, type: row.responseType, body: row.responseBody };
  return { requestHash: row.requestHash, claimedAt: row.claimedAt, response };
}

/** Takes over a claim whose request never answered; only one caller can win it. */
export async function retakeClaim(db: Db, userId: string, key: string, staleClaimedAt: string, claimedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotencyKeys')
    .set({ claimedAt })
    .where('userId', '=', userId)
    .where('key', '=', key)
    .where('claimedAt', '=', staleClaimedAt)
    .where('responseStatus', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function storeResponse(db: Db, userId: string, key: string, response: StoredResponse): Promise<void> {
  await db
    .updateTable('idempotencyKeys')
    .set({ responseStatus: response.status, responseType: response.type, responseBody: response.body })
    .where('userId', '=', userId)
    .where('key', '=', key)
    .execute();
}

export async function releaseClaim(db: Db, userId: string, key: string): Promise<void> {
  await db.deleteFrom('idempotencyKeys').where('userId', '=', userId).where('key', '=', key).where('responseStatus', 'is', null).execute();
}

export async function deleteKeysClaimedBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('idempotencyKeys').where('claimedAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
