import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Between stays (issue 42): the house's supplies with their state and who brings them, its work
 * (one-off and yearly tasks, each completion kept), and what a guest hands over at check-out.
 * Supplies and tasks carry a version bumped by a trigger, as every editable thing does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('supplies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('ok'))
    .addColumn('claimed_by_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('claimed_at', 'text')
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('yearly', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('to_date', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('photo_key', 'text')
    .addColumn('done_at', 'text')
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('tasks_window').on('tasks').columns(['done_at', 'to_date']).execute();
  await db.schema
    .createTable('task_completions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('by_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('photo_key', 'text')
    .addColumn('window_from', 'text', (c) => c.notNull())
    .addColumn('window_to', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('task_completions_task').on('task_completions').columns(['task_id', 'at']).execute();
  await db.schema
    .createTable('handovers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().unique().references('bookings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('note', 'text')
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('handovers_date').on('handovers').columns(['date']).execute();

  for (const table of ['supplies', 'tasks']) {
    if (postgres) {
      await sql`create trigger ${sql.id(`${table}_version`)} before update on ${sql.table(table)} for each row execute function bump_version()`.execute(db);
    } else {
      await sql`create trigger ${sql.id(`${table}_version`)} after update on ${sql.table(table)}
        for each row begin update ${sql.table(table)} set version = old.version + 1 where id = new.id; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('handovers').execute();
  await db.schema.dropTable('task_completions').execute();
  await db.schema.dropTable('tasks').execute();
  await db.schema.dropTable('supplies').execute();
}
