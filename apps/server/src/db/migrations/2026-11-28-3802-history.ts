import { PostgresAdapter, sql, type Kysely } from 'kysely';

type Value = string | number | boolean | null;

/**
 * The history of every change (history/): who, when, what, and each field's value before and
 * after, written in the transaction of the change. The expenses' own history (a snapshot per
 * change) moves in, its snapshots turned into the fields that changed between them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('changes')
    // A sequence, not the clock, orders the changes: two can share a millisecond.
    .addColumn('seq', postgres ? 'serial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('by_id', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('changes_subject').on('changes').columns(['subject', 'subject_id', 'seq']).execute();
  await db.schema.createIndex('changes_by').on('changes').columns(['by_id', 'seq']).execute();

  // Aliases without underscores: the server's connection (CamelCasePlugin) renames result columns,
  // and `expense_id` came back as `expenseId`, so a house with expenses could not upgrade (found by
  // db/upgrade.test.ts on a database of commit aa509a0).
  const old = await sql<{ expense_id: string; user_id: string; action: string; snapshot: string; at: string }>`
    select expense_id as expenseid, user_id as userid, action, snapshot, at from expense_changes order by seq`.execute(db);
  const rows = old.rows.map((r) => {
    const row = r as unknown as Record<string, string>;
    return { expense_id: row.expenseid!, user_id: row.userid!, action: row.action!, snapshot: row.snapshot!, at: row.at! };
  });
  const last = new Map<string, Record<string, Value>>();
  for (const row of rows) {
    const snapshot = JSON.parse(row.snapshot) as Record<string, unknown>;
    const after = expenseFields(snapshot);
    const before = last.get(row.expense_id) ?? null;
    const fields = row.action === 'deleted' ? diff(after, null) : diff(before, after);
    last.set(row.expense_id, after);
    await sql`insert into changes (at, by_id, subject, subject_id, owner_id, action, label, fields)
      values (${row.at}, ${row.user_id}, 'expense', ${row.expense_id}, ${String(snapshot.authorId ?? '') || null}, ${row.action}, ${String(snapshot.description ?? '')}, ${JSON.stringify(fields)})`.execute(db);
  }
  await db.schema.dropTable('expense_changes').execute();
}

/** What the history keeps of an expense (history/fields.ts names the same). */
function expenseFields(expense: Record<string, unknown>): Record<string, Value> {
  const receipt = expense.receipt as { kind?: string } | null | undefined;
  return {
    date: (expense.date as string) ?? null,
    amountCentimes: (expense.amountCentimes as number) ?? null,
    category: (expense.category as string) ?? null,
    description: (expense.description as string) ?? null,
    paidBy: (expense.paidByName as string | null) ?? null,
    recurring: (expense.recurring as boolean) ?? null,
    verified: (expense.verified as boolean) ?? null,
    receipt: receipt?.kind ?? null,
  };
}

function diff(before: Record<string, Value> | null, after: Record<string, Value> | null): Record<string, { from: Value; to: Value }> {
  const fields: Record<string, { from: Value; to: Value }> = {};
  for (const name of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const from = before?.[name] ?? null;
    const to = after?.[name] ?? null;
    if (from !== to) fields[name] = { from, to };
  }
  return fields;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('expense_changes')
    .addColumn('seq', postgres ? 'serial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('expense_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('expense_changes_expense').on('expense_changes').columns(['expense_id', 'seq']).execute();
  await db.schema.dropTable('changes').execute();
}
