import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

/** The house rules: who sets them, what they refuse (with figures), overrides, quota and the fairness view. */
describe.each(testDialects)('house rules (%s)', (dialect) => {
  let t: TestApp;
  let anna: TestClient;
  let bruno: TestClient;
  let admin: TestClient;
  let annaId: string;
  let adminName: string;

  const book = (client: TestClient, start: string, end: string, extra: Record<string, unknown> = {}) =>
    client.post('/api/bookings', { start, end, purpose: 'personal', ...extra });
  const refusal = (response: { status: number; body: any }) => ({ status: response.status, code: response.body.error?.code, details: response.body.error?.details });
  const countOf = async (client: TestClient, id: string) => (await client.get(`/api/users/${id}/bookings`)).body.bookings.length as number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    anna = await t.login('member');
    bruno = await t.login('member');
    admin = await t.login('admin');
    annaId = (await anna.get('/api/session')).body.user.id;
    adminName = (await admin.get('/api/session')).body.user.name;
  });
  afterAll(() => t.close());

  it('are set by administrators only, each change kept with who and when, and read by every member', async () => {
    expect((await anna.request('PUT', '/api/house/rules', { quotaNights: 30 })).status).toBe(403);
    expect((await t.client().request('PUT', '/api/house/rules', { quotaNights: 30 })).status).toBe(401);
    for (const bad of [{}, { quotaNights: -1 }, { bookingWindowMonths: 0 }, { noticeDays: 'tre' }, { maxStayNights: 400 }, { nightFeeCentimes: 4_344_122_571_560 }]) {
      const response = await admin.request('PUT', '/api/house/rules', bad);
      expect({ body: bad, status: response.status, code: response.body.error.code }).toEqual({ body: bad, status: 400, code: 'VALIDATION' });
    }
    const set = await admin.request('PUT', '/api/house/rules', { bookingWindowMonths: 12, maxStayNights: 21, quotaNights: 30, noticeDays: 2 });
    expect(set.status).toBe(200);
    expect(set.body.rules).toMatchObject({ bookingWindowMonths: 12, maxStayNights: 21, quotaNights: 30, noticeDays: 2, nightFeeCentimes: 5000 });
    expect((await anna.get('/api/house/rules')).body.rules).toEqual(set.body.rules);
    const history = (await anna.get('/api/house/rules/history')).body.changes;
    expect(history.map((c: any) => [c.rule, c.before, c.after, c.byName])).toEqual(
      expect.arrayContaining([
        ['bookingWindowMonths', null, 12, adminName],
        ['maxStayNights', 60, 21, adminName],
        ['quotaNights', null, 30, adminName],
        ['noticeDays', 0, 2, adminName],
      ]),
    );
    expect(history.every((c: any) => c.at === t.clock.now().toISOString())).toBe(true);
    // Setting a rule to what it is changes nothing and adds nothing to the history.
    await admin.request('PUT', '/api/house/rules', { quotaNights: 30 });
    expect((await anna.get('/api/house/rules/history')).body.changes).toHaveLength(history.length);
  });

  it("gives a member a quota of their own, kept in the history, and back to the house's with null", async () => {
    expect((await anna.request('PUT', `/api/house/rules/quotas/${annaId}`, { quotaNights: 40 })).status).toBe(403);
    expect((await admin.request('PUT', '/api/house/rules/quotas/nobody', { quotaNights: 40 })).body.error.code).toBe('USER_NOT_FOUND');
    const own = await admin.request('PUT', `/api/house/rules/quotas/${annaId}`, { quotaNights: 40 });
    expect(own.body.rules.memberQuotas).toEqual([{ memberId: annaId, quotaNights: 40 }]);
    expect((await anna.get('/api/quota?year=2027')).body.quota).toEqual({ memberId: annaId, year: 2027, quotaNights: 40, usedNights: 0, remainingNights: 40 });
    await admin.request('PUT', `/api/house/rules/quotas/${annaId}`, { quotaNights: null });
    const [latest, before] = (await bruno.get('/api/house/rules/history')).body.changes;
    expect([latest.rule, latest.memberId, latest.before, latest.after]).toEqual(['memberQuota', annaId, 40, null]);
    expect([before.rule, before.memberName, before.before, before.after]).toEqual(['memberQuota', latest.memberName, null, 40]);
  });

  it('refuses a stay too far ahead, too soon or too long, with the figures, and books nothing', async () => {
    const before = await countOf(anna, annaId);
    // Today is 21.11.2026: the window ends 21.11.2027, the notice allows 23.11.2026 on.
    expect(refusal(await book(anna, '2027-11-20', '2027-11-23'))).toEqual({ status: 400, code: 'BOOKING_WINDOW', details: { bookingWindowMonths: 12, latestDay: '2027-11-21' } });
    expect(refusal(await book(anna, '2026-11-22', '2026-11-24'))).toEqual({ status: 400, code: 'NOTICE_TOO_SHORT', details: { noticeDays: 2, earliestStart: '2026-11-23' } });
    expect(refusal(await book(anna, '2027-02-01', '2027-02-23'))).toEqual({ status: 400, code: 'STAY_TOO_LONG', details: { maxStayNights: 21 } });
    expect(await countOf(anna, annaId)).toBe(before);
    // The last night on the window's last day, arrival on the first day the notice allows: fine.
    expect((await book(anna, '2027-11-19', '2027-11-22')).status).toBe(201);
    expect((await book(anna, '2026-11-23', '2026-11-24')).status).toBe(201);
  });

  it('refuses the stay that goes past the yearly quota, with used and remaining nights; maintenance does not count', async () => {
    // Anna has 3 nights in 2027 (19–22.11) and the house's quota of 30.
    expect((await book(anna, '2027-01-10', '2027-01-30')).status).toBe(201);
    expect((await book(anna, '2027-03-01', '2027-03-21', { purpose: 'maintenance' })).status).toBe(201);
    expect((await anna.get('/api/quota?year=2027')).body.quota).toMatchObject({ quotaNights: 30, usedNights: 23, remainingNights: 7 });
    const over = await book(anna, '2027-05-01', '2027-05-09');
    expect(refusal(over)).toEqual({ status: 409, code: 'QUOTA_EXCEEDED', details: { year: 2027, quotaNights: 30, usedNights: 23, remainingNights: 7, requestedNights: 8 } });
    expect((await book(anna, '2027-05-01', '2027-05-08')).status).toBe(201);
    // A stay over New Year counts each night in its own year: 2026 still has room.
    expect((await book(anna, '2026-12-28', '2027-01-02')).body.error.code).toBe('QUOTA_EXCEEDED');
    expect((await book(anna, '2026-12-28', '2027-01-01')).status).toBe(201);
    // Turning a maintenance stay into a personal one counts it too.
    const work = (await book(anna, '2027-06-01', '2027-06-03', { purpose: 'maintenance' })).body.booking;
    const asPersonal = await anna.request('PUT', `/api/bookings/${work.id}`, { start: '2027-06-01', end: '2027-06-03', purpose: 'personal' });
    expect(refusal(asPersonal).code).toBe('QUOTA_EXCEEDED');
  });

  it("lets an administrator override any rule with a reason everyone sees on the booking; members cannot", async () => {
    const bySelf = await book(anna, '2027-07-01', '2027-07-03', { override: { reason: 'Per favore' } });
    expect(refusal(bySelf).status).toBe(403);
    const blank = await book(admin, '2027-07-01', '2027-07-03', { ownerId: annaId, override: { reason: '  ' } });
    expect(refusal(blank)).toMatchObject({ status: 400, code: 'REASON_REQUIRED' });
    const forAnna = await book(admin, '2027-07-01', '2027-07-30', { ownerId: annaId, override: { reason: 'Nonna Rosa compie 90 anni' } });
    expect(forAnna.status).toBe(201);
    expect(forAnna.body.booking).toMatchObject({
      status: 'confirmed',
      override: { reason: 'Nonna Rosa compie 90 anni', byName: adminName, at: t.clock.now().toISOString(), rules: ['length', 'quota'] },
    });
    const seenByBruno = (await bruno.get('/api/bookings?from=2027-07-01&to=2027-07-31')).body.bookings;
    expect(seenByBruno.find((b: any) => b.id === forAnna.body.booking.id).override.reason).toBe('Nonna Rosa compie 90 anni');
    // The overlap is never set aside.
    const clash = await book(admin, '2027-07-05', '2027-07-06', { override: { reason: 'Urgente' } });
    expect(refusal(clash)).toMatchObject({ status: 409, code: 'BOOKING_OVERLAP' });
  });

  it('lets an administrator override a rule when changing their booking too; a member cannot', async () => {
    const own = (await book(bruno, '2027-09-01', '2027-09-04')).body.booking;
    expect(refusal(await bruno.request('PUT', `/api/bookings/${own.id}`, { start: '2027-09-01', end: '2027-09-05', purpose: 'personal', override: { reason: 'Più lungo' } })).status).toBe(403);
    const stay = (await book(admin, '2027-10-01', '2027-10-04')).body.booking;
    const longer = { start: '2027-10-01', end: '2027-10-26', purpose: 'personal' };
    expect(refusal(await admin.request('PUT', `/api/bookings/${stay.id}`, longer))).toMatchObject({ status: 400, code: 'STAY_TOO_LONG' });
    expect((await bruno.get('/api/bookings?from=2027-10-01&to=2027-10-31')).body.bookings.find((b: any) => b.id === stay.id)).toMatchObject({ end: '2027-10-04', override: null });
    const moved = await admin.request('PUT', `/api/bookings/${stay.id}`, { ...longer, override: { reason: 'Lavori al tetto, resta di più' } });
    expect(moved.status).toBe(200);
    expect(moved.body.booking).toMatchObject({ end: '2027-10-26', override: { reason: 'Lavori al tetto, resta di più', byName: adminName, rules: ['length'] } });
  });

  it('shows the fairness view to every member: nights this year and peak nights of five years', async () => {
    const view = await bruno.get('/api/fairness?year=2027');
    expect(view.status).toBe(200);
    const annaRow = view.body.members.find((m: any) => m.memberId === annaId);
    expect(annaRow).toMatchObject({ personalNights: 3 + 20 + 7 + 29, maintenanceNights: 20 + 2, requestedNights: 0, quotaNights: 30 });
    expect(annaRow.peakHistory.map((h: any) => h.year)).toEqual([2023, 2024, 2025, 2026, 2027]);
    expect((await bruno.get('/api/fairness?year=1999')).status).toBe(400);
    expect((await bruno.get(`/api/quota?memberId=${annaId}`)).status).toBe(403);
    expect((await admin.get(`/api/quota?memberId=${annaId}&year=2027`)).body.quota.usedNights).toBe(59);
  });
});
