import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Every editable thing carries a version, +1 on every change, so an edit made on what someone
 * saw can be refused when it changed meanwhile (If-Match, STALE_EDIT). Triggers bump it: no
 * writer (a request, the command line, an import) can forget to. A member's version counts what
 * others see and edit of them, not their last visit or their password; the settings' counts
 * their value (the house rules are one).
 */
const versioned: { table: string; key: string; of?: string }[] = [
  { table: 'bookings', key: 'id' },
  { table: 'expenses', key: 'id' },
  { table: 'notes', key: 'id' },
  { table: 'users', key: 'id', of: 'name, email, role, colour, hidden, disabled, photo, language' },
  { table: 'settings', key: 'key', of: 'value' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table } of versioned) {
    await db.schema.alterTable(table).addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  }
  if (postgres) {
    await sql`create function bump_version() returns trigger language plpgsql as $$
      begin
        new.version := old.version + 1;
        return new;
      end $$`.execute(db);
    for (const { table, of } of versioned) {
      await sql`create trigger ${sql.id(`${table}_version`)} before update ${sql.raw(of ? `of ${of}` : '')} on ${sql.table(table)}
        for each row execute function bump_version()`.execute(db);
    }
    return;
  }
  // SQLite: after the update, one more on the same row (triggers do not fire themselves again).
  for (const { table, key, of } of versioned) {
    await sql`create trigger ${sql.id(`${table}_version`)} after update ${sql.raw(of ? `of ${of}` : '')} on ${sql.table(table)}
      for each row begin update ${sql.table(table)} set version = old.version + 1 where ${sql.ref(key)} = new.${sql.ref(key)}; end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table } of versioned) {
    await sql`drop trigger ${sql.id(`${table}_version`)}${postgres ? sql` on ${sql.table(table)}` : sql``}`.execute(db);
    await db.schema.alterTable(table).dropColumn('version').execute();
  }
  if (postgres) await sql`drop function bump_version()`.execute(db);
}
