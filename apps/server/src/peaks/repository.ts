import type { Kysely } from 'kysely';
import type { Database, PeakPeriodsTable } from '../db/schema.ts';

export function listPeakPeriods(db: Kysely<Database>) {
  return db.selectFrom('peakPeriods').selectAll().orderBy('fromDay').orderBy('name').execute();
}

export function findPeakPeriod(db: Kysely<Database>, id: string) {
  return db.selectFrom('peakPeriods').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPeakPeriodByName(db: Kysely<Database>, name: string) {
  return db.selectFrom('peakPeriods').selectAll().where('name', '=', name).executeTakeFirst();
}

/** False when the name is taken (also by a concurrent insert). */
export async function insertPeakPeriod(db: Kysely<Database>, row: PeakPeriodsTable): Promise<boolean> {
  const result = await db
    .insertInto('peakPeriods')
    .values(row)
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function updatePeakPeriod(db: Kysely<Database>, id: string, changes: Pick<PeakPeriodsTable, 'name' | 'fromDay' | 'toDay' | 'year'>): Promise<void> {
  await db.updateTable('peakPeriods').set(changes).where('id', '=', id).execute();
}

export async function deletePeakPeriod(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('peakPeriods').where('id', '=', id).execute();
}
