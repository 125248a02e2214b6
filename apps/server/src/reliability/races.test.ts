import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { MAX_FAILURES_PER_ACCOUNT } from '../auth/service.ts';
import { createContext } from '../context.ts';
import { createDb } from '../db/database.ts';
import { testDialects } from '../test/databases.ts';
import { startTestApp, TestClient, type TestApp } from '../test/test-app.ts';
import { createUser } from '../users/service.ts';

/**
 * Requests sent at the same moment that a rule must see one after the other.
 * Each race runs many trials; the figures go to docs/reliability-17a.md.
 */
describe.each(testDialects)('races (%s)', (dialect) => {
  let t: TestApp;
  let week = 0;
  let meter = 1000;

  beforeAll(async () => {
    t = await startTestApp(dialect, { WRITE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  async function book(client: TestClient, nights = 2) {
    week += 1;
    const start = new Date(Date.UTC(2027, 0, 1 + week * 7)).toISOString().slice(0, 10);
    const end = new Date(Date.UTC(2027, 0, 1 + week * 7 + nights)).toISOString().slice(0, 10);
    const response = await client.post('/api/bookings', { start, end, purpose: 'personal' });
    expect(response.status).toBe(201);
    // Check-in opens on the arrival day: the house's clock goes there (later bookings stay ahead of it).
    t.clock.advanceToDay(start);
    return response.body.booking as { id: string; ownerId: string };
  }

  it('check-in and delete of one booking: exactly one wins, and a check-in is never lost', async () => {
    const anna = await t.login('member');
    const trials = 30;
    let checkedIn = 0;
    for (let trial = 0; trial < trials; trial += 1) {
      const booking = await book(anna);
      meter += 10;
      const [checkin, deletion] = await Promise.all([
        anna.post(`/api/bookings/${booking.id}/checkin`, { dayKwh: meter, nightKwh: 0, note: `Arrivati ${trial}` }),
        anna.delete(`/api/bookings/${booking.id}`),
      ]);
      const history = (await anna.get(`/api/users/${booking.ownerId}/bookings`)).body.bookings as { id: string; checkedIn: boolean }[];
      const kept = history.find((b) => b.id === booking.id);
      if (checkin.status === 200) {
        checkedIn += 1;
        expect({ trial, deletion: deletion.status, kept: kept?.checkedIn }).toEqual({ trial, deletion: 409, kept: true });
      } else {
        expect({ trial, deletion: deletion.status, kept }).toEqual({ trial, deletion: 204, kept: undefined });
        meter -= 10;
      }
      // Whatever won, the meter's last reading is one that belongs to a booking that exists.
      expect((await anna.get('/api/meter/latest')).body.reading?.totalKwh ?? 1000).toBe(meter);
    }
    console.info(`[races ${dialect}] check-in vs delete: ${trials} trials, ${checkedIn} check-ins won, ${trials - checkedIn} deletes won, 0 lost`);
  });

  it('pays two stays with the one weekend voucher at once: one is paid with it, the other refused', async () => {
    let voucherPaid = 0;
    const trials = 10;
    for (let trial = 0; trial < trials; trial += 1) {
      const member = await t.login('member');
      const stays = [await book(member, 1), await book(member, 1)];
      for (const stay of stays) {
        meter += 5;
        expect((await member.post(`/api/bookings/${stay.id}/checkin`, { dayKwh: meter, nightKwh: 0 })).status).toBe(200);
        meter += 5;
        expect((await member.post(`/api/bookings/${stay.id}/checkout`, { dayKwh: meter, nightKwh: 0, checklistDone: true })).status).toBe(200);
      }
      const answers = await Promise.all(stays.map((stay) => member.post(`/api/bookings/${stay.id}/payment`, { method: 'voucher' })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.error.code).toBe('VOUCHER_USED');
      voucherPaid += answers.filter((a) => a.status === 200).length;
    }
    expect(voucherPaid).toBe(trials);
    console.info(`[races ${dialect}] voucher: ${trials} trials of 2 parallel payments, ${voucherPaid} paid with it, ${trials} refused`);
  });

  it(`lets at most ${MAX_FAILURES_PER_ACCOUNT} of 100 parallel wrong logins to one account be checked, across two processes`, async () => {
    await createUser(t.ctx, { email: 'target@example.ch', name: 'Target', password: 'the right one', role: 'member' });
    // A second server on the same database, as a second process would be.
    const second = await secondServer(t);
    try {
      const bases = [t.url, second.url];
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => new TestClient(bases[i % 2]!).post('/api/session', { email: 'target@example.ch', password: `guess ${i}` })),
      );
      const checked = answers.filter((a) => a.status === 401).length;
      expect(answers.filter((a) => a.status !== 401).map((a) => a.body.error.code)).toEqual(Array(100 - checked).fill('RATE_LIMITED'));
      expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
      console.info(`[races ${dialect}] logins: 100 parallel wrong passwords over 2 servers, ${checked} checked, ${100 - checked} refused with 429`);

      // 40 guesses with the right one last: the limit holds, so the right one is refused too.
      await createUser(t.ctx, { email: 'second@example.ch', name: 'Second', password: 'the right one', role: 'member' });
      const guesses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          new TestClient(bases[i % 2]!).post('/api/session', { email: 'second@example.ch', password: i === 39 ? 'the right one' : `guess ${i}` }),
        ),
      );
      expect(guesses.filter((g) => g.status !== 429).length).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    } finally {
      await second.close();
    }
  });
});

async function secondServer(t: TestApp) {
  const db = createDb({ databaseUrl: t.database.databaseUrl, sqlitePath: `${t.database.dataDir}/rustico.sqlite` });
  const ctx = await createContext(t.ctx.config, db, { now: t.clock.now });
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  return {
    url,
    close: async () => {
      app.server.closeAllConnections();
      await app.close();
      await ctx.events.close();
      await db.destroy();
    },
  };
}
