import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { MINUTE, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

describe.each(testDialects)("a booking's versions and history (%s)", (dialect) => {
  let t: TestApp;
  let anna: TestClient;
  let bruno: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    anna = await t.login('member');
    bruno = await t.login('member');
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const book = async (start: string, end: string) => (await anna.post('/api/bookings', { start, end, purpose: 'personal' })).body.booking;

  it('refuses an edit made on an older version with STALE_EDIT, the booking as it is and who changed it; nothing changes', async () => {
    const booking = await book('2026-12-14', '2026-12-18');
    expect(booking.version).toBe(1);
    const first = await anna.request('PUT', `/api/bookings/${booking.id}`, { start: '2026-12-14', end: '2026-12-17', purpose: 'personal' }, { 'if-match': '1' });
    expect(first.status).toBe(200);
    expect(first.body.booking.version).toBe(2);
    t.clock.advance(MINUTE);
    // The second tab still shows 14–18 at version 1.
    const stale = await anna.request('PUT', `/api/bookings/${booking.id}`, { start: '2026-12-15', end: '2026-12-18', purpose: 'personal' }, { 'if-match': '1' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'STALE_EDIT', details: { current: { id: booking.id, start: '2026-12-14', end: '2026-12-17', version: 2 }, changedByName: expect.any(String), changedAt: expect.any(String) } });
    expect((await anna.get(`/api/bookings?from=2026-12-01&to=2026-12-31`)).body.bookings.find((b: any) => b.id === booking.id)).toMatchObject({ start: '2026-12-14', end: '2026-12-17', version: 2 });
    const deleteStale = await anna.request('DELETE', `/api/bookings/${booking.id}`, undefined, { 'if-match': '1' });
    expect(deleteStale.body.error.code).toBe('STALE_EDIT');
    // Applied again on the version it now knows, it goes through; without If-Match, as before versions.
    const applied = await anna.request('PUT', `/api/bookings/${booking.id}`, { start: '2026-12-15', end: '2026-12-18', purpose: 'personal' }, { 'if-match': '"2"' });
    expect(applied.body.booking).toMatchObject({ start: '2026-12-15', version: 3 });
    expect((await anna.request('PUT', `/api/bookings/${booking.id}`, { start: '2026-12-15', end: '2026-12-19', purpose: 'personal' })).status).toBe(200);
    expect((await anna.request('PUT', `/api/bookings/${booking.id}`, { start: '2026-12-15', end: '2026-12-19', purpose: 'personal' }, { 'if-match': 'tre' })).body.error).toMatchObject({ code: 'VALIDATION', field: 'If-Match' });
  });

  it('lets exactly one of two edits made on the same version win, however they race', async () => {
    for (let trial = 0; trial < 6; trial++) {
      const day = String(trial + 1).padStart(2, '0');
      const booking = await book(`2027-01-${day}`, `2027-01-${day}`);
      const edits = await Promise.all(
        ['personal', 'maintenance'].map((purpose) => anna.request('PUT', `/api/bookings/${booking.id}`, { start: booking.start, end: booking.end, purpose }, { 'if-match': String(booking.version) })),
      );
      expect(edits.map((e) => e.status).sort()).toEqual([200, 409]);
      const winner = edits.find((e) => e.status === 200)!.body.booking;
      const loser = edits.find((e) => e.status === 409)!.body.error;
      expect(loser.details.current).toMatchObject({ purpose: winner.purpose, version: booking.version + 1 });
    }
  });

  it('keeps every change with who, when and the values before and after, after deletion too', async () => {
    const booking = await book('2027-02-10', '2027-02-12');
    t.clock.advance(MINUTE);
    await anna.request('PUT', `/api/bookings/${booking.id}`, { start: '2027-02-10', end: '2027-02-13', purpose: 'maintenance' });
    t.clock.advance(MINUTE);
    await admin.delete(`/api/bookings/${booking.id}`);
    const history = await bruno.get(`/api/bookings/${booking.id}/history`);
    expect(history.status).toBe(200);
    const annaName = (await anna.get('/api/session')).body.user.name;
    const adminName = (await admin.get('/api/session')).body.user.name;
    expect(history.body.changes).toEqual([
      {
        action: 'created',
        byId: expect.any(String),
        byName: annaName,
        at: expect.any(String),
        fields: { start: { from: null, to: '2027-02-10' }, end: { from: null, to: '2027-02-12' }, purpose: { from: null, to: 'personal' }, status: { from: null, to: 'confirmed' }, owner: { from: null, to: annaName } },
      },
      { action: 'updated', byId: expect.any(String), byName: annaName, at: expect.any(String), fields: { end: { from: '2027-02-12', to: '2027-02-13' }, purpose: { from: 'personal', to: 'maintenance' } } },
      {
        action: 'deleted',
        byId: expect.any(String),
        byName: adminName,
        at: expect.any(String),
        fields: { start: { from: '2027-02-10', to: null }, end: { from: '2027-02-13', to: null }, purpose: { from: 'maintenance', to: null }, status: { from: 'confirmed', to: null }, owner: { from: annaName, to: null } },
      },
    ]);
    expect((await bruno.get('/api/bookings/no-such-booking/history')).status).toBe(404);
  });

  it("shows a hidden account's bookings' history only to hidden accounts", async () => {
    const hidden = await t.login('member', { hidden: true });
    const secret = (await hidden.post('/api/bookings', { start: '2027-03-01', end: '2027-03-03', purpose: 'personal' })).body.booking;
    expect((await bruno.get(`/api/bookings/${secret.id}/history`)).status).toBe(404);
    expect((await admin.get(`/api/bookings/${secret.id}/history`)).status).toBe(404);
    expect((await hidden.get(`/api/bookings/${secret.id}/history`)).body.changes).toHaveLength(1);
  });
});
