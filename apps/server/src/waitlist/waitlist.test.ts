import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { browserSubscription, decryptPush, fakePushService } from '../test/push-service.ts';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

/** The waitlist: told when a taken night frees up, in the order asked. */
describe.each(testDialects)('waitlist (%s)', (dialect) => {
  const push = fakePushService();
  let t: TestApp;
  const clients: Record<string, TestClient> = {};
  const ids: Record<string, string> = {};
  const devices: Record<string, ReturnType<typeof browserSubscription>> = {};

  const book = (who: string, start: string, end: string) => clients[who]!.post('/api/bookings', { start, end, purpose: 'personal' });
  const wait = (who: string, start: string, end: string) => clients[who]!.post('/api/waitlist', { start, end });
  const pushes = async () => {
    await t.ctx.tasks.idle();
    await t.ctx.push.idle();
    return push.received.map((r) => {
      const who = Object.keys(devices).find((name) => r.path === `/push/${name}`)!;
      return { who, ...(decryptPush(r.body, devices[who]!) as { title: string; body: string }) };
    });
  };

  beforeAll(async () => {
    const base = await push.start();
    t = await startTestApp(dialect, { PUSH_ALLOW_LOOPBACK: 'true' });
    for (const name of ['anna', 'bruno', 'carla', 'dario', 'admin']) {
      clients[name] = await t.login(name === 'admin' ? 'admin' : 'member');
      ids[name] = (await clients[name]!.get('/api/session')).body.user.id;
      devices[name] = browserSubscription(base, name);
      await clients[name]!.post('/api/push/subscriptions', devices[name]!.json);
      // Only the waitlist's notices are of interest here.
      await clients[name]!.request('PUT', '/api/profile/notifications', { bookings: 'none', notes: 'none', reminders: 'none', fairness: 'push' });
    }
  });
  afterAll(async () => {
    await t.close();
    await push.stop();
  });
  beforeEach(async () => {
    await pushes();
    push.received.length = 0;
  });

  it('takes entries only for taken nights, in the future, once per member and dates', async () => {
    const free = await wait('bruno', '2027-02-01', '2027-02-03');
    expect({ status: free.status, code: free.body.error.code }).toEqual({ status: 409, code: 'NIGHTS_FREE' });
    expect((await wait('bruno', '2026-11-01', '2026-11-03')).body.error.code).toBe('DATE_IN_PAST');
    expect((await wait('bruno', '2027-02-03', '2027-02-01')).body.error.code).toBe('END_BEFORE_START');
    expect((await wait('bruno', 'domani', '2027-02-01')).body.error.code).toBe('INVALID_DATE');
    expect(await t.ctx.db.selectFrom('waitlistEntries').selectAll().execute()).toEqual([]);
    await book('anna', '2027-02-01', '2027-02-05');
    const entry = await wait('bruno', '2027-02-02', '2027-02-04');
    expect(entry.status).toBe(201);
    expect(entry.body.entry).toMatchObject({ memberId: ids.bruno, start: '2027-02-02', end: '2027-02-04', notifiedAt: null });
    const again = await wait('bruno', '2027-02-02', '2027-02-04');
    expect({ status: again.status, id: again.body.entry.id }).toEqual({ status: 200, id: entry.body.entry.id });
    expect((await clients.bruno!.get('/api/waitlist')).body.entries).toHaveLength(1);
    expect((await clients.carla!.get('/api/waitlist')).body.entries).toEqual([]);
    expect((await clients.admin!.get('/api/waitlist')).body.entries).toHaveLength(1);
    expect((await clients.carla!.delete(`/api/waitlist/${entry.body.entry.id}`)).status).toBe(403);
    expect((await clients.bruno!.delete(`/api/waitlist/${entry.body.entry.id}`)).status).toBe(204);
  });

  it('tells the waiting members when the stay is cancelled, one after the other in the order they asked', async () => {
    const stay = (await book('anna', '2027-03-01', '2027-03-08')).body.booking;
    await wait('dario', '2027-03-05', '2027-03-07');
    await wait('bruno', '2027-03-01', '2027-03-03');
    await wait('carla', '2027-03-02', '2027-03-06');
    // Someone waiting for other nights hears nothing.
    await book('anna', '2027-04-01', '2027-04-03');
    await wait('admin', '2027-04-01', '2027-04-02');
    expect((await clients.anna!.delete(`/api/bookings/${stay.id}`)).status).toBe(204);
    const received = await pushes();
    expect(received.map((p) => [p.who, p.title])).toEqual([
      ['dario', 'Si è liberato un posto'],
      ['bruno', 'Si è liberato un posto'],
      ['carla', 'Si è liberato un posto'],
    ]);
    expect((await clients.carla!.get('/api/notices')).body.notices[0]).toMatchObject({ kind: 'waitlist-freed', start: '2027-03-02', end: '2027-03-06' });
    expect((await clients.carla!.get('/api/waitlist')).body.entries[0].notifiedAt).toBe(t.clock.now().toISOString());
    // Told once: booking and cancelling again tells nobody.
    push.received.length = 0;
    const again = (await book('anna', '2027-03-01', '2027-03-08')).body.booking;
    await clients.anna!.delete(`/api/bookings/${again.id}`);
    expect(await pushes()).toEqual([]);
  });

  it('tells them when the stay moves off their nights, and only for nights really free', async () => {
    const stay = (await book('anna', '2027-05-01', '2027-05-06')).body.booking;
    await book('dario', '2027-05-06', '2027-05-09');
    await wait('bruno', '2027-05-01', '2027-05-03');
    await wait('carla', '2027-05-05', '2027-05-08');
    // Moving within the nights Carla waits for frees only Bruno's.
    const moved = await clients.anna!.request('PUT', `/api/bookings/${stay.id}`, { start: '2027-05-03', end: '2027-05-06', purpose: 'personal' });
    expect(moved.status).toBe(200);
    expect((await pushes()).map((p) => p.who)).toEqual(['bruno']);
  });
});
