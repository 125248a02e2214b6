import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { browserSubscription, decryptPush, fakePushService } from '../test/push-service.ts';
import { openEventStream, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { runTurnNotices } from './service.ts';

const HOUR = 60 * 60 * 1000;

/** Picking turns: only the member whose turn it is books; the turn passes on booking, skip or expiry. */
describe.each(testDialects)('picking turns (%s)', (dialect) => {
  const push = fakePushService();
  let t: TestApp;
  const clients: Record<string, TestClient> = {};
  const ids: Record<string, string> = {};
  const names: Record<string, string> = {};
  const devices: Record<string, ReturnType<typeof browserSubscription>> = {};
  let roundId: string;

  const book = (who: string, start: string, end: string) => clients[who]!.post('/api/bookings', { start, end, purpose: 'personal' });
  const round = async () => (await clients.admin!.get('/api/turns')).body.rounds.find((r: any) => r.id === roundId);
  const pushedTo = async () => {
    await t.ctx.tasks.idle();
    await t.ctx.push.idle();
    return push.received.map((r) => {
      const who = Object.keys(devices).find((name) => r.path === `/push/${name}`)!;
      return { who, ...(decryptPush(r.body, devices[who]!) as { title: string }) };
    });
  };

  beforeAll(async () => {
    const base = await push.start();
    t = await startTestApp(dialect, { PUSH_ALLOW_LOOPBACK: 'true' });
    for (const name of ['anna', 'bruno', 'carla', 'dario', 'admin']) {
      clients[name] = await t.login(name === 'admin' ? 'admin' : 'member');
      const user = (await clients[name]!.get('/api/session')).body.user;
      ids[name] = user.id;
      names[name] = user.name;
      devices[name] = browserSubscription(base, name);
      await clients[name]!.post('/api/push/subscriptions', devices[name]!.json);
    }
  });
  afterAll(async () => {
    await t.close();
    await push.stop();
  });
  beforeEach(() => {
    push.received.length = 0;
  });

  it('opens turns for a range (admins), in the order given, and tells the first member', async () => {
    const body = { from: '2027-07-01', to: '2027-08-31', order: ['anna', 'bruno', 'carla', 'dario'].map((n) => ids[n]), nightsPerTurn: 7, windowHours: 48 };
    expect((await clients.anna!.post('/api/turns', body)).status).toBe(403);
    expect((await clients.admin!.post('/api/turns', { ...body, order: [ids.anna, ids.anna] })).body.error.code).toBe('VALIDATION');
    expect((await clients.admin!.post('/api/turns', { ...body, order: [ids.anna, 'nobody'] })).body.error.code).toBe('USER_NOT_FOUND');
    expect((await clients.admin!.post('/api/turns', { ...body, to: '2027-06-01' })).body.error.code).toBe('END_BEFORE_START');
    const opened = await clients.admin!.post('/api/turns', body);
    expect(opened.status).toBe(201);
    roundId = opened.body.round.id;
    const now = t.clock.now().getTime();
    expect(opened.body.round).toMatchObject({ status: 'running', currentMemberId: ids.anna, nightsPerTurn: 7, windowHours: 48, openedByName: names.admin });
    expect(opened.body.round.turns.map((turn: any) => [turn.memberName, turn.status, turn.startsAt])).toEqual([
      [names.anna, 'current', new Date(now).toISOString()],
      [names.bruno, 'waiting', new Date(now + 48 * HOUR).toISOString()],
      [names.carla, 'waiting', new Date(now + 96 * HOUR).toISOString()],
      [names.dario, 'waiting', new Date(now + 144 * HOUR).toISOString()],
    ]);
    expect((await pushedTo()).map((p) => [p.who, p.title])).toEqual([['anna', 'Tocca a te']]);
    expect((await clients.anna!.get('/api/notices')).body.notices[0]).toMatchObject({ kind: 'turn-started', roundId, start: '2027-07-01', end: '2027-08-31' });
    // One running round per range.
    const overlapping = await clients.admin!.post('/api/turns', { ...body, from: '2027-08-01', to: '2027-09-30' });
    expect({ status: overlapping.status, code: overlapping.body.error.code }).toEqual({ status: 409, code: 'TURNS_OVERLAP' });
  });

  it('refuses everyone else in the range with NOT_YOUR_TURN, and a stay longer than a turn allows', async () => {
    const refused = await book('bruno', '2027-08-30', '2027-09-03');
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 409, code: 'NOT_YOUR_TURN' });
    expect(refused.body.error.details).toEqual({ roundId, currentMemberId: ids.anna, currentMemberName: names.anna, turnEndsAt: (await round()).turns[0].endsAt });
    // Outside the range Bruno books as always.
    expect((await book('bruno', '2027-09-01', '2027-09-03')).status).toBe(201);
    const long = await book('anna', '2027-07-01', '2027-07-09');
    expect({ status: long.status, code: long.body.error.code, details: long.body.error.details }).toEqual({ status: 400, code: 'STAY_TOO_LONG', details: { maxStayNights: 7 } });
  });

  it("passes the turn when its member books (confirmed at once), and tells the next member; the queue is live", async () => {
    const stream = await openEventStream(clients.carla!, t.url);
    const booked = await book('anna', '2027-07-01', '2027-07-08');
    expect(booked.body.booking.status).toBe('confirmed');
    expect(await stream.next((e) => e.type === 'turns')).toEqual({ type: 'turns', action: 'updated', id: roundId });
    stream.close();
    const now = (await round()).turns;
    expect(now.map((turn: any) => [turn.status, turn.endedBy])).toEqual([
      ['done', 'booked'],
      ['current', null],
      ['waiting', null],
      ['waiting', null],
    ]);
    expect(now[0].bookingId).toBe(booked.body.booking.id);
    expect((await pushedTo()).filter((p) => p.title === 'Tocca a te').map((p) => p.who)).toEqual(['bruno']);
    // Her turn is over: Anna cannot book in the range again.
    expect((await book('anna', '2027-08-01', '2027-08-03')).body.error.code).toBe('NOT_YOUR_TURN');
  });

  it('passes the turn on a skip by its member (or an admin), never by another member', async () => {
    const byCarla = await clients.carla!.post(`/api/turns/${roundId}/skip`, { memberId: ids.bruno });
    expect({ status: byCarla.status, code: byCarla.body.error.code }).toEqual({ status: 409, code: 'NOT_YOUR_TURN' });
    // Whose turn it is must be named: a skip of a turn that has passed on is refused.
    expect((await clients.admin!.post(`/api/turns/${roundId}/skip`, {})).status).toBe(400);
    const stale = await clients.admin!.post(`/api/turns/${roundId}/skip`, { memberId: ids.anna });
    expect({ status: stale.status, code: stale.body.error.code, name: stale.body.error.details.currentMemberName }).toEqual({ status: 409, code: 'TURN_CHANGED', name: names.bruno });
    expect((await round()).currentMemberId).toBe(ids.bruno);
    const skipped = await clients.bruno!.post(`/api/turns/${roundId}/skip`, { memberId: ids.bruno });
    expect(skipped.status).toBe(200);
    expect(skipped.body.round.currentMemberId).toBe(ids.carla);
    expect(skipped.body.round.turns[1]).toMatchObject({ status: 'done', endedBy: 'skipped' });
    expect((await pushedTo()).map((p) => p.who)).toEqual(['carla']);
  });

  it('passes the turn when the window runs out, on the clock alone, and announces it once', async () => {
    t.clock.advance(48 * HOUR - 1000);
    expect((await round()).currentMemberId).toBe(ids.carla);
    expect(await runTurnNotices(t.ctx)).toBe(0);
    t.clock.advance(1000);
    const after = await round();
    expect(after.currentMemberId).toBe(ids.dario);
    expect(after.turns[2]).toMatchObject({ status: 'done', endedBy: 'expired', endsAt: t.clock.now().toISOString() });
    // The booking rule reads the same clock before anyone announced anything.
    expect((await book('carla', '2027-08-10', '2027-08-12')).body.error.code).toBe('NOT_YOUR_TURN');
    expect(await runTurnNotices(t.ctx)).toBe(1);
    expect(await runTurnNotices(t.ctx)).toBe(0);
    expect((await pushedTo()).map((p) => [p.who, p.title])).toEqual([['dario', 'Tocca a te']]);
  });

  it('opens the range to everyone after the last turn', async () => {
    t.clock.advance(48 * HOUR);
    expect(await round()).toMatchObject({ status: 'finished', currentMemberId: null });
    expect((await book('carla', '2027-08-10', '2027-08-12')).status).toBe(201);
    expect(await runTurnNotices(t.ctx)).toBe(0);
  });

  it("suggests next year's order: last year's rotated by one, newcomers after", async () => {
    expect((await clients.anna!.get('/api/turns/suggested-order?from=2028-07-01')).status).toBe(403);
    const suggested = (await clients.admin!.get('/api/turns/suggested-order?from=2028-07-01')).body;
    expect(suggested.basedOnRoundId).toBe(roundId);
    expect(suggested.order.map((m: any) => m.memberId)).toEqual([ids.bruno, ids.carla, ids.dario, ids.anna, ids.admin]);
  });

  it('lets an administrator close a round early: the range opens to everyone', async () => {
    const body = { from: '2028-07-01', to: '2028-07-31', order: [ids.bruno, ids.carla], nightsPerTurn: 7, windowHours: 24 };
    const opened = (await clients.admin!.post('/api/turns', body)).body.round;
    expect((await book('carla', '2028-07-10', '2028-07-12')).body.error.code).toBe('NOT_YOUR_TURN');
    expect((await clients.carla!.delete(`/api/turns/${opened.id}`)).status).toBe(403);
    expect((await clients.admin!.delete(`/api/turns/${opened.id}`)).status).toBe(204);
    expect((await clients.admin!.get('/api/turns')).body.rounds.find((r: any) => r.id === opened.id)).toMatchObject({ status: 'closed', currentMemberId: null });
    expect((await book('carla', '2028-07-10', '2028-07-12')).status).toBe(201);
    expect((await clients.bruno!.post(`/api/turns/${opened.id}/skip`, { memberId: ids.bruno })).body.error.code).toBe('TURNS_FINISHED');
  });

  it("never skips the next member's turn when an admin skips a turn just as its member books", async () => {
    for (let trial = 0; trial < 8; trial += 1) {
      const month = String(trial + 1).padStart(2, '0');
      const body = { from: `2029-${month}-01`, to: `2029-${month}-20`, order: [ids.anna, ids.bruno, ids.carla], nightsPerTurn: 7, windowHours: 24 };
      const opened = (await clients.admin!.post('/api/turns', body)).body.round;
      const [booking, skip] = await Promise.all([
        book('anna', `2029-${month}-02`, `2029-${month}-05`),
        clients.admin!.post(`/api/turns/${opened.id}/skip`, { memberId: ids.anna }),
      ]);
      // One of the two ends Anna's turn; the other finds it ended. Bruno's turn is never touched.
      if (booking.status === 201) expect([skip.status, skip.body.error.code]).toEqual([409, 'TURN_CHANGED']);
      else expect([skip.status, booking.status, booking.body.error.code]).toEqual([200, 409, 'NOT_YOUR_TURN']);
      const after = (await clients.admin!.get('/api/turns')).body.rounds.find((r: any) => r.id === opened.id);
      expect(after.currentMemberId).toBe(ids.bruno);
      expect(after.turns.map((turn: any) => turn.endedBy)).toEqual([booking.status === 201 ? 'booked' : 'skipped', null, null]);
      await clients.admin!.delete(`/api/turns/${opened.id}`);
    }
  });
});
