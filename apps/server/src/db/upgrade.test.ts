import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Migration } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { closeContext, createContext, type AppContext } from '../context.ts';
import { createPostgresDatabase, testDialects } from '../test/databases.ts';
import { TestClient, TestClock } from '../test/test-app.ts';
import { createDb, MigrationFailed, migrateToLatest, sqlitePathIn, type Db, type DbDialect } from './database.ts';
import { SqliteDatabase } from './sqlite-driver.ts';

/*
 * Upgrades keep the data. The fixtures were written by the code of commit aa509a0 (26 November
 * 2026, «web: the router starts in a task of its own…»), before the migrations 3801 to 4501 and
 * 4401: its `npm run cli -- demo` filled a SQLite file (aa509a0.sqlite) and a PostgreSQL database
 * (aa509a0-postgres.sql, pg_dump --inserts), and record.mjs asked that commit's server every GET
 * route without parameters as Marco (superadmin) and Luca (member): answers-*.json. Each test
 * migrates a copy with the current code and asks the same, on the recording's clock: every value
 * answered then must be answered now; only fields added since may be new. See README.md there.
 */

const FIXTURES = path.join(import.meta.dirname, '../test/fixtures/upgrade');
const PASSWORD = 'rustico-demo';

/** The house's texts are files of the checkout, not the database: they change with the code, and are not compared. */
const NOT_DATA = new Set(['/api/content/visitor', '/api/content/welcome', '/api/house/checklist', '/api/house/payment']);

/**
 * Fields the API answers since aa509a0, by the route's path and the field's place: the only
 * differences allowed. A field in this list must be new (absent before), and nothing else may differ.
 */
const ADDED_SINCE = new Set<string>([
  // Issue 38: every editable thing carries its version (If-Match).
  '/api/booking-requests.bookings[].version',
  '/api/bookings.bookings[].version',
  '/api/bookings/next.booking.version',
  '/api/expenses.expenses[].version',
  '/api/house/rules.version',
  '/api/notes.notes[].version',
  '/api/notes/latest.note.version',
  '/api/profile.user.version',
  '/api/session.user.version',
  '/api/stays/open.bookings[].version',
  '/api/users.users[].version',
  // Issue 41: the pace of the emails about others' bookings and notes.
  '/api/profile/notifications.paces',
  // Issue 45: who has passkeys.
  '/api/users.users[].passkeys',
  // Issue 43: how long a hold lasts and how many a member keeps.
  '/api/house/rules.rules.holdDays',
  '/api/house/rules.rules.maxHolds',
]);

/** The address record.mjs asked: the calendar feed's link is made with it. */
const RECORDED_AT_URL: Record<DbDialect, string> = { sqlite: 'http://127.0.0.1:8301', postgres: 'http://127.0.0.1:8302' };

/** The viewers' own logins, the recorder's then and the test's now, move their last-seen moment: nothing else may. */
function withoutViewersLastSeen(route: string, answer: unknown, viewers: string[]): unknown {
  if (route !== '/api/users') return answer;
  const { users, ...rest } = answer as { users: { email: string; lastSeenAt: string | null }[] };
  return { ...rest, users: users.map((u) => (viewers.includes(u.email) ? { ...u, lastSeenAt: 'logged in by the test' } : u)) };
}

interface Recording {
  recordedAt: string;
  answers: Record<string, Record<string, unknown>>;
}

/** Compares an answer before and after: equal, except fields that did not exist before; returns the added fields' places. */
function differences(before: unknown, after: unknown, where: string, added: string[], changed: string[]): void {
  if (Array.isArray(before)) {
    if (!Array.isArray(after) || after.length !== before.length) {
      changed.push(`${where}: ${JSON.stringify(before).slice(0, 200)} became ${JSON.stringify(after).slice(0, 200)}`);
      return;
    }
    before.forEach((item, i) => differences(item, after[i], `${where}[]`, added, changed));
    return;
  }
  if (before !== null && typeof before === 'object') {
    if (after === null || typeof after !== 'object' || Array.isArray(after)) {
      changed.push(`${where}: an object became ${JSON.stringify(after).slice(0, 200)}`);
      return;
    }
    const a = after as Record<string, unknown>;
    for (const [key, value] of Object.entries(before)) {
      if (!(key in a)) changed.push(`${where}.${key}: gone`);
      else differences(value, a[key], `${where}.${key}`, added, changed);
    }
    for (const key of Object.keys(a)) if (!(key in (before as object))) added.push(`${where}.${key}`);
    return;
  }
  if (before !== after) changed.push(`${where}: ${JSON.stringify(before)} became ${JSON.stringify(after)}`);
}

