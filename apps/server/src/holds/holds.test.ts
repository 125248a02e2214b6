import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putHouseRules } from '../house/rules.ts';
import { testDialects } from '../test/databases.ts';
import { startPeerServer, startTestApp, type PeerServer, type TestApp, type TestClient } from '../test/test-app.ts';
import { runHoldUpkeep } from './service.ts';

const ZONE = 'Europe/Zurich';
/** The test clock starts on 21.11.2026 at 10:00 in Zurich: a hold of 7 days lasts until the end of 28.11. */
const EXPIRES = '2026-11-28T23:00:00.000Z';

describe.each(testDialects)('holds («opzione») (%s)', (dialect) => {
  let t: TestApp;
  // A second server on the same PostgreSQL database: what a second process is to the races. SQLite
  // serves one process, so there the two are one.
  let other: PeerServer;
  let admin: TestClient;
  let anna: TestClient;
  let bruno: TestClient;
  let carla: TestClient;
  const code = (response: { status: number; body: any }) => `${response.status} ${response.body?.error?.code ?? ''}`.trim();

  beforeAll(async () => {
    t = await startTestApp(dialect, { HOUSE_TIME_ZONE: ZONE });
    other = await startPeerServer(t);
    admin = await t.login('admin');
    anna = await t.login('member');
    bruno = await t.login('member');
    carla = await t.login('member');
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('holds free nights for everyone to see; bookings and holds of them are refused; confirming makes the booking', async () => {
    const made = await anna.post('/api/holds', { start: '2027-02-01', end: '2027-02-05' });
    expect(made.status).toBe(201);
    expect(made.body.hold).toMatchObject({ start: '2027-02-01', end: '2027-02-05', expiresAt: EXPIRES, lastDay: '2026-11-28', ownerName: expect.any(String), ownerColour: expect.any(String) });
    const hold = made.body.hold;
    expect((await bruno.get('/api/holds?from=2027-02-01&to=2027-02-28')).body.holds.map((h: any) => h.id)).toEqual([hold.id]);

    const booked = await bruno.post('/api/bookings', { start: '2027-02-04', end: '2027-02-07', purpose: 'personal' });
    expect(code(booked)).toBe('409 NIGHTS_HELD');
    expect(booked.body.error.details).toMatchObject({ holderName: hold.ownerName, until: '2026-11-28' });
    expect(code(await bruno.post('/api/holds', { start: '2027-01-30', end: '2027-02-02' }))).toBe('409 NIGHTS_HELD');
    // The day of departure is the next one's arrival, as with bookings.
    const after = await bruno.post('/api/bookings', { start: '2027-02-05', end: '2027-02-07', purpose: 'personal' });
    expect(after.status).toBe(201);
    expect(code(await carla.post('/api/holds', { start: '2027-02-06', end: '2027-02-08' }))).toBe('409 BOOKING_OVERLAP');
    // Moving a booking onto held nights is refused as making one is.
    expect(code(await bruno.request('PUT', `/api/bookings/${after.body.booking.id}`, { start: '2027-02-03', end: '2027-02-07', purpose: 'personal' }))).toBe('409 NIGHTS_HELD');
    // One may wait behind a hold.
    expect((await carla.post('/api/waitlist', { start: '2027-02-02', end: '2027-02-04' })).status).toBe(201);

    expect((await bruno.post(`/api/holds/${hold.id}/confirm`, { purpose: 'personal' })).status).toBe(403);
    const confirmed = await anna.post(`/api/holds/${hold.id}/confirm`, { purpose: 'personal' }, { 'idempotency-key': 'confirm-hold-1' });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.booking).toMatchObject({ start: '2027-02-01', end: '2027-02-05', status: 'confirmed', purpose: 'personal' });
    // The same key answers the same again and books nothing more.
    const again = await anna.post(`/api/holds/${hold.id}/confirm`, { purpose: 'personal' }, { 'idempotency-key': 'confirm-hold-1' });
    expect(again.body.booking.id).toBe(confirmed.body.booking.id);
    expect(code(await anna.post(`/api/holds/${hold.id}/confirm`, { purpose: 'personal' }))).toBe('404 NOT_FOUND');
    expect((await bruno.get('/api/holds?from=2027-02-01&to=2027-02-28')).body.holds).toEqual([]);
    const history = (await anna.get(`/api/bookings/${confirmed.body.booking.id}/history`)).body.changes;
    expect(history[0]).toMatchObject({ action: 'created', fields: { fromHold: { from: null, to: true } } });
  });

  it('confirms a hold in a peak period as a request, every rule judged at that moment', async () => {
    await admin.post('/api/peak-periods', { name: 'Carnevale', from: '03-01', to: '03-07', year: null });
    const hold = (await anna.post('/api/holds', { start: '2027-03-02', end: '2027-03-04' })).body.hold;
    const request = await anna.post(`/api/holds/${hold.id}/confirm`, { purpose: 'personal' });
    expect(request.status).toBe(201);
    expect(request.body.booking.status).toBe('requested');

    // A quota set meanwhile is judged when the hold is confirmed; the refused hold stays.
    await putHouseRules(t.ctx.db, { quotaNights: 3 });
    const long = (await anna.post('/api/holds', { start: '2027-04-01', end: '2027-04-05' })).body.hold;
    expect(code(await anna.post(`/api/holds/${long.id}/confirm`, { purpose: 'personal' }))).toBe('409 QUOTA_EXCEEDED');
    expect((await anna.get('/api/holds/mine')).body.holds.map((h: any) => h.id)).toEqual([long.id]);
    await putHouseRules(t.ctx.db, { quotaNights: null });
    expect((await anna.delete(`/api/holds/${long.id}`)).status).toBe(204);
  });

  it('keeps maxHolds, is off when the house says so, and an admin releases another’s hold only saying why', async () => {
    await putHouseRules(t.ctx.db, { maxHolds: 1 });
    const first = (await carla.post('/api/holds', { start: '2027-05-01', end: '2027-05-03' })).body.hold;
    const second = await carla.post('/api/holds', { start: '2027-05-10', end: '2027-05-12' });
    expect(code(second)).toBe('409 HOLD_LIMIT');
    expect(second.body.error.details).toEqual({ maxHolds: 1 });

    expect((await bruno.delete(`/api/holds/${first.id}`)).status).toBe(403);
    expect(code(await admin.delete(`/api/holds/${first.id}`))).toBe('400 REASON_REQUIRED');
    expect((await admin.delete(`/api/holds/${first.id}?reason=${encodeURIComponent('Lavori al tetto')}`)).status).toBe(204);
    expect((await carla.get('/api/notices')).body.notices[0]).toMatchObject({ kind: 'hold-released', reason: 'Lavori al tetto', start: '2027-05-01' });
    // Everyone else reads the reason too; the admin who released it is not told.
    const told = (await bruno.get('/api/notices')).body.notices.filter((n: any) => n.kind === 'hold-released-house');
    expect(told).toEqual([expect.objectContaining({ reason: 'Lavori al tetto', start: '2027-05-01', byName: expect.any(String) })]);
    expect((await admin.get('/api/notices')).body.notices.some((n: any) => n.kind.startsWith('hold-released'))).toBe(false);
    const entries = (await admin.get('/api/activity?kind=hold')).body.entries;
    expect(entries[0]).toMatchObject({ action: 'released', fields: { reason: { from: null, to: 'Lavori al tetto' } } });
    // Released, she may hold again.
    expect((await carla.post('/api/holds', { start: '2027-05-10', end: '2027-05-12' })).status).toBe(201);

    // A hidden member's hold keeps its nights from everyone, but only hidden accounts see whose.
    const hidden = await t.login('member', { hidden: true });
    const secret = (await hidden.post('/api/holds', { start: '2027-06-10', end: '2027-06-12' })).body.hold;
    expect((await bruno.get('/api/holds?from=2027-06-01&to=2027-06-30')).body.holds).toEqual([]);
    const refused = await bruno.post('/api/bookings', { start: '2027-06-11', end: '2027-06-13', purpose: 'personal' });
    expect({ code: code(refused), details: refused.body.error.details }).toEqual({ code: '409 NIGHTS_HELD', details: { holderName: null, holderId: null, until: '2026-11-28' } });
    expect((await hidden.delete(`/api/holds/${secret.id}`)).status).toBe(204);

    await putHouseRules(t.ctx.db, { holdDays: null });
    expect(code(await bruno.post('/api/holds', { start: '2027-06-01', end: '2027-06-03' }))).toBe('409 HOLDS_OFF');
    await putHouseRules(t.ctx.db, { holdDays: 7, maxHolds: 2 });
    expect(code(await bruno.post('/api/holds', { start: '2026-11-01', end: '2026-11-03' }))).toBe('400 DATE_IN_PAST');
  });

  it('ends by itself: no hold past its moment, released once and reminded once by two processes, the waitlist told', async () => {
    const hold = (await anna.post('/api/holds', { start: '2027-07-01', end: '2027-07-04' })).body.hold;
    expect((await bruno.post('/api/waitlist', { start: '2027-07-02', end: '2027-07-03' })).status).toBe(201);

    // Its last day begins at night: nobody is woken. From 09:00, one reminder, however many processes run the job.
    t.clock.advance(Date.parse(EXPIRES) - t.clock.now().getTime() - 16 * 60 * 60 * 1000);
    expect((await Promise.all([runHoldUpkeep(t.ctx), runHoldUpkeep(other.ctx)])).map((r) => r.reminded)).toEqual([0, 0]);
    t.clock.advance(4 * 60 * 60 * 1000);
    const live = (await admin.get('/api/holds?from=2027-01-01&to=2027-12-31')).body.holds.length;
    const reminded = await Promise.all([runHoldUpkeep(t.ctx), runHoldUpkeep(other.ctx)]);
    expect(reminded.map((r) => r.reminded).reduce((a, b) => a + b)).toBe(live);
    expect((await anna.get('/api/notices')).body.notices.filter((n: any) => n.kind === 'hold-expiring')).toHaveLength(1);

    // At its moment it is no hold, whether or not the job ran.
    t.clock.advance(12 * 60 * 60 * 1000);
    expect((await bruno.get('/api/holds?from=2027-07-01&to=2027-07-31')).body.holds).toEqual([]);
    expect(code(await anna.post(`/api/holds/${hold.id}/confirm`, { purpose: 'personal' }))).toBe('409 HOLD_EXPIRED');
    const ended = await Promise.all([runHoldUpkeep(t.ctx), runHoldUpkeep(other.ctx)]);
    expect(ended.map((r) => r.expired).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1);
    await Promise.all([t.ctx.tasks.idle(), other.ctx.tasks.idle()]);
    const expiries = (await admin.get('/api/activity?kind=hold')).body.entries.filter((e: any) => e.action === 'expired' && e.label.startsWith('01.07.2027'));
    expect(expiries).toHaveLength(1);
    expect((await bruno.get('/api/notices')).body.notices[0]).toMatchObject({ kind: 'waitlist-freed', start: '2027-07-02' });
    // An expired hold is no cancellation and counts no nights: Anna's are her booking of February and her request of March.
    const annaId = (await anna.get('/api/session')).body.user.id;
    const view = (await admin.get('/api/fairness?year=2027')).body.members;
    expect(view.find((m: any) => m.memberId === annaId)).toMatchObject({ personalNights: 4, requestedNights: 2 });
    expect((await bruno.post('/api/bookings', { start: '2027-07-01', end: '2027-07-04', purpose: 'personal' })).status).toBe(201);
  });

  it('lets exactly one win: a hold and a booking, two holds, the last hold allowed, a confirmation and the expiry', async () => {
    const annaB = other.as(anna);
    const brunoB = other.as(bruno);
    for (let round = 0; round < 3; round++) {
      const nights = { start: `2027-08-${10 + round * 3}`, end: `2027-08-${12 + round * 3}` };
      const [hold, booking] = await Promise.all([anna.post('/api/holds', nights), brunoB.post('/api/bookings', { ...nights, purpose: 'personal' })]);
      expect([hold.status, booking.status].sort()).toEqual([201, 409]);
      const later = { start: `2027-09-${10 + round * 3}`, end: `2027-09-${12 + round * 3}` };
      const twice = await Promise.all([annaB.post('/api/holds', later), bruno.post('/api/holds', later)]);
      expect(twice.map(code).sort()).toEqual(['201', '409 NIGHTS_HELD']);
      for (const response of [hold, ...twice]) if (response.status === 201) await (response === twice[0] ? anna : response === hold ? anna : bruno).delete(`/api/holds/${response.body.hold.id}`);
    }

    // One hold left to carla: two at once, one wins.
    const carlaB = other.as(carla);
    await putHouseRules(t.ctx.db, { maxHolds: (await carla.get('/api/holds/mine')).body.holds.length + 1 });
    const raced = await Promise.all([carla.post('/api/holds', { start: '2027-10-01', end: '2027-10-03' }), carlaB.post('/api/holds', { start: '2027-10-10', end: '2027-10-12' })]);
    expect(raced.map(code).sort()).toEqual(['201', '409 HOLD_LIMIT']);

    // A confirmation just before the moment wins against the job; at the moment the job wins.
    const early = (await anna.post('/api/holds', { start: '2027-11-01', end: '2027-11-03' })).body.hold;
    t.clock.advance(Date.parse(early.expiresAt) - t.clock.now().getTime() - 1);
    const [confirmed, job] = await Promise.all([anna.post(`/api/holds/${early.id}/confirm`, { purpose: 'personal' }), runHoldUpkeep(other.ctx)]);
    expect(confirmed.status).toBe(201);
    expect(job.expired).toBe(0);

    const late = (await annaB.post('/api/holds', { start: '2027-11-10', end: '2027-11-12' })).body.hold;
    t.clock.advance(Date.parse(late.expiresAt) - t.clock.now().getTime());
    const [refused, lateJob] = await Promise.all([annaB.post(`/api/holds/${late.id}/confirm`, { purpose: 'personal' }), runHoldUpkeep(t.ctx)]);
    await putHouseRules(t.ctx.db, { maxHolds: 2 });
    expect(code(refused)).toBe('409 HOLD_EXPIRED');
    expect(lateJob.expired).toBeGreaterThanOrEqual(1);
    expect((await anna.get('/api/bookings?from=2027-11-10&to=2027-11-12')).body.bookings).toEqual([]);
  });
});
