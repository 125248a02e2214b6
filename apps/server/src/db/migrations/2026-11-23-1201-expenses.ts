import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('expenses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('amount_centimes', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // Null: the house's own account paid.
    .addColumn('paid_by_id', 'text', (c) => c.references('users.id'))
    .addColumn('recurring', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('receipt_kind', 'text')
    // The receipt's key in the storage module's files table.
    .addColumn('receipt_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('expenses_date').on('expenses').column('date').execute();

  // Who changed what and when; kept after an expense is deleted, with the expense as it was.
  await db.schema
    .createTable('expense_changes')
    // A sequence, not the clock, orders the changes: two can share a millisecond.
    .addColumn('seq', postgres ? 'serial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('expense_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('expense_changes_expense').on('expense_changes').columns(['expense_id', 'seq']).execute();

  await db.schema
    .createTable('settlements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_centimes', 'integer', (c) => c.notNull())
    .addColumn('recorded_by_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contributions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount_centimes', 'integer', (c) => c.notNull())
    .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Issuing a year twice (two admins, a double tap) adds nothing.
    .addUniqueConstraint('contributions_year_user', ['year', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['contributions', 'settlements', 'expense_changes', 'expenses']) {
    await db.schema.dropTable(table).execute();
  }
}
