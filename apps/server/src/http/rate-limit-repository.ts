import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Takes a token from the key's bucket, in one atomic statement. The bucket holds `capacity`
 * tokens and gets one back every `windowMs / capacity`; its row keeps only the moment it is
 * full again. A token is there while that moment is no more than `windowMs` less one interval
 * ahead, and taking it moves the moment one interval on: so in any span of time T at most
 * `capacity + T / interval` requests get a token, across a minute's end too. A refusal changes
 * nothing. True when a token was taken.
 */
export async function takeToken(db: Kysely<Database>, key: string, now: number, capacity: number, windowMs: number): Promise<boolean> {
  const interval = windowMs / capacity;
  const row = await db
    .insertInto('rateLimits')
    .values({ key, fullAt: now + interval })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => ({
          fullAt: eb
            .case()
            .when('rateLimits.fullAt', '>', now)
            .then(eb('rateLimits.fullAt', '+', interval))
            .else(now + interval)
            .end(),
        }))
        .where('rateLimits.fullAt', '<=', now + windowMs - interval),
    )
    .returning('fullAt')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the key's bucket has a token now (a read: the answer may change before a take). */
export async function hasToken(db: Kysely<Database>, key: string, now: number, capacity: number, windowMs: number): Promise<boolean> {
  const row = await db.selectFrom('rateLimits').select('fullAt').where('key', '=', key).executeTakeFirst();
  return !row || row.fullAt <= now + windowMs - windowMs / capacity;
}

/** A full bucket is the same as none. */
export async function deleteFullBuckets(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('rateLimits').where('fullAt', '<=', now).execute();
}
