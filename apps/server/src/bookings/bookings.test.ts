import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putHouseRules } from '../house/rules.ts';
import { testDialects } from '../test/databases.ts';
import { openEventStream, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

describe.each(testDialects)('bookings (%s)', (dialect) => {
  let t: TestApp;
  let anna: TestClient;
  let bruno: TestClient;
  let admin: TestClient;
  let annaId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    anna = await t.login('member');
    bruno = await t.login('member');
    admin = await t.login('admin');
    annaId = (await anna.get('/api/session')).body.user.id;
  });
  afterAll(() => t.close());

  it('books a stay at the night fee, at least the minimum, and nothing for maintenance', async () => {
    const stay = await anna.post('/api/bookings', { start: '2026-12-04', end: '2026-12-07', purpose: 'personal' });
    expect(stay.status).toBe(201);
    expect(stay.body.booking).toMatchObject({ start: '2026-12-04', end: '2026-12-07', nights: 3, costCentimes: 15_000, checkedIn: false, checkedOut: false, paid: false, ownerId: annaId });
    const visit = await anna.post('/api/bookings', { start: '2026-12-10', end: '2026-12-10', purpose: 'personal' });
    expect(visit.body.booking).toMatchObject({ nights: 0, costCentimes: 7_500 });
    const work = await anna.post('/api/bookings', { start: '2026-12-11', end: '2026-12-13', purpose: 'maintenance' });
    expect(work.body.booking).toMatchObject({ nights: 2, costCentimes: 0, purpose: 'maintenance' });
  });

  it("lets an administrator book on a member's behalf: the stay is the member's and says who booked it", async () => {
    const forAnna = await admin.post('/api/bookings', { start: '2027-08-01', end: '2027-08-03', purpose: 'personal', ownerId: annaId });
    expect(forAnna.status).toBe(201);
    const adminName = (await admin.get('/api/session')).body.user.name;
    expect(forAnna.body.booking).toMatchObject({ ownerId: annaId, createdByName: adminName });
    const annasHistory = (await anna.get(`/api/users/${annaId}/bookings`)).body.bookings;
    expect(annasHistory.find((b: any) => b.id === forAnna.body.booking.id)).toMatchObject({ ownerId: annaId, createdByName: adminName });
    const own = await anna.post('/api/bookings', { start: '2027-08-05', end: '2027-08-06', purpose: 'personal' });
    expect(own.body.booking.createdByName).toBeNull();
  });

  it('refuses ownerId from a member with 403, and an unknown member with 404, booking nothing', async () => {
    const brunoId = (await bruno.get('/api/session')).body.user.id;
    const fromMember = await anna.post('/api/bookings', { start: '2027-08-10', end: '2027-08-12', purpose: 'personal', ownerId: brunoId });
    expect({ status: fromMember.status, code: fromMember.body.error.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    const unknown = await admin.post('/api/bookings', { start: '2027-08-10', end: '2027-08-12', purpose: 'personal', ownerId: 'nobody' });
    expect({ status: unknown.status, code: unknown.body.error.code, field: unknown.body.error.field }).toEqual({ status: 404, code: 'USER_NOT_FOUND', field: 'ownerId' });
    const august = (await anna.get('/api/bookings?from=2027-08-10&to=2027-08-12')).body.bookings;
    expect(august).toEqual([]);
    // Naming oneself is the same as not naming anyone.
    expect((await anna.post('/api/bookings', { start: '2027-08-10', end: '2027-08-12', purpose: 'personal', ownerId: annaId })).status).toBe(201);
  });

  it('takes its prices from the house settings', async () => {
    await putHouseRules(t.ctx.db, { nightFeeCentimes: 6000 });
    const stay = await bruno.post('/api/bookings', { start: '2027-01-10', end: '2027-01-12', purpose: 'personal' });
    expect(stay.body.booking.costCentimes).toBe(12_000);
    await putHouseRules(t.ctx.db, { nightFeeCentimes: 5000 });
  });

  it('allows a changeover and refuses a shared night with 409 BOOKING_OVERLAP', async () => {
    expect((await bruno.post('/api/bookings', { start: '2026-12-07', end: '2026-12-09', purpose: 'personal' })).status).toBe(201);
    const clash = await bruno.post('/api/bookings', { start: '2026-12-06', end: '2026-12-08', purpose: 'personal' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('BOOKING_OVERLAP');
    const onVisit = await bruno.post('/api/bookings', { start: '2026-12-10', end: '2026-12-10', purpose: 'personal' });
    expect(onVisit.body.error.code).toBe('BOOKING_OVERLAP');
  });

  it('refuses bad dates with a 400 and a code, changing nothing', async () => {
    const cases = [
      [{ start: '2026-12-32', end: '2027-01-02', purpose: 'personal' }, 'INVALID_DATE'],
      [{ start: 'domani', end: '2027-01-02', purpose: 'personal' }, 'INVALID_DATE'],
      [{ start: '2027-02-05', end: '2027-02-01', purpose: 'personal' }, 'END_BEFORE_START'],
      [{ start: '2027-03-01', end: '2027-05-01', purpose: 'personal' }, 'STAY_TOO_LONG'],
      [{ start: '2026-11-01', end: '2026-11-03', purpose: 'personal' }, 'DATE_IN_PAST'],
      [{ start: '2027-02-01', end: '2027-02-03', purpose: 'holiday' }, 'VALIDATION'],
    ] as const;
    const before = (await anna.get(`/api/users/${annaId}/bookings`)).body.bookings.length;
    for (const [body, code] of cases) {
      const response = await anna.post('/api/bookings', body);
      expect({ status: response.status, code: response.body.error.code }, JSON.stringify(body)).toEqual({ status: 400, code });
    }
    expect((await anna.get(`/api/users/${annaId}/bookings`)).body.bookings).toHaveLength(before);
  });

  it('lets an admin record a stay in the past', async () => {
    expect((await admin.post('/api/bookings', { start: '2026-10-01', end: '2026-10-04', purpose: 'personal' })).status).toBe(201);
  });

  it('lets only the owner edit, recalculating the cost; admins may delete any booking', async () => {
    const created = (await anna.post('/api/bookings', { start: '2027-02-01', end: '2027-02-03', purpose: 'personal' })).body.booking;
    const moved = await anna.request('PUT', `/api/bookings/${created.id}`, { start: '2027-02-01', end: '2027-02-05', purpose: 'personal' });
    expect(moved.status).toBe(200);
    expect(moved.body.booking).toMatchObject({ nights: 4, costCentimes: 20_000 });
    const asWork = await anna.request('PUT', `/api/bookings/${created.id}`, { start: '2027-02-01', end: '2027-02-05', purpose: 'maintenance' });
    expect(asWork.body.booking.costCentimes).toBe(0);
    const byOther = await bruno.request('PUT', `/api/bookings/${created.id}`, { start: '2027-02-01', end: '2027-02-02', purpose: 'personal' });
    expect(byOther.status).toBe(403);
    expect((await bruno.delete(`/api/bookings/${created.id}`)).status).toBe(403);
    expect((await admin.request('PUT', `/api/bookings/${created.id}`, { start: '2027-02-01', end: '2027-02-02', purpose: 'personal' })).status).toBe(403);
    expect((await admin.delete(`/api/bookings/${created.id}`)).status).toBe(204);
    expect((await anna.delete(`/api/bookings/${created.id}`)).status).toBe(404);
  });

  it('refuses to move or delete a checked-in booking', async () => {
    const created = (await anna.post('/api/bookings', { start: '2027-03-01', end: '2027-03-03', purpose: 'personal' })).body.booking;
    await t.ctx.db.updateTable('bookings').set({ checkedIn: 1 }).where('id', '=', created.id).execute();
    const move = await anna.request('PUT', `/api/bookings/${created.id}`, { start: '2027-03-02', end: '2027-03-04', purpose: 'personal' });
    expect(move.status).toBe(409);
    expect(move.body.error.code).toBe('BOOKING_CHECKED_IN');
    expect((await anna.delete(`/api/bookings/${created.id}`)).body.error.code).toBe('BOOKING_CHECKED_IN');
    expect((await admin.delete(`/api/bookings/${created.id}`)).status).toBe(409);
  });

  it('moving onto another stay is refused; moving within its own nights is fine', async () => {
    const created = (await anna.post('/api/bookings', { start: '2027-04-01', end: '2027-04-05', purpose: 'personal' })).body.booking;
    await bruno.post('/api/bookings', { start: '2027-04-06', end: '2027-04-08', purpose: 'personal' });
    expect((await anna.request('PUT', `/api/bookings/${created.id}`, { start: '2027-04-02', end: '2027-04-06', purpose: 'personal' })).status).toBe(200);
    const clash = await anna.request('PUT', `/api/bookings/${created.id}`, { start: '2027-04-02', end: '2027-04-07', purpose: 'personal' });
    expect(clash.body.error.code).toBe('BOOKING_OVERLAP');
  });

  it('of 20 concurrent requests for overlapping dates exactly one wins', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => t.login('member')));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        members[i % 4]!.post('/api/bookings', { start: `2027-06-${String(10 + (i % 3)).padStart(2, '0')}`, end: '2027-06-14', purpose: 'personal' }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(responses.filter((r) => r.status === 409).every((r) => r.body.error.code === 'BOOKING_OVERLAP')).toBe(true);
    const stored = (await anna.get('/api/bookings?from=2027-06-01&to=2027-06-30')).body.bookings;
    expect(stored).toHaveLength(1);
  });

  it('lists what the calendar grid shows, and the next booking after today', async () => {
    const december = (await bruno.get('/api/bookings?from=2026-11-30&to=2027-01-10')).body.bookings;
    expect(december.map((b: any) => b.start)).toEqual(['2026-12-04', '2026-12-07', '2026-12-10', '2026-12-11', '2027-01-10']);
    expect(december[0]).toMatchObject({ ownerName: expect.any(String), ownerColour: expect.stringMatching(/^#/) });
    expect((await bruno.get('/api/bookings/next')).body.booking.start).toBe('2026-12-04');
    expect((await bruno.get('/api/bookings?from=2027-01-10&to=2026-11-30')).body.error.code).toBe('END_BEFORE_START');
    expect((await t.client().get('/api/bookings/next')).status).toBe(401);
  });

  it('shows a member their own history, everyone to admins under 0, and refuses 0 to members', async () => {
    const own = (await anna.get(`/api/users/${annaId}/bookings`)).body.bookings;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((b: any) => b.ownerId === annaId)).toBe(true);
    const starts = own.map((b: any) => b.start);
    expect(starts).toEqual([...starts].sort().reverse());
    const refused = await anna.get('/api/users/0/bookings');
    expect(refused.status).toBe(403);
    expect((await bruno.get(`/api/users/${annaId}/bookings`)).status).toBe(403);
    const all = (await admin.get('/api/users/0/bookings')).body.bookings;
    expect(new Set(all.map((b: any) => b.ownerId)).size).toBeGreaterThan(2);
    expect(all.every((b: any) => typeof b.ownerName === 'string')).toBe(true);
  });

  it("keeps a hidden account's bookings from everyone else, and shows it everything", async () => {
    const hidden = await t.login('superadmin', { hidden: true });
    const secret = (await hidden.post('/api/bookings', { start: '2026-11-25', end: '2026-11-27', purpose: 'personal' })).body.booking;
    expect((await anna.get('/api/bookings?from=2026-11-20&to=2026-11-30')).body.bookings).toHaveLength(0);
    expect((await anna.get('/api/bookings/next')).body.booking.start).toBe('2026-12-04');
    expect((await admin.get('/api/users/0/bookings')).body.bookings.some((b: any) => b.id === secret.id)).toBe(false);
    expect((await admin.get(`/api/users/${secret.ownerId}/bookings`)).body.bookings).toHaveLength(0);
    expect((await admin.delete(`/api/bookings/${secret.id}`)).status).toBe(404);
    // The nights are still taken: nobody can book over them.
    expect((await anna.post('/api/bookings', { start: '2026-11-26', end: '2026-11-28', purpose: 'personal' })).body.error.code).toBe('BOOKING_OVERLAP');
    expect((await hidden.get('/api/bookings/next')).body.booking.id).toBe(secret.id);
    expect((await hidden.get('/api/users/0/bookings')).body.bookings.length).toBeGreaterThan(1);
  });

  it('streams a change to another session at once, hides hidden accounts, and replays what a reconnect missed', async () => {
    const stream = await openEventStream(bruno, t.url);
    const hidden = await t.login('member', { hidden: true });
    const secret = (await hidden.post('/api/bookings', { start: '2027-07-01', end: '2027-07-02', purpose: 'personal' })).body.booking;
    const created = (await anna.post('/api/bookings', { start: '2027-07-10', end: '2027-07-12', purpose: 'personal' })).body.booking;
    expect(await stream.next((e) => e.id === created.id)).toEqual({ type: 'booking', action: 'created', id: created.id });
    await expect(stream.next((e) => e.id === secret.id, 300)).rejects.toThrow(/no matching event/);
    const lastSeen = stream.ids.at(-1)!;
    stream.close();

    await anna.request('PUT', `/api/bookings/${created.id}`, { start: '2027-07-10', end: '2027-07-13', purpose: 'personal' });
    await anna.delete(`/api/bookings/${created.id}`);
    const resumed = await openEventStream(bruno, t.url, lastSeen);
    expect(await resumed.next((e) => e.action === 'updated')).toMatchObject({ id: created.id });
    expect(await resumed.next((e) => e.action === 'deleted')).toMatchObject({ id: created.id });
    resumed.close();

    const stranger = await openEventStream(bruno, t.url, 'deadbeef-1');
    expect(await stranger.next((e) => e.type === 'resync')).toEqual({ type: 'resync' });
    stranger.close();
    expect((await t.client().get('/api/events')).status).toBe(401);
  });
});

describe('house rules', () => {
  it('are readable by members, for the cost shown before saving', async () => {
    const t = await startTestApp('sqlite');
    try {
      const member = await t.login('member');
      expect((await member.get('/api/house/rules')).body.rules).toEqual({
        nightFeeCentimes: 5000,
        minimumStayCostCentimes: 7500,
        pricePerKwhCentimes: 30,
        maxStayNights: 60,
        bookingWindowMonths: null,
        quotaNights: null,
        noticeDays: 0,
        memberQuotas: [],
        holdDays: 7,
        maxHolds: 2,
      });
      expect((await t.client().get('/api/house/rules')).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});
