import { BOOKINGS_PAGE_SIZE } from '@rustico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteOf } from '../db/database.ts';
import { seedDemoHistory } from '../demo/history.ts';
import { testDialects } from '../test/databases.ts';
import { startTestApp, type TestApp, type TestClient, type TestResponse } from '../test/test-app.ts';

/** Follows nextCursor to the end, as the screen does while the admin scrolls. */
async function allPages(client: TestClient, path: string): Promise<{ pages: number; bookings: any[]; firstBytes: number }> {
  const bookings: any[] = [];
  let cursor: string | null = null;
  let pages = 0;
  let firstBytes = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const response: TestResponse = await client.get(cursor ? `${path}${separator}before=${cursor}` : path);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    if (pages === 0) firstBytes = Buffer.byteLength(JSON.stringify(response.body));
    bookings.push(...response.body.bookings);
    cursor = response.body.nextCursor;
    pages += 1;
  } while (cursor);
  return { pages, bookings, firstBytes };
}

describe.each(testDialects)('booking history by pages (%s)', (dialect) => {
  let t: TestApp;
  let anna: TestClient;
  let bruno: TestClient;
  let admin: TestClient;
  let annaId: string;
  let brunoId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    anna = await t.login('member');
    bruno = await t.login('member');
    admin = await t.login('admin');
    annaId = (await anna.get('/api/session')).body.user.id;
    brunoId = (await bruno.get('/api/session')).body.user.id;
    // Weekends from December 2026 into 2027, Anna and Bruno in turn.
    for (let week = 0; week < 9; week++) {
      const start = new Date(Date.UTC(2026, 11, 4 + week * 7)).toISOString().slice(0, 10);
      const end = new Date(Date.UTC(2026, 11, 6 + week * 7)).toISOString().slice(0, 10);
      const response = await (week % 2 ? bruno : anna).post('/api/bookings', { start, end, purpose: 'personal' });
      expect(response.status).toBe(201);
    }
  });
  afterAll(() => t.close());

  it('hands out every booking once, newest first, a page at a time, filtered by year and member', async () => {
    const whole = await allPages(admin, '/api/users/0/bookings?limit=100');
    expect(whole.pages).toBe(1);
    expect(whole.bookings.map((b) => b.start)).toEqual([...whole.bookings.map((b) => b.start)].sort().reverse());

    const paged = await allPages(admin, '/api/users/0/bookings?limit=2');
    expect(paged.pages).toBe(5);
    expect(paged.bookings.map((b) => b.id)).toEqual(whole.bookings.map((b) => b.id));

    const annas2027 = await allPages(admin, `/api/users/0/bookings?limit=1&year=2027&userId=${annaId}`);
    expect(annas2027.bookings.map((b) => b.id)).toEqual(whole.bookings.filter((b) => b.ownerId === annaId && b.start.startsWith('2027')).map((b) => b.id));
    expect(annas2027.bookings.length).toBeGreaterThan(1);

    const own = await allPages(bruno, `/api/users/${brunoId}/bookings?limit=3`);
    expect(own.bookings.map((b) => b.id)).toEqual(whole.bookings.filter((b) => b.ownerId === brunoId).map((b) => b.id));
  });

  it('lists the years of a history for its filter, and keeps other histories from members', async () => {
    expect((await admin.get('/api/users/0/bookings/years')).body).toEqual({ years: [2027, 2026] });
    expect((await bruno.get(`/api/users/${brunoId}/bookings/years`)).body).toEqual({ years: [2027, 2026] });
    expect((await anna.get('/api/users/0/bookings/years')).status).toBe(403);
    expect((await anna.get(`/api/users/${brunoId}/bookings`)).status).toBe(403);
  });

  it('refuses a cursor it did not make', async () => {
    const response = await admin.get('/api/users/0/bookings?before=bm90LWEtY3Vyc29y');
    expect({ status: response.status, code: response.body.error.code, field: response.body.error.field }).toEqual({ status: 400, code: 'VALIDATION', field: 'before' });
  });
});

describe('twenty years of bookings (sqlite)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers the first page in at most 100 KB, scrolls through all 1000 stays, and exports all of them as CSV', async () => {
    const admin = await t.login('admin');
    await seedDemoHistory(t.ctx, 20);

    const all = await allPages(admin, '/api/users/0/bookings');
    expect(all.firstBytes).toBeLessThanOrEqual(100 * 1024);
    expect(all.bookings).toHaveLength(1000);
    expect(new Set(all.bookings.map((b) => b.id)).size).toBe(1000);
    expect(all.pages).toBe(Math.ceil(1000 / BOOKINGS_PAGE_SIZE));

    const csv = await fetch(`${t.url}/api/admin/bookings.csv`, { headers: { cookie: admin.cookie! } });
    expect((await csv.text()).trim().split('\n')).toHaveLength(1 + 1000);

    const years: number[] = (await admin.get('/api/users/0/bookings/years')).body.years;
    expect(years).toHaveLength(21);
    const year = years[10]!;
    const ofYear = await allPages(admin, `/api/users/0/bookings?year=${year}`);
    const csvOfYear = await fetch(`${t.url}/api/admin/bookings.csv?year=${year}`, { headers: { cookie: admin.cookie! } });
    expect((await csvOfYear.text()).trim().split('\n')).toHaveLength(1 + ofYear.bookings.length);
    expect(ofYear.bookings.length).toBeGreaterThanOrEqual(49);
  }, 120_000);

  it("reads a month of the calendar from the stays that end in it or later, not from twenty years' stays before it", async () => {
    const member = await t.login('member');
    const sqlite = sqliteOf(t.ctx.db)!;
    const prepare = sqlite.prepare.bind(sqlite);
    const prepared: string[] = [];
    sqlite.prepare = ((source: string) => {
      prepared.push(source);
      return prepare(source);
    }) as typeof sqlite.prepare;
    let month;
    try {
      month = await member.get('/api/bookings?from=2026-11-30&to=2027-01-10');
    } finally {
      sqlite.prepare = prepare;
    }
    expect(month.status).toBe(200);
    const query = prepared.find((source) => source.includes('"end_date" >= ?'))!;
    const plan = prepare(`explain query plan ${query}`).all(...query.split('?').slice(1).map(() => null)) as { detail: string }[];
    expect(plan.find((step) => /^(SEARCH|SCAN) bookings /.test(step.detail))?.detail).toBe('SEARCH bookings USING INDEX bookings_end_start (end_date>?)');
  });
});
