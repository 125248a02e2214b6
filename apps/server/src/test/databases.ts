import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, migrateToLatest, type Db, type DbDialect } from '../db/database.ts';

/** Where the tests look for a PostgreSQL server (this kind of machine runs one with trust auth). */
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const postgres = await postgresReachable();
if (!postgres) console.warn(`PostgreSQL not reachable at ${POSTGRES_ADMIN_URL}: API tests run on SQLite only.`);

/** The dialects API tests run on: SQLite always, PostgreSQL where a server answers. */
export const testDialects: DbDialect[] = postgres ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  db: Db;
  dataDir: string;
  databaseUrl: string | undefined;
  drop: () => Promise<void>;
}

/** An empty PostgreSQL database of its own (its name starts with `prefix`), and how to drop it. */
export async function createPostgresDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`create database ${name}`);
  // A test's database need not outlive a crash of the server: commits stop waiting for the disk
  // (4–5 ms each on this machine), while locks and isolation, which the races test, stay as they are.
  await onServer(`alter database ${name} set synchronous_commit = off`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

/** A fresh, migrated database of its own: a temporary SQLite file or a new PostgreSQL database. */
export async function createTestDatabase(dialect: DbDialect): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-test-'));
  const postgresDb = dialect === 'postgres' ? await createPostgresDatabase('rustico_test') : null;
  const databaseUrl = postgresDb?.url;
  const db = createDb({ databaseUrl, sqlitePath: path.join(dataDir, 'rustico.sqlite') });
  await migrateToLatest(db);
  return {
    db,
    dataDir,
    databaseUrl,
    drop: async () => {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await postgresDb?.drop();
    },
  };
}
