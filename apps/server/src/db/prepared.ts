import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * A query whose SQL is built once per database and afterwards only run with
 * new values. Kysely otherwise builds the query, rewrites it (CamelCasePlugin)
 * and compiles the SQL on every call: for the queries every request makes
 * (the session) or every screen opens, that was the largest part of the time
 * spent in our own code. The arguments must be values in the query; a query
 * whose shape depends on them needs one prepared query per shape.
 */
export function prepared<Args extends unknown[], Row>(build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>) {
  const compiled = new WeakMap<Kysely<Database>, { query: CompiledQuery<Row>; slots: (number | null)[] }>();
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
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
