import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A number that grows with every change to what the cached lists show (db/unchanged.ts): the
 * bookings and notes, their reactions, and the members' names, colours, faces and visibility.
 * Triggers bump it, so no writer (a request, the command line, an import) can forget to.
 *
 * On PostgreSQL the bump waits for the commit (a deferred constraint trigger): the row's lock is
 * then taken last, after every other lock of the transaction, so two writers never wait on each
 * other through it; and the new number becomes visible with the data it stands for.
 */
const watched: { table: string; update?: string }[] = [
  { table: 'bookings' },
  { table: 'notes' },
  { table: 'note_reactions' },
  { table: 'users', update: 'update of name, colour, hidden, photo' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('lists_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into lists_version (id, version) values (1, 0)`.execute(db);
  if (postgres) {
    await sql`create function bump_lists_version() returns trigger language plpgsql as $$
      begin
        update lists_version set version = version + 1;
        return null;
      end $$`.execute(db);
    for (const { table, update = 'update' } of watched) {
      await sql`create constraint trigger ${sql.id(`${table}_lists_version`)}
        after insert or delete or ${sql.raw(update)} on ${sql.table(table)}
        deferrable initially deferred for each row execute function bump_lists_version()`.execute(db);
    }
    return;
  }
  for (const { table, update = 'update' } of watched) {
    for (const event of ['insert', 'delete', update]) {
      const name = `${table}_${event.split(' ')[0]}_lists_version`;
      await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update lists_version set version = version + 1; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table, update = 'update' } of watched) {
    const names = postgres ? [`${table}_lists_version`] : ['insert', 'delete', update].map((event) => `${table}_${event.split(' ')[0]}_lists_version`);
    for (const name of names) await sql`drop trigger ${sql.id(name)}${postgres ? sql` on ${sql.table(table)}` : sql``}`.execute(db);
  }
  if (postgres) await sql`drop function bump_lists_version()`.execute(db);
  await db.schema.dropTable('lists_version').execute();
}
