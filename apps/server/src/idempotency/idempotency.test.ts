import type { FastifyInstance } from 'fastify';
import { UpdateQueryNode, type KyselyPlugin } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { closeContext, createContext } from '../context.ts';
import { createDb, sqlitePathIn } from '../db/database.ts';
import { testDialects } from '../test/databases.ts';
import { DAY, startTestApp, TestClient, type TestApp } from '../test/test-app.ts';
import { nthStay } from '../reliability/authorization-table.ts';
import { KEY_LIFETIME_MS, requestFingerprint, STALE_CLAIM_MS } from './service.ts';

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
      .values({ userId, key: 'died', requestHash: requestFingerprint('POST', '/api/notes', body), claimedAt: t.clock.now().toISOString(), responseStatus: null, responseType: null, responseBody: null, appliedAt: null, createdId: null })
      .execute();
    t.clock.advance(STALE_CLAIM_MS + 1000);
    expect((await anna.post('/api/notes', body, { 'idempotency-key': 'died' })).status).toBe(201);
    expect(await notesWith('Dopo il crash')).toBe(1);

    t.clock.advance(8 * DAY);
    await anna.post('/api/notes', { text: 'Una settimana dopo' }, { 'idempotency-key': 'trigger-cleanup' });
    const left = await t.ctx.db.selectFrom('idempotencyKeys').select('key').where('key', 'in', ['note-1', 'died']).execute();
    expect(left).toEqual([]);
  });

  it('treats a key past its lifetime as new, even before the clean-up removes it', async () => {
    const body = { text: 'Chiave vecchia' };
    expect((await anna.post('/api/notes', body, { 'idempotency-key': 'backdated' })).status).toBe(201);
    // Backdated without moving the clock: the hourly clean-up has no reason to run.
    const eightDaysAgo = new Date(t.clock.now().getTime() - 8 * DAY).toISOString();
    await t.ctx.db.updateTable('idempotencyKeys').set({ claimedAt: eightDaysAgo }).where('key', '=', 'backdated').execute();
    const again = await anna.post('/api/notes', body, { 'idempotency-key': 'backdated' });
    expect({ status: again.status, replayed: again.headers.get('idempotent-replayed') }).toEqual({ status: 201, replayed: null });
    expect(await notesWith('Chiave vecchia')).toBe(2);
    // Within its lifetime it answers again; another body under the expired key was no mistake either.
    expect((await anna.post('/api/notes', body, { 'idempotency-key': 'backdated' })).headers.get('idempotent-replayed')).toBe('true');
    await t.ctx.db.updateTable('idempotencyKeys').set({ claimedAt: new Date(t.clock.now().getTime() - KEY_LIFETIME_MS).toISOString() }).where('key', '=', 'backdated').execute();
    expect((await anna.post('/api/notes', { text: 'Altro testo' }, { 'idempotency-key': 'backdated' })).status).toBe(201);
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

/** The state a kill -9 leaves between a write's commit and its stored answer: every answer is lost. */
class LoseAnswers implements KyselyPlugin {
  transformQuery: KyselyPlugin['transformQuery'] = ({ node }) => {
    if (UpdateQueryNode.is(node) && JSON.stringify(node.updates).includes('"response_status"')) throw new Error('the process died here');
    return node;
  };
  transformResult: KyselyPlugin['transformResult'] = async ({ result }) => result;
}

describe.each(testDialects)('a write whose answer was lost (%s)', (dialect) => {
  let t: TestApp;
  let anna: TestClient;
  /** Anna on a server that makes every write and then dies before storing its answer. */
  let annaDying: TestClient;
  let dying: FastifyInstance;
  let annaId: string;
  let png: Buffer;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    anna = await t.login('member');
    annaId = (await anna.get('/api/session')).body.user.id;
    dying = await buildApp({ ...t.ctx, db: t.ctx.db.withPlugin(new LoseAnswers()) });
    await dying.listen({ port: 0, host: '127.0.0.1' });
    const address = dying.server.address();
    annaDying = new TestClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    annaDying.cookie = anna.cookie;
    png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } }).png().toBuffer();
  });
  afterAll(async () => {
    dying.server.closeAllConnections();
    await dying.close();
    await t.close();
  });

  /** The first send, on the dying server, then the resend after the claim went stale; the resend's answer. */
  async function sendTwice(method: string, path: string, body: unknown, key: string, headers: Record<string, string> = {}) {
    const first = await annaDying.request(method, path, body, { 'idempotency-key': key, ...headers });
    expect(first.status).toBeLessThan(300);
    expect((await t.ctx.db.selectFrom('idempotencyKeys').select(['responseStatus', 'appliedAt']).where('key', '=', key).executeTakeFirstOrThrow()).responseStatus).toBeNull();
    t.clock.advance(STALE_CLAIM_MS + 1000);
    const again = await anna.request(method, path, body, { 'idempotency-key': key, ...headers });
    expect({ status: again.status, code: again.body.error?.code, replayed: again.headers.get('idempotent-replayed') }).toEqual({ status: 409, code: 'IDEMPOTENCY_APPLIED', replayed: 'true' });
    // Every later resend gets the same answer.
    expect((await anna.request(method, path, body, { 'idempotency-key': key, ...headers })).body).toEqual(again.body);
    return { first, again };
  }

  it('never writes a note twice, and tells the resend which one was made', async () => {
    const { first, again } = await sendTwice('POST', '/api/notes', { text: 'Scritta una volta' }, 'lost-note');
    expect(again.body.error.details).toEqual({ appliedAt: expect.any(String), createdId: first.body.note.id });
    expect(await t.ctx.db.selectFrom('notes').select('id').where('text', '=', 'Scritta una volta').execute()).toEqual([{ id: first.body.note.id }]);
  });

  it('never makes a booking twice', async () => {
    const stay = nthStay(40);
    const { first } = await sendTwice('POST', '/api/bookings', stay, 'lost-booking');
    expect(await t.ctx.db.selectFrom('bookings').select('id').where('startDate', '=', stay.start).execute()).toEqual([{ id: first.body.booking.id }]);
  });

  it('never registers an arrival twice', async () => {
    const booking = (await anna.post('/api/bookings', nthStay(41))).body.booking;
    t.clock.advanceToDay(booking.start);
    await sendTwice('POST', `/api/bookings/${booking.id}/checkin`, { dayKwh: 1200, nightKwh: 600 }, 'lost-checkin');
    expect(await t.ctx.db.selectFrom('meterReadings').select('id').where('bookingId', '=', booking.id).execute()).toHaveLength(1);
  });

  it('never records an expense or its receipt twice', async () => {
    const expense = { date: '2026-10-05', amountCentimes: 4_500, category: 'repairs', description: 'Una sola spesa', paidById: annaId, recurring: false };
    const { first } = await sendTwice('POST', '/api/expenses', expense, 'lost-expense');
    const id = first.body.expense.id;
    await sendTwice('PUT', `/api/expenses/${id}/receipt`, png, 'lost-receipt', { 'content-type': 'image/png' });
    expect(await t.ctx.db.selectFrom('expenses').select('id').where('description', '=', 'Una sola spesa').execute()).toEqual([{ id }]);
    const history = await t.ctx.db.selectFrom('changes').select('action').where('subject', '=', 'expense').where('subjectId', '=', id).orderBy('seq').execute();
    expect(history.map((h) => h.action)).toEqual(['created', 'receipt']);
  });
});
