import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { closeContext, createContext } from '../context.ts';
import { createDb, sqlitePathIn } from '../db/database.ts';
import { SqliteDatabase } from '../db/sqlite-driver.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';
import { STALE_CLAIM_MS } from '../idempotency/service.ts';
import { FAST_PASSWORD_HASH, FAST_PASSWORD_HASH_ENV, TestClient } from '../test/test-app.ts';
import { createUser } from '../users/service.ts';
import { nthStay } from './authorization-table.ts';

const TRIALS = Number(process.env.CRASH_TRIALS ?? 5);
/** Ports of the servers this suite starts and kills (one per database). */
const PORT_BASE = Number(process.env.CRASH_PORT_BASE ?? 8331);
const WRITERS = 6;
const PASSWORD = 'crash password';
const mainPath = path.join(import.meta.dirname, '..', 'main.ts');

interface Server {
  child: ChildProcess;
  exited: Promise<unknown>;
  output: () => string;
}

async function startServer(database: TestDatabase, port: number): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainPath], {
    env: {
      ...process.env,
      ...FAST_PASSWORD_HASH_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      // Six writers flat out: the per-user write limit would answer most of them 429 instead of writing.
      WRITE_LIMIT_PER_MINUTE: '100000',
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { child, exited, output: () => output };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start: ${output}`);
}

/**
 * Suite 4 of the hardening issue: a real server process killed with SIGKILL
 * while several sessions write at once. Every write it acknowledged must be
 * there when it comes back, and SQLite's integrity check must pass.
 */
describe.each(testDialects)('crash durability (%s)', (dialect) => {
  let database: TestDatabase;
  const port = PORT_BASE + testDialects.indexOf(dialect);
  const clients: TestClient[] = [];
  const acknowledged = { notes: new Set<string>(), bookings: new Set<string>() };
  let stay = 0;
  /** Writes acknowledged since the current server started. */
  let sinceStart = 0;
  /** Keyed notes whose answer the kill took away, to send again. */
  let unanswered: { worker: number; key: string; text: string }[] = [];
  const resent = { notes: 0, applied: 0, writtenTwice: 0 };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    for (let i = 0; i < WRITERS / 2; i += 1) {
      await createUser({ db: database.db, now: () => new Date(), config: { passwordHash: FAST_PASSWORD_HASH } }, { email: `writer${i}@crash.example.ch`, name: `Writer ${i}`, password: PASSWORD, role: 'member' });
    }
  });
  afterAll(() => database.drop());

  /** Writes notes (each with an Idempotency-Key, as the outbox sends them) and bookings until the server goes away; returns how many it acknowledged. */
  async function write(client: TestClient, worker: number, trial: number): Promise<number> {
    let count = 0;
    for (let n = 0; ; n += 1) {
      const note = { key: `crash-${trial}-${worker}-${n}`, text: `trial ${trial}, writer ${worker}, note ${n}` };
      try {
        if (n % 4 === 3) {
          const response = await client.post('/api/bookings', nthStay(++stay));
          if (response.status === 201) {
            acknowledged.bookings.add(response.body.booking.id);
            count += 1;
            sinceStart += 1;
          }
        } else {
          const response = await client.post('/api/notes', { text: note.text }, { 'idempotency-key': note.key });
          if (response.status === 201) {
            acknowledged.notes.add(response.body.note.id);
            count += 1;
            sinceStart += 1;
          }
        }
      } catch {
        if (n % 4 !== 3) unanswered.push({ worker, ...note });
        return count;
      }
    }
  }

  /**
   * Sends the unanswered notes again with their keys, past the time a claim goes stale, through
   * a server on the same database whose clock is that far ahead: each note exists once after.
   */
  async function resendUnanswered(): Promise<void> {
    const config = loadConfig({ DATA_DIR: database.dataDir, LOG_LEVEL: 'silent', WRITE_LIMIT_PER_MINUTE: '100000', ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}) });
    const db = createDb({ databaseUrl: database.databaseUrl, sqlitePath: sqlitePathIn(database.dataDir) });
    const ctx = await createContext(config, db, { now: () => new Date(Date.now() + STALE_CLAIM_MS + 1000) });
    const app = await buildApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      for (const { worker, key, text } of unanswered) {
        const client = new TestClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
        client.cookie = clients[worker]!.cookie;
        const response = await client.post('/api/notes', { text }, { 'idempotency-key': key });
        expect([201, 409], JSON.stringify(response.body)).toContain(response.status);
        if (response.status === 409) expect(response.body.error.code).toBe('IDEMPOTENCY_APPLIED');
        else acknowledged.notes.add(response.body.note.id);
        const copies = (await database.db.selectFrom('notes').select('id').where('text', '=', text).execute()).length;
        resent.notes += 1;
        if (response.status === 409) resent.applied += 1;
        if (copies > 1) resent.writtenTwice += 1;
      }
      unanswered = [];
    } finally {
      app.server.closeAllConnections();
      await app.close();
      await closeContext(ctx);
    }
  }

  it(`loses no acknowledged write over ${TRIALS} kill -9 trials`, async () => {
    const perTrial: number[] = [];
    const started = Date.now();
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const server = await startServer(database, port);
      try {
        const url = `http://127.0.0.1:${port}`;
        if (clients.length === 0) {
          // Sessions live in the database: the ones made in the first trial outlive every crash.
          for (let i = 0; i < WRITERS; i += 1) {
            const client = new TestClient(url);
            const login = await client.post('/api/session', { email: `writer${i % (WRITERS / 2)}@crash.example.ch`, password: PASSWORD });
            expect(login.status, server.output()).toBe(200);
            clients.push(client);
          }
        }
        sinceStart = 0;
        const writing = clients.map((client, worker) => write(client, worker, trial));
        // The kill lands at a random moment once writes are flowing (20 acknowledged, or 10 s at most).
        const deadline = Date.now() + 10_000;
        while (sinceStart < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, Math.random() * 2500));
        server.child.kill('SIGKILL');
        perTrial.push((await Promise.all(writing)).reduce((a, b) => a + b, 0));
      } finally {
        server.child.kill('SIGKILL');
        await server.exited;
      }

      if (dialect === 'sqlite') {
        const sqlite = new SqliteDatabase(sqlitePathIn(database.dataDir));
        try {
          expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
        } finally {
          sqlite.close();
        }
      }
      await resendUnanswered();
      const notes = new Set((await database.db.selectFrom('notes').select('id').execute()).map((r) => r.id));
      const bookings = new Set((await database.db.selectFrom('bookings').select('id').execute()).map((r) => r.id));
      const lostNotes = [...acknowledged.notes].filter((id) => !notes.has(id));
      const lostBookings = [...acknowledged.bookings].filter((id) => !bookings.has(id));
      expect({ trial, lostNotes, lostBookings }).toEqual({ trial, lostNotes: [], lostBookings: [] });
    }
    const total = acknowledged.notes.size + acknowledged.bookings.size;
    console.info(
      `crash durability ${dialect}: ${TRIALS} kill -9 trials in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `${total} acknowledged writes (${acknowledged.notes.size} notes, ${acknowledged.bookings.size} bookings; per trial ${perTrial.join(', ')}), none lost; ` +
        `${resent.notes} keyed notes without an answer sent again after ${STALE_CLAIM_MS / 1000} s, ${resent.applied} of them answered 409 IDEMPOTENCY_APPLIED, ${resent.writtenTwice} written twice`,
    );
    expect(resent.writtenTwice).toBe(0);
    // Every trial must have written something before its kill, or it proved nothing.
    expect(perTrial.every((count) => count > 0)).toBe(true);
  }, 300_000);
});
