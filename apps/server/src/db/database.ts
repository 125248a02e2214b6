import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationResultSet } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

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

export function openSqlite(file: string): SqliteDatabase.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // The CLI and the server may write at the same moment; wait rather than fail.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return sqlite;
}

export function createDb(target: DbTarget): Db {
  const plugins = [new CamelCasePlugin()];
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover) must not take the process down;
    // the pool opens a new one for the next query.
    pool.on('error', (error) => console.error(JSON.stringify({ level: 50, msg: 'idle PostgreSQL connection lost', err: error.message })));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(target.sqlitePath) }), plugins });
}

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}
