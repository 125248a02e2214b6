import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_ACCOUNT } from './auth/service.ts';
import { createTestDatabase, testDialects, type TestDatabase } from './test/databases.ts';
import { freePort } from './test/ports.ts';
import { FAST_PASSWORD_HASH, FAST_PASSWORD_HASH_ENV, openEventStream, TestClient } from './test/test-app.ts';
import { createUser } from './users/service.ts';

interface ServerProcess {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

/** The production entry point, as a second machine would run it: its own data folder, the shared database. */
async function startServer(databaseUrl: string): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-scale-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: { ...process.env, ...FAST_PASSWORD_HASH_ENV, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if ((await fetch(`${url}/api/health`).catch(() => null))?.ok) break;
    if (i > 200 || child.exitCode !== null) throw new Error(`the server on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { url, child, dataDir };
}

describe.runIf(testDialects.includes('postgres'))('two server processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  const password = 'correct horse battery';

  /** A member logged in on one process; the session is a database row, so the cookie works on both. */
  async function member(email: string): Promise<{ onA: TestClient; onB: TestClient }> {
    const ctx = { db: database.db, now: () => new Date(), config: { passwordHash: FAST_PASSWORD_HASH } };
    await createUser(ctx, { email, name: email.split('@')[0]!, password, role: 'member' });
    const onA = new TestClient(a.url);
    expect((await onA.post('/api/session', { email, password })).status).toBe(200);
    const onB = new TestClient(b.url);
    onB.cookie = onA.cookie;
    return { onA, onB };
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    [a, b] = await Promise.all([startServer(database.databaseUrl!), startServer(database.databaseUrl!)]);
  }, 60_000);

  afterAll(async () => {
    for (const server of [a, b]) {
      if (!server) continue;
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await database.drop();
  });

  it('sends a note written on one process to a live stream on the other', async () => {
    const anna = await member('anna@example.ch');
    const bruno = await member('bruno@example.ch');
    const stream = await openEventStream(bruno.onB, b.url);
    const note = await anna.onA.post('/api/notes', { text: 'Scritta sul primo, letta sul secondo' });
    expect(note.status).toBe(201);
    await stream.next((event) => event.type === 'note' && event.id === note.body.note.id, 5000);
    stream.close();
  });

  it('serves a photo uploaded to one process from the other', async () => {
    const carla = await member('carla@example.ch');
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3d6b4f' } }).png().toBuffer();
    const uploaded = await carla.onA.request('PUT', '/api/profile/photo', new Uint8Array(photo) as unknown as string, { 'content-type': 'image/png' });
    expect(uploaded.status).toBe(200);
    const fromA = await fetch(`${a.url}${uploaded.body.user.photoUrl}`, { headers: { cookie: carla.onA.cookie! } });
    const fromB = await fetch(`${b.url}${uploaded.body.user.photoUrl}`, { headers: { cookie: carla.onB.cookie! } });
    expect({ status: fromB.status, type: fromB.headers.get('content-type'), cache: fromB.headers.get('cache-control') }).toEqual({
      status: 200,
      type: 'image/webp',
      cache: 'private, max-age=31536000, immutable',
    });
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    // Neither process keeps photos on its disk.
    expect(fs.readdirSync(a.dataDir).filter((name) => name.startsWith('photos'))).toEqual([]);
  });

  it('counts failed logins on both processes together', async () => {
    const email = 'dario@example.ch';
    await createUser({ db: database.db, now: () => new Date(), config: { passwordHash: FAST_PASSWORD_HASH } }, { email, name: 'Dario', password, role: 'member' });
    const onA = new TestClient(a.url);
    const onB = new TestClient(b.url);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      const wrong = await (i % 2 ? onB : onA).post('/api/session', { email, password: `sbagliata ${i}` });
      expect(wrong.status).toBe(401);
    }
    // The limit is reached across both: even the right password waits now, on either process.
    for (const client of [onA, onB]) {
      const limited = await client.post('/api/session', { email, password });
      expect({ status: limited.status, code: limited.body.error.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
    }
  });

  it('lets exactly one of 40 conflicting bookings, split over both processes, win', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, (_, i) => member(`ospite${i}@example.ch`)));
    const attempts = Array.from({ length: 40 }, (_, i) => {
      const client = clients[i % clients.length]!;
      const start = `2027-03-${String(10 + (i % 3)).padStart(2, '0')}`;
      return (i % 2 ? client.onB : client.onA).post('/api/bookings', { start, end: '2027-03-14', purpose: 'personal' });
    });
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(39);
    const stored = await database.db.selectFrom('bookings').select('id').where('startDate', '>=', '2027-03-01').execute();
    expect(stored).toHaveLength(1);
  });
});
