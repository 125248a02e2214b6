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

/** A fresh, migrated database of its own: a temporary SQLite file or a new PostgreSQL database. */
export async function createTestDatabase(dialect: DbDialect): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-test-'));
  let databaseUrl: string | undefined;
  let name: string | undefined;
  if (dialect === 'postgres') {
    name = `rustico_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const db = createDb({ databaseUrl, sqlitePath: path.join(dataDir, 'rustico.sqlite') });
  await migrateToLatest(db);
  return {
    db,
    dataDir,
    databaseUrl,
    drop: async () => {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (name) {
        const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  };
}