/** A copy of the fixture of a dialect, as a database of its own. */
async function fixtureDatabase(dialect: DbDialect): Promise<{ db: Db; dataDir: string; databaseUrl: string | undefined; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-upgrade-'));
  if (dialect === 'sqlite') {
    fs.copyFileSync(path.join(FIXTURES, 'aa509a0.sqlite'), sqlitePathIn(dataDir));
    const db = createDb({ sqlitePath: sqlitePathIn(dataDir) });
    return { db, dataDir, databaseUrl: undefined, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const fresh = await createPostgresDatabase('rustico_upgrade');
  const loader = new pg.Client({ connectionString: fresh.url });
  await loader.connect();
  await loader.query(fs.readFileSync(path.join(FIXTURES, 'aa509a0-postgres.sql'), 'utf8'));
  await loader.end();
  const db = createDb({ databaseUrl: fresh.url, sqlitePath: sqlitePathIn(dataDir) });
  return {
    db,
    dataDir,
    databaseUrl: fresh.url,
    drop: async () => {
      await db.destroy().catch(() => undefined);
      await fresh.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the schema is: each table's columns and every migration run, to tell that nothing changed. */
async function schemaOf(db: Db): Promise<unknown> {
  const migrations = (await db.selectFrom('kysely_migration' as never).select('name' as never).orderBy('name' as never).execute()) as unknown[];
  const { rows } = await sql<{ name: string }>`select table_name || '.' || column_name as name from information_schema.columns where table_schema = 'public' order by 1`
    .execute(db)
    .catch(() => sql<{ name: string }>`select m.name || '.' || p.name as name from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' order by 1`.execute(db));
  return { migrations, columns: rows.map((r) => r.name) };
}

describe.each(testDialects)('a house made by commit aa509a0, upgraded (%s)', (dialect) => {
  const recording = JSON.parse(fs.readFileSync(path.join(FIXTURES, `answers-${dialect}.json`), 'utf8')) as Recording;
  let fixture: Awaited<ReturnType<typeof fixtureDatabase>>;
  let ctx: AppContext;
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    fixture = await fixtureDatabase(dialect);
  });
  afterAll(async () => {
    try {
      await close?.();
    } finally {
      await fixture.drop();
    }
  });

  it('refuses a migration that fails, leaving the database as it was', async () => {
    const before = await schemaOf(fixture.db);
    const { migrations } = await import('./migrations/index.ts');
    const broken: Migration = {
      up: async (db) => {
        await db.schema.createTable('half_done').addColumn('id', 'text').execute();
        throw new Error('deliberately broken');
      },
    };
    // Sorted last: every real pending migration runs before it, and all of them are undone with it.
    const failed = migrateToLatest(fixture.db, { migrations: { ...migrations, '2099-12-31-9999-broken': broken } });
    await expect(failed).rejects.toThrow(MigrationFailed);
    await expect(failed).rejects.toThrow(/Database migration 2099-12-31-9999-broken failed: deliberately broken\nThe database was left as it was.*\nBack it up before anything else \(npm run cli -- backup <file>/);
    expect(await schemaOf(fixture.db)).toEqual(before);
  });

  it('migrates and answers everything it answered before, with only new fields added', async () => {
    await migrateToLatest(fixture.db);
    const clock = new TestClock(new Date(recording.recordedAt));
    const config = loadConfig({ DATA_DIR: fixture.dataDir, ...(fixture.databaseUrl ? { DATABASE_URL: fixture.databaseUrl } : {}), PUBLIC_URL: RECORDED_AT_URL[dialect], LOG_LEVEL: 'silent', HOUSE_TIME_ZONE: 'Europe/Zurich', WRITE_LIMIT_PER_MINUTE: '100000' });
    ctx = await createContext(config, fixture.db, { now: clock.now });
    const app = await buildApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    close = async () => {
      app.server.closeAllConnections();
      await app.close();
      await closeContext(ctx);
    };

    const added: string[] = [];
    const changed: string[] = [];
    let compared = 0;
    for (const [email, answers] of Object.entries(recording.answers)) {
      const client = new TestClient(url);
      expect((await client.post('/api/session', { email, password: PASSWORD })).status, email).toBe(200);
      for (const [route, before] of Object.entries(answers)) {
        if (NOT_DATA.has(route)) continue;
        const response = await client.get(route);
        expect(response.status, `${email} ${route}`).toBe(200);
        const viewers = Object.keys(recording.answers);
        differences(withoutViewersLastSeen(route, before, viewers), withoutViewersLastSeen(route, response.body, viewers), `${route}`, added, changed);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(50);
    expect(changed).toEqual([]);
    expect([...new Set(added.map((place) => place.replace(/\?.*?(\.|\[|$)/, '$1')))].sort()).toEqual([...ADDED_SINCE].sort());
  }, 60_000);
});

describe('a server whose migration fails', () => {
  it('refuses to start, says to back up first, and leaves the database as it was', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-upgrade-main-'));
    try {
      fs.copyFileSync(path.join(FIXTURES, 'aa509a0.sqlite'), sqlitePathIn(dataDir));
      // Someone made a table by hand that a later migration creates: that migration fails.
      const house = new SqliteDatabase(sqlitePathIn(dataDir));
      house.exec('create table passkeys (id text)');
      const before = house.prepare("select name, sql from sqlite_master order by name").all();
      house.close();
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../main.ts')], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0' },
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code, stderr).toBe(1);
      expect(stderr).toMatch(/^Rustico cannot start: Database migration 2026-11-28-4501-passkeys failed: .*already exists/m);
      expect(stderr).toContain('The database was left as it was');
      expect(stderr).toContain('npm run cli -- backup <file>');
      const after = new SqliteDatabase(sqlitePathIn(dataDir), { readonly: true });
      expect(after.prepare("select name, sql from sqlite_master order by name").all()).toEqual(before);
      after.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
