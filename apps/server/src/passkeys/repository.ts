import type { Db } from '../db/database.ts';
import type { PasskeyChallengesTable, PasskeysTable } from '../db/schema.ts';

export type PasskeyRow = Omit<PasskeysTable, 'counter'> & { counter: number };
export type ChallengeRow = PasskeyChallengesTable;

const withCounter = <T extends { counter: number | string }>(row: T): T & { counter: number } => ({ ...row, counter: Number(row.counter) });

export async function insertPasskey(db: Db, passkey: PasskeyRow): Promise<void> {
  await db.insertInto('passkeys').values(passkey).execute();
}

export async function passkeysOf(db: Db, userId: string): Promise<PasskeyRow[]> {
  const rows = await db.selectFrom('passkeys').selectAll().where('userId', '=', userId).orderBy('createdAt').orderBy('id').execute();
  return rows.map(withCounter);
}

/** A passkey with what a sign-in needs of its member. */
export async function findPasskeyWithUser(db: Db, id: string) {
  const row = await db
    .selectFrom('passkeys')
    .innerJoin('users', 'users.id', 'passkeys.userId')
    .selectAll('passkeys')
    .select(['users.email', 'users.disabled'])
    .where('passkeys.id', '=', id)
    .executeTakeFirst();
  return row && withCounter(row);
}

export async function findPasskey(db: Db, id: string): Promise<PasskeyRow | undefined> {
  const row = await db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
  return row && withCounter(row);
}

/**
 * The signature counter moves forward and the use is recorded, unless another sign-in from the
 * same counter got there first (a copy of the authenticator racing the original): false then.
 * Synced passkeys keep no counter (always 0) and always pass.
 */
export async function recordUse(db: Db, id: string, fromCounter: number, toCounter: number, at: string): Promise<boolean> {
  const result = await db.updateTable('passkeys').set({ counter: toCounter, lastUsedAt: at }).where('id', '=', id).where('counter', '=', fromCounter).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countPasskeysOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many passkeys each member has (members without any are absent). */
export async function passkeyCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('passkeys')
    .select(['userId', (eb) => eb.fn.countAll<string | number>().as('count')])
    .groupBy('userId')
    .execute();
  return new Map(rows.map((row) => [row.userId, Number(row.count)]));
}

/** Removes passkeys; the sessions signed in with them go in the same statement (cascade). */
export async function deletePasskeys(db: Db, userId: string, id?: string): Promise<number> {
  let query = db.deleteFrom('passkeys').where('userId', '=', userId);
  if (id !== undefined) query = query.where('id', '=', id);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Hands out a challenge; the requester's older ones beyond the latest `keep` are dropped, so a
 * flood of requests holds a few rows per requester, never one per request.
 */
export async function insertChallenge(db: Db, challenge: ChallengeRow, keep: number): Promise<void> {
  await db.insertInto('passkeyChallenges').values(challenge).execute();
  await db
    .deleteFrom('passkeyChallenges')
    .where('requester', '=', challenge.requester)
    .where('challenge', 'not in', (eb) =>
      eb.selectFrom('passkeyChallenges').select('challenge').where('requester', '=', challenge.requester).orderBy('createdAt', 'desc').orderBy('challenge').limit(keep),
    )
    .execute();
}

/** Takes a challenge: it is gone for whoever comes next (expired or not), across processes. */
export async function takeChallenge(db: Db, challenge: string, purpose: ChallengeRow['purpose']): Promise<ChallengeRow | undefined> {
  return db.deleteFrom('passkeyChallenges').where('challenge', '=', challenge).where('purpose', '=', purpose).returningAll().executeTakeFirst();
}

export async function deleteExpiredChallenges(db: Db, now: string): Promise<void> {
  await db.deleteFrom('passkeyChallenges').where('expiresAt', '<=', now).execute();
}
