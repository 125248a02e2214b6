import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ExpensesTable } from '../db/schema.ts';

export type ExpenseRow = Selectable<ExpensesTable> & { paidByName: string | null; authorName: string };

function selectExpenses(db: Kysely<Database>) {
  return db
    .selectFrom('expenses')
    .innerJoin('users as author', 'author.id', 'expenses.authorId')
    .leftJoin('users as payer', 'payer.id', 'expenses.paidById')
    .selectAll('expenses')
    .select(['author.name as authorName', 'payer.name as paidByName']);
}

/** The expenses of a year (or all of them), newest first. */
export function listExpenses(db: Kysely<Database>, year?: number): Promise<ExpenseRow[]> {
  let query = selectExpenses(db);
  if (year !== undefined) query = query.where('expenses.date', '>=', `${year}-01-01`).where('expenses.date', '<=', `${year}-12-31`);
  return query.orderBy('expenses.date', 'desc').orderBy('expenses.createdAt', 'desc').execute();
}

export function findExpense(db: Kysely<Database>, id: string): Promise<ExpenseRow | undefined> {
  return selectExpenses(db).where('expenses.id', '=', id).executeTakeFirst();
}

export async function insertExpense(db: Kysely<Database>, row: Insertable<ExpensesTable>): Promise<void> {
  await db.insertInto('expenses').values(row).execute();
}

/**
 * Changes an expense; with `onlyIfUnverified` the change happens only while no
 * admin has verified it, in the same statement, so a verification that lands
 * first wins. Returns whether a row changed.
 */
export async function updateExpense(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Omit<Selectable<ExpensesTable>, 'id' | 'authorId' | 'createdAt' | 'version'>>,
  onlyIfUnverified = false,
): Promise<boolean> {
  let query = db.updateTable('expenses').set(changes).where('id', '=', id);
  if (onlyIfUnverified) query = query.where('verified', '=', 0);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteExpense(db: Kysely<Database>, id: string, onlyIfUnverified = false): Promise<boolean> {
  let query = db.deleteFrom('expenses').where('id', '=', id);
  if (onlyIfUnverified) query = query.where('verified', '=', 0);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function memberExists(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').select('id').where('id', '=', id).where('disabled', '=', 0).executeTakeFirst();
}
