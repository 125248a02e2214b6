import type { Db } from '../db/database.ts';

const columns = ['day', 'status', 'claimedAt', 'finishedAt', 'file', 'bytes', 'error'] as const;

/**
 * Claims a day's backup: the row's insert (the day is the key) succeeds for one process only.
 * A claim left running by a process that died (older than `staleBefore`), or a failure older
 * than `retryBefore`, is taken over by one conditional update.
 */
export async function claimDay(db: Db, day: string, now: string, staleBefore: string, retryBefore: string): Promise<boolean> {
  const inserted = await db
    .insertInto('backups')
    .values({ day, status: 'running', claimedAt: now, finishedAt: null, file: null, bytes: null, error: null })
    .onConflict((oc) => oc.column('day').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const taken = await db
    .updateTable('backups')
    .set({ status: 'running', claimedAt: now, finishedAt: null, error: null })
    .where('day', '=', day)
    .where((eb) => eb.or([eb.and([eb('status', '=', 'running'), eb('claimedAt', '<', staleBefore)]), eb.and([eb('status', '=', 'failed'), eb('finishedAt', '<', retryBefore)])]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

export async function finishDay(db: Db, day: string, result: { status: 'ok' | 'failed'; finishedAt: string; file: string | null; bytes: number | null; error: string | null }): Promise<void> {
  await db.updateTable('backups').set(result).where('day', '=', day).execute();
}

export function lastRun(db: Db) {
  return db.selectFrom('backups').select(columns).orderBy('claimedAt', 'desc').limit(1).executeTakeFirst();
}

export function lastGoodRun(db: Db) {
  return db.selectFrom('backups').select(columns).where('status', '=', 'ok').orderBy('finishedAt', 'desc').limit(1).executeTakeFirst();
}

export function runOf(db: Db, day: string) {
  return db.selectFrom('backups').select(columns).where('day', '=', day).executeTakeFirst();
}

export function activeAdmins(db: Db) {
  return db.selectFrom('users').selectAll().where('disabled', '=', 0).where('role', 'in', ['admin', 'superadmin']).orderBy('name').execute();
}
