import fs from 'node:fs';
import path from 'node:path';
import {
  CamelCasePlugin,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteQueryCompiler,
  sql,
  type LimitNode,
  type Migration,
  type MigrationResultSet,
  type QueryCompiler,
  type SqliteDialectConfig,
} from 'kysely';
import { withCommitMarks } from './commit-marks.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { SqliteDatabase, type SqliteStatement } from './sqlite-driver.ts';

export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';

export interface DbTarget {
  /** postgres://… selects PostgreSQL; otherwise the SQLite file at sqlitePath. */
  databaseUrl?: string | undefined;
  sqlitePath: string;
}

export function dialectOf(target: DbTarget): DbDialect {
  return target.databaseUrl ? 'postgres' : 'sqlite';
}

export function sqlitePathIn(dataDir: string): string {
  return path.join(dataDir, 'rustico.sqlite');
}

export function openSqlite(file: string): SqliteDatabase {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // The CLI and the server may write at the same moment; wait rather than fail.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return sqlite;
}

/** Enough for every query the app writes; a flood of one-off statements just starts it over. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; compiling the SQL was the largest single
 * cost of a request. Prepared statements are kept by their text instead (safe:
 * the driver runs one statement at a time, and SQLite re-prepares a statement
 * whose tables a migration changed).
 */
function withStatementCache(sqlite: SqliteDatabase): SqliteDialectConfig['database'] {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * SQLite plans a statement with the value bound to a bare `LIMIT ?` (3.53 does), so it marks the
 * statement stale whenever a value is bound and parses and plans it again on every run: that was
 * half the time of a health check and of every other query with a limit. To SQLite `LIMIT +?` is
 * the same limit, a parameter it does not look into.
 */
class SqliteCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit +');
    this.visitNode(node.limit);
  }
}

class Sqlite extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new SqliteCompiler();
  }
}

/** The SQLite connection behind each database made here, for the prepared queries' direct path (prepared.ts). */
const sqliteConnections = new WeakMap<Kysely<Database>, SqliteDatabase>();

/** The SQLite connection of a database made by createDb; none on PostgreSQL or for a transaction. */
export function sqliteOf(db: Kysely<Database>): SqliteDatabase | undefined {
  return sqliteConnections.get(db);
}

export function createDb(target: DbTarget): Db {
  const plugins = [new CamelCasePlugin()];
  if (target.databaseUrl) {
    const { databaseUrl } = target;
    // pg is loaded with the first query, and only by a house on PostgreSQL.
    const pool = async () => {
      const { default: pg } = await import('pg');
      const created = new pg.Pool({ connectionString: databaseUrl, max: 10 });
      // An idle connection the server drops (restart, failover) must not take the process down;
      // the pool opens a new one for the next query.
      created.on('error', (error) => console.error(JSON.stringify({ level: 50, msg: 'idle PostgreSQL connection lost', err: error.message })));
      return created;
    };
    return new Kysely<Database>({ dialect: withCommitMarks(new PostgresDialect({ pool })), plugins });
  }
  const sqlite = openSqlite(target.sqlitePath);
  const db = new Kysely<Database>({ dialect: withCommitMarks(new Sqlite({ database: withStatementCache(sqlite) })), plugins });
  sqliteConnections.set(db, sqlite);
  return db;
}

/** A migration failed: nothing of this start's migrations was kept, and the message says what to do. */
export class MigrationFailed extends Error {}

/**
 * Brings the database to the current version, all or nothing: the pending migrations run in one
 * transaction (Kysely's own on PostgreSQL; on SQLite, which Kysely runs without one, a
 * `begin immediate` around them), so one that fails leaves the database as it was, and the
 * server refuses to start with a message that says to back up first, then to fix.
 */
export async function migrateToLatest(db: Db, options: { migrations?: Record<string, Migration> } = {}): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => options.migrations ?? migrations },
    // Names carry the issue they came with (…-1101-…), not the order they landed in: a house
    // migrated before an earlier-numbered one was merged runs it on its next start.
    allowUnorderedMigrations: true,
  });
  const sqlite = !isPostgres(db);
  // SQLite's one connection holds the transaction; the migrator's statements run inside it.
  if (sqlite) await sql`begin immediate`.execute(db);
  let result: MigrationResultSet;
  try {
    result = await migrator.migrateToLatest();
  } catch (error) {
    if (sqlite) await sql`rollback`.execute(db);
    throw error;
  }
  if (result.error) {
    if (sqlite) await sql`rollback`.execute(db);
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new MigrationFailed(
      `Database migration ${failed} failed: ${reason}\n` +
        'The database was left as it was: none of this version\'s migrations were kept.\n' +
        'Back it up before anything else (npm run cli -- backup <file>, or pg_dump on PostgreSQL), then fix the cause, ' +
        'or go back to the previous version of Rustico, which still reads this database.',
      { cause: result.error },
    );
  }
  if (sqlite) await sql`commit`.execute(db);
  return result;
}

/**
 * How much room the house's database takes, in bytes: SQLite's pages (the file once the WAL is
 * folded in; photos and receipts included), or PostgreSQL's own count of the database.
 */
export async function databaseBytes(db: Db): Promise<number> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ bytes: string }>`select pg_database_size(current_database())::text as bytes`.execute(db);
    return Number(rows[0]?.bytes ?? 0);
  }
  const { rows } = await sql<{ bytes: number }>`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}

/** Whether a database (or a transaction of it) is PostgreSQL. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
