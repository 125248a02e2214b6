import type { Kysely } from 'kysely';
import type { Database, TurnPassesTable, TurnRoundsTable } from '../db/schema.ts';

export type TurnRoundRow = TurnRoundsTable & { openedByName: string | null };

function rounds(db: Kysely<Database>) {
  return db.selectFrom('turnRounds').leftJoin('users', 'users.id', 'turnRounds.openedBy').selectAll('turnRounds').select('users.name as openedByName');
}

export function findRound(db: Kysely<Database>, id: string): Promise<TurnRoundRow | undefined> {
  return rounds(db).where('turnRounds.id', '=', id).executeTakeFirst();
}

/** Rounds not closed whose range shares a day with from..to (both included). */
export function listOpenRoundsTouching(db: Kysely<Database>, from: string, to: string): Promise<TurnRoundRow[]> {
  return rounds(db)
    .where('turnRounds.closedAt', 'is', null)
    .where('turnRounds.fromDate', '<=', to)
    .where('turnRounds.toDate', '>=', from)
    .orderBy('turnRounds.fromDate')
    .execute();
}

/** Rounds whose range has not ended by `day`, by start. */
export function listRoundsEndingFrom(db: Kysely<Database>, day: string): Promise<TurnRoundRow[]> {
  return rounds(db).where('turnRounds.toDate', '>=', day).orderBy('turnRounds.fromDate').orderBy('turnRounds.openedAt').execute();
}

/** The last round that began before `day`: the order Rustico rotates for the next. */
export function findRoundBefore(db: Kysely<Database>, day: string): Promise<TurnRoundRow | undefined> {
  return rounds(db).where('turnRounds.fromDate', '<', day).orderBy('turnRounds.fromDate', 'desc').orderBy('turnRounds.openedAt', 'desc').limit(1).executeTakeFirst();
}

export function listPasses(db: Kysely<Database>, roundIds: string[]): Promise<TurnPassesTable[]> {
  if (roundIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('turnPasses').selectAll().where('roundId', 'in', roundIds).execute();
}

export async function insertRound(db: Kysely<Database>, row: TurnRoundsTable): Promise<void> {
  await db.insertInto('turnRounds').values(row).execute();
}

/** False when the turn has ended already (a concurrent skip or booking was first). */
export async function insertPass(db: Kysely<Database>, row: TurnPassesTable): Promise<boolean> {
  const result = await db
    .insertInto('turnPasses')
    .values(row)
    .onConflict((oc) => oc.columns(['roundId', 'position']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function closeRound(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const result = await db.updateTable('turnRounds').set({ closedAt: at }).where('id', '=', id).where('closedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
