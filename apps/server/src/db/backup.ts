import fs from 'node:fs';
import path from 'node:path';
import { openSqlite } from './database.ts';
import { SqliteDatabase } from './sqlite-driver.ts';

/**
 * A consistent copy of the SQLite database while the app runs: SQLite's
 * online backup restarts whenever another connection writes, so the copy holds
 * every write committed before it finished.
 */
export async function backupSqlite(databaseFile: string, target: string): Promise<void> {
  if (!fs.existsSync(databaseFile)) throw new Error(`There is no database at ${databaseFile}`);
  if (fs.existsSync(target)) throw new Error(`${target} exists already: choose a new file name`);
  const source = openSqlite(databaseFile);
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
}

/** Refuses anything that is not an intact Rustico database. */
function checkBackup(file: string): void {
  if (!fs.existsSync(file)) throw new Error(`There is no file ${file}`);
  let candidate: SqliteDatabase;
  try {
    candidate = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  } catch {
    throw new Error(`${file} is not a SQLite database`);
  }
  try {
    const integrity = candidate.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`${file} is damaged: ${String(integrity)}`);
    const tables = candidate.prepare("select name from sqlite_master where type = 'table' and name in ('users', 'kysely_migration')").all();
    if (tables.length !== 2) throw new Error(`${file} is not a Rustico backup`);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith(file)) throw error;
    throw new Error(`${file} is not a SQLite database`);
  } finally {
    candidate.close();
  }
}

export class DatabaseInUse extends Error {}

/**
 * Holds the database for a restore: leaving WAL mode needs every other
 * connection closed, so it fails while the server (on any port) or another
 * command has the file open; it also folds the write-ahead log into the file.
 * The exclusive lock then keeps a server that starts meanwhile waiting.
 */
function takeOver(databaseFile: string): SqliteDatabase {
  const current = new SqliteDatabase(databaseFile, { fileMustExist: true });
  try {
    current.pragma('busy_timeout = 0');
    const mode = current.pragma('journal_mode = DELETE', { simple: true });
    if (mode !== 'delete') throw new DatabaseInUse();
    current.pragma('locking_mode = EXCLUSIVE');
    current.exec('begin exclusive');
    return current;
  } catch (error) {
    current.close();
    if (error instanceof DatabaseInUse || (error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new DatabaseInUse(`${databaseFile} is in use (is Rustico running?): stop the server before restoring`);
    }
    throw error;
  }
}

/**
 * Puts a backup in place of the database (the app must be stopped). The
 * database it replaces is kept beside it, so a restore never loses anything.
 */
export function restoreSqlite(databaseFile: string, backup: string, now: Date): string | null {
  checkBackup(backup);
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  let keptAs: string | null = null;
  if (fs.existsSync(databaseFile)) {
    const held = takeOver(databaseFile);
    try {
      keptAs = `${databaseFile}.before-restore-${now.toISOString().replaceAll(':', '-')}`;
      fs.renameSync(databaseFile, keptAs);
      for (const suffix of ['-wal', '-shm']) fs.rmSync(`${databaseFile}${suffix}`, { force: true });
      fs.copyFileSync(backup, databaseFile);
    } finally {
      held.close();
    }
    return keptAs;
  }
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${databaseFile}${suffix}`, { force: true });
  fs.copyFileSync(backup, databaseFile);
  return keptAs;
}

/** The number of rows of every table of a SQLite database (the copy's check compares them). */
export function rowCounts(sqlite: SqliteDatabase): Record<string, number> {
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name")
    .all() as { name: string }[];
  return Object.fromEntries(tables.map(({ name }) => [name, (sqlite.prepare(`select count(*) as n from "${name.replaceAll('"', '""')}"`).get() as { n: number }).n]));
}

/**
 * Checks a fresh copy against the database it was made from: SQLite's integrity check on the
 * copy, and every table's rows, counted in the source just before and just after the copy was
 * made (the house may write meanwhile: the copy's count must lie between the two). Throws what
 * is wrong.
 */
export function checkCopy(copy: string, before: Record<string, number>, after: Record<string, number>): void {
  let candidate: SqliteDatabase;
  try {
    candidate = new SqliteDatabase(copy, { fileMustExist: true });
    // A copy of a WAL database is one too: made a single file again, it opens without -wal and -shm beside it.
    candidate.pragma('journal_mode = DELETE');
  } catch (error) {
    throw new Error(`the copy cannot be opened: ${(error as Error).message}`);
  }
  try {
    let integrity: unknown;
    try {
      integrity = candidate.pragma('integrity_check', { simple: true });
    } catch (error) {
      throw new Error(`the copy is damaged: ${(error as Error).message}`);
    }
    if (integrity !== 'ok') throw new Error(`the copy is damaged: ${String(integrity)}`);
    const counts = rowCounts(candidate);
    const wrong = Object.keys(after)
      .filter((table) => {
        const n = counts[table];
        const low = Math.min(before[table] ?? 0, after[table]!);
        const high = Math.max(before[table] ?? 0, after[table]!);
        return n === undefined || n < low || n > high;
      })
      .map((table) => `${table} has ${counts[table] ?? 'no table'} rows, the database ${after[table]}`);
    if (wrong.length > 0) throw new Error(`the copy differs from the database: ${wrong.join('; ')}`);
  } finally {
    candidate.close();
  }
}
