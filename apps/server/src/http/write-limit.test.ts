import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createContext } from '../context.ts';
import { createDb } from '../db/database.ts';
import { testDialects } from '../test/databases.ts';
import { MINUTE, startTestApp, TestClient, type TestApp } from '../test/test-app.ts';

describe.each(testDialects)('the write limit per user (%s)', (dialect) => {
  let t: TestApp;
  let second: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    t = await startTestApp(dialect, { WRITE_LIMIT_PER_MINUTE: '10' });
    // A second server process on the same database.
    const db = createDb({ databaseUrl: t.database.databaseUrl, sqlitePath: `${t.database.dataDir}/rustico.sqlite` });
    const ctx = await createContext(t.ctx.config, db, { now: t.clock.now });
    const app = await buildApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    second = {
      url: typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '',
      close: async () => {
        app.server.closeAllConnections();
        await app.close();
        await ctx.events.close();
        await db.destroy();
      },
    };
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('answers 429 TOO_MANY_WRITES past the limit, counted across processes, and lets the next minute through', async () => {
    const anna = await t.login('member');
    const annaElsewhere = new TestClient(second.url);
    annaElsewhere.cookie = anna.cookie;
    // A burst of 30 at once, half to each process.
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? annaElsewhere : anna).post('/api/notes', { text: `Nota ${i}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => `${a.status} ${a.body.error.code}`)).toEqual(Array(20).fill('429 TOO_MANY_WRITES'));
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await anna.get('/api/notes?limit=50')).body.notes).toHaveLength(10);

    // Reading is not limited, nor are other people.
    expect((await anna.get('/api/notes')).status).toBe(200);
    expect((await (await t.login('member')).post('/api/notes', { text: 'Io posso' })).status).toBe(201);

    t.clock.advance(MINUTE);
    expect((await anna.post('/api/notes', { text: 'Un minuto dopo' })).status).toBe(201);
  });

  it('lets no more than the limit through across the end of a minute, and one more per sixth of a minute after', async () => {
    const bruno = await t.login('member');
    const brunoElsewhere = new TestClient(second.url);
    brunoElsewhere.cookie = bruno.cookie;
    const burst = async (count: number) =>
      (await Promise.all(Array.from({ length: count }, (_, i) => (i % 2 ? brunoElsewhere : bruno).post('/api/notes', { text: `Raffica ${i}` })))).filter((a) => a.status === 201).length;
    // Half a second before a minute ends, and as long after it: fixed minutes let 10 + 10 through.
    const now = t.clock.now().getTime();
    t.clock.advance(MINUTE - (now % MINUTE) - 500);
    const before = await burst(15);
    t.clock.advance(1000);
    const after = await burst(15);
    // The bucket holds 10 and gets one back every 6 s: within 1 s, 10 + floor(1 s / 6 s) = 10.
    expect({ before, after }).toEqual({ before: 10, after: 0 });
    t.clock.advance(6000);
    expect(await burst(3)).toBe(1);
    // One row per member, whatever the number of writes.
    expect(await t.ctx.db.selectFrom('rateLimits').select('key').where('key', 'like', 'writes:%').execute()).toHaveLength(3);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on requests that came over HTTPS, not on plain HTTP', async () => {
    const t = await startTestApp('sqlite', { TRUST_PROXY: '1' });
    try {
      const overHttps = await t.client().request('GET', '/api/health', undefined, { 'x-forwarded-proto': 'https' });
      expect(overHttps.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      expect((await t.client().get('/api/health')).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await t.close();
    }
  });
});
