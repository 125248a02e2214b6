import type { Db } from '../db/database.ts';

/** Adds one to a key's counter for a window and returns the new count, atomically in one statement. */
export async function countWrite(db: Db, key: string, windowStart: string): Promise<number> {
  const row = await db
    .insertInto('writeCounters')
    .values({ key, windowStart, count: 1 })
    .onConflict((oc) => oc.columns(['key', 'windowStart']).doUpdateSet((eb) => ({ count: eb('writeCounters.count', '+', 1) })))
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteWriteCountersBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('writeCounters').where('windowStart', '<', before).execute();
}
