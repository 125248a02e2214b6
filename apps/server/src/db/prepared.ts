import { CamelCasePlugin, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { sqliteOf } from './database.ts';
import type { SqliteStatement } from './sqlite-driver.ts';

/** The same snake_case → camelCase names as the CamelCasePlugin every database uses. */
class ColumnNames extends CamelCasePlugin {
  toProperty(column: string): string {
    return this.camelCase(column);
  }
}
const names = new ColumnNames();

/**
 * Rows of a SQLite statement in raw mode (arrays) made into objects by a function written once
 * for its columns: better-sqlite3 builds row objects property by property through V8's API,
 * which for a month of bookings (39 columns a row) cost more than running the query.
 */
function rowBuilder(statement: SqliteStatement): (values: unknown[]) => Record<string, unknown> {
  const properties = statement.columns().map((column, i) => `${JSON.stringify(names.toProperty(column.name))}: values[${i}]`);
  return new Function('values', `return { ${properties.join(', ')} };`) as (values: unknown[]) => Record<string, unknown>;
}

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each parameter of the SQL, the argument it takes, or null for a constant of the query. */
  slots: (number | null)[];
  /** SQLite: the statement in raw mode and its row builder, made on first use. */
  sqlite?: { statement: SqliteStatement; build: (values: unknown[]) => Record<string, unknown> };
}

/**
 * A query whose SQL is built once per database and afterwards only run with
 * new values. Kysely otherwise builds the query, rewrites it (CamelCasePlugin)
 * and compiles the SQL on every call: for the queries every request makes
 * (the session) or every screen opens, that was the largest part of the time
 * spent in our own code. The arguments must be values in the query; a query
 * whose shape depends on them needs one prepared query per shape.
 *
 * On SQLite, outside a transaction, the statement runs at once on the connection rather than
 * through Kysely's queue, promise and result plugins: the same SQL on the same connection, so
 * it reads what any other query would. Inside a transaction (another request's, between two of
 * its statements) it waits its turn through Kysely, and never reads uncommitted rows.
 */
export function prepared<Args extends unknown[], Row>(build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>) {
  const compiled = new WeakMap<Kysely<Database>, Compiled<Row>>();
  return async (db: Kysely<Database>, ...args: Args): Promise<Row[]> => {
    let entry = compiled.get(db);
    if (!entry) {
      const markers = args.map((_, i) => `\u0000argument ${i}\u0000`);
      const query = build(db, ...(markers as Args)).compile();
      const slots = query.parameters.map((value) => (typeof value === 'string' && markers.includes(value) ? markers.indexOf(value) : null));
      const unused = markers.findIndex((_, i) => !slots.includes(i));
      if (unused >= 0) throw new Error(`prepared query: argument ${unused} is not a value of the query`);
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, i) => (slots[i] === null ? value : args[slots[i]!]));
    const sqlite = sqliteOf(db);
    if (sqlite && !sqlite.inTransaction) {
      if (!entry.sqlite) {
        const statement = sqlite.prepare(query.sql).raw(true);
        entry.sqlite = { statement, build: rowBuilder(statement) };
      }
      return (entry.sqlite.statement.all(parameters) as unknown[][]).map(entry.sqlite.build) as Row[];
    }
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
