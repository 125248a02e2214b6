import type { Kysely } from 'kysely';
import type { ContributionsTable, Database, SettlementsTable } from '../db/schema.ts';

/** What each stay means for the accounts: who owes what, and what came in and how. */
export function listStayFacts(db: Kysely<Database>) {
  return db
    .selectFrom('bookings')
    .select(['userId', 'endDate as end', 'costCentimes', 'checkedOut', 'paid', 'paymentMethod'])
    .where('status', '=', 'confirmed')
    .execute();
}

export function listExpenseFacts(db: Kysely<Database>) {
  return db.selectFrom('expenses').select(['date', 'amountCentimes', 'category', 'recurring', 'paidById', 'verified']).execute();
}

export function listSettlements(db: Kysely<Database>) {
  return db
    .selectFrom('settlements')
    .innerJoin('users as member', 'member.id', 'settlements.userId')
    .innerJoin('users as recorder', 'recorder.id', 'settlements.recordedById')
    .selectAll('settlements')
    .select(['member.name as name', 'recorder.name as recordedByName'])
    .orderBy('settlements.createdAt', 'desc')
    .execute();
}

export async function insertSettlement(db: Kysely<Database>, row: SettlementsTable): Promise<void> {
  await db.insertInto('settlements').values(row).execute();
}

function selectContributions(db: Kysely<Database>) {
  return db.selectFrom('contributions').innerJoin('users', 'users.id', 'contributions.userId').selectAll('contributions').select('users.name as name');
}

export function listContributions(db: Kysely<Database>, year?: number) {
  let query = selectContributions(db);
  if (year !== undefined) query = query.where('contributions.year', '=', year);
  return query.orderBy('contributions.year').orderBy('users.name').execute();
}

export function findContribution(db: Kysely<Database>, id: string) {
  return selectContributions(db).where('contributions.id', '=', id).executeTakeFirst();
}

/** Inserts the year's contributions; one a co-owner has already is kept as it is. */
export async function insertContributions(db: Kysely<Database>, rows: ContributionsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('contributions')
    .values(rows)
    .onConflict((oc) => oc.columns(['year', 'userId']).doNothing())
    .execute();
}

/** Marks a contribution paid unless it is already; true when this call did it. */
export async function markContributionPaid(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const result = await db.updateTable('contributions').set({ paid: 1, paidAt: at }).where('id', '=', id).where('paid', '=', 0).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
