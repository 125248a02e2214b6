import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { closeContext, createContext } from '../context.ts';
import { createDb, sqlitePathIn } from '../db/database.ts';
import { testDialects } from '../test/databases.ts';
import { DAY, startTestApp, TestClient, type TestApp } from '../test/test-app.ts';
import { requestFingerprint, STALE_CLAIM_MS } from './service.ts';

describe.each(testDialects)('Idempotency-Key on writes (%s)', (dialect) => {
  let t: TestApp;
  let anna: TestClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    anna = await t.login('member');
  });
  afterAll(() => t.close());

  const notesWith = async (text: string) => (await t.ctx.db.selectFrom('notes').select('id').where('text', '=', text).execute()).length;

  it('answers a resend with the first answer and writes once', async () => {
    const first = await anna.post('/api/notes', { text: 'Arrivati!' }, { 'idempotency-key': 'note-1' });
    const again = await anna.post('/api/notes', { text: 'Arrivati!' }, { 'idempotency-key': 'note-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await notesWith('Arrivati!')).toBe(1);
  });

  it('lets concurrent duplicates write once and all get the same answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => anna.post('/api/notes', { text: 'Legna finita' }, { 'idempotency-key': 'note-burst' })),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.note.id)).size).toBe(1);
    expect(await notesWith('Legna finita')).toBe(1);
  });

  it('refuses a key reused with another body with 422 and writes nothing', async () => {
    await anna.post('/api/notes', { text: 'Prima' }, { 'idempotency-key': 'note-2' });
    const other = await anna.post('/api/notes', { text: 'Seconda' }, { 'idempotency-key': 'note-2' });
    expect({ status: other.status, code: other.body.error.code }).toEqual({ status: 422, code: 'IDEMPOTENCY_MISMATCH' });
    expect(await notesWith('Seconda')).toBe(0);
  });

  it('replays refusals too, and keeps keys apart per member', async () => {
    const refused = await anna.post('/api/notes', { text: '   ' }, { 'idempotency-key': 'blank' });
    expect(refused.status).toBe(400);
    expect((await anna.post('/api/notes', { text: '   ' }, { 'idempotency-key': 'blank' })).body).toEqual(refused.body);
    const bruno = await t.login('member');
    expect((await bruno.post('/api/notes', { text: 'Bruno' }, { 'idempotency-key': 'note-1' })).status).toBe(201);
    expect(await notesWith('Bruno')).toBe(1);
  });

  it('refuses a body too deeply nested to fingerprint with 400, not a 500', async () => {
    // Within the body limit, on a route that takes no body (so nothing else looks at it first).
    const deep = Array.from({ length: 5_000 }).reduce<string>((inner) => `{"a":[${inner}]}`, '1');
    const response = await anna.request('POST', '/api/profile/calendar-feed/renew', deep, { 'idempotency-key': 'deep' });
    // The JSON parser refuses such nesting before the fingerprint is taken (http/json-depth.ts).
    expect({ status: response.status, code: response.body.error.code }).toEqual({ status: 400, code: 'INVALID_JSON' });
  });

  it('refuses a malformed key with 400', async () => {
    const response = await anna.post('/api/notes', { text: 'x' }, { 'idempotency-key': 'spazi non ammessi' });
    expect({ status: response.status, code: response.body.error.code }).toEqual({ status: 400, code: 'IDEMPOTENCY_KEY_INVALID' });
    expect(await notesWith('x')).toBe(0);
  });

  it('retakes a claim whose request died, and forgets keys after seven days', async () => {
    const userId = (await anna.get('/api/session')).body.user.id;
    const body = { text: 'Dopo il crash' };
    // A process claimed the key and died before answering.
    await t.ctx.db
      .insertInto('idempotencyKeys')
      .values({ userId, key: 'died', requestHash: requestFingerprint('POST', '/api/notes', body), claimedAt: t.clock.now().toISOString(), responseStatus: null, responseType: null, responseBody: null })
      .execute();
    t.clock.advance(STALE_CLAIM_MS + 1000);
    expect((await anna.post('/api/notes', body, { 'idempotency-key': 'died' })).status).toBe(201);
    expect(await notesWith('Dopo il crash')).toBe(1);

    t.clock.advance(8 * DAY);
    await anna.post('/api/notes', { text: 'Una settimana dopo' }, { 'idempotency-key': 'trigger-cleanup' });
    const left = await t.ctx.db.selectFrom('idempotencyKeys').select('key').where('key', 'in', ['note-1', 'died']).execute();
    expect(left).toEqual([]);
  });

  it('holds across a restart: a new server on the same database replays the first answer', async () => {
    const first = await anna.post('/api/notes', { text: 'Prima del riavvio' }, { 'idempotency-key': 'restart-1' });
    const config = loadConfig({ DATA_DIR: t.database.dataDir, LOG_LEVEL: 'silent', ...(t.database.databaseUrl ? { DATABASE_URL: t.database.databaseUrl } : {}) });
    const db = createDb({ databaseUrl: t.database.databaseUrl, sqlitePath: sqlitePathIn(t.database.dataDir) });
    const ctx = await createContext(config, db, { now: t.clock.now });
    const restarted = await buildApp(ctx);
    await restarted.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = restarted.server.address();
      const client = new TestClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      client.cookie = anna.cookie;
      const again = await client.post('/api/notes', { text: 'Prima del riavvio' }, { 'idempotency-key': 'restart-1' });
      expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });
      expect(await notesWith('Prima del riavvio')).toBe(1);
    } finally {
      restarted.server.closeAllConnections();
      await restarted.close();
      await closeContext(ctx);
    }
  });
});
