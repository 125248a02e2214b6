import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { MINUTE, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

describe.each(testDialects)('implausible readings and their correction (%s)', (dialect) => {
  let t: TestApp;
  let anna: TestClient;
  let bruno: TestClient;
  let admin: TestClient;
  let week = 0;

  /** A stay in the coming weeks; the clock then moves to its arrival day (check-in opens on it). */
  async function book(client: TestClient, nights = 2) {
    week += 1;
    const start = new Date(Date.UTC(2026, 10, 21 + week * 7)).toISOString().slice(0, 10);
    const end = new Date(Date.UTC(2026, 10, 21 + week * 7 + nights)).toISOString().slice(0, 10);
    const booking = (await client.post('/api/bookings', { start, end, purpose: 'personal' })).body.booking as { id: string; ownerId: string };
    t.clock.advanceToDay(start);
    return booking;
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    anna = await t.login('member');
    bruno = await t.login('member');
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('refuses a reading far above the last one with READING_TOO_HIGH, so one typo cannot block the house', async () => {
    const first = await book(anna);
    expect((await anna.post(`/api/bookings/${first.id}/checkin`, { dayKwh: 1000, nightKwh: 200 })).status).toBe(200);
    const next = await book(bruno);
    const typo = await bruno.post(`/api/bookings/${next.id}/checkin`, { dayKwh: 10_000_000, nightKwh: 200 });
    expect({ status: typo.status, code: typo.body.error.code, field: typo.body.error.field }).toEqual({ status: 400, code: 'READING_TOO_HIGH', field: 'dayKwh' });
    expect((await bruno.get('/api/meter/latest')).body.reading.totalKwh).toBe(1200);
    expect((await bruno.post(`/api/bookings/${next.id}/checkin`, { dayKwh: 1010, nightKwh: 205 })).status).toBe(200);
  });

  it('lets an admin correct a reading, keeping who and when, and recomputes the stay', async () => {
    const stay = await book(anna, 3);
    const latest = (await anna.get('/api/meter/latest')).body.reading as { dayKwh: number; nightKwh: number; totalKwh: number };
    const night = latest.nightKwh;
    const day = (kwh: number) => ({ dayKwh: latest.dayKwh + kwh, nightKwh: night });
    expect((await anna.post(`/api/bookings/${stay.id}/checkin`, day(0))).status).toBe(200);
    t.clock.advance(3 * 24 * 60 * MINUTE);
    // An extra digit: 4,000 kWh more instead of 40, still under the plausibility limit for three days.
    const out = await anna.post(`/api/bookings/${stay.id}/checkout`, { ...day(4000), checklistDone: true });
    expect(out.body.booking.kwhUsed).toBe(4000);
    const wrongCost = out.body.booking.costCentimes as number;

    expect((await anna.get('/api/admin/readings')).status).toBe(403);
    const readings = (await admin.get('/api/admin/readings')).body.readings as any[];
    const departure = readings.find((r) => r.bookingId === stay.id && r.kind === 'checkout');
    expect(departure).toMatchObject({ totalKwh: latest.totalKwh + 4000, corrections: [] });

    expect((await anna.request('PUT', `/api/admin/readings/${departure.id}`, day(40))).status).toBe(403);
    const below = await admin.request('PUT', `/api/admin/readings/${departure.id}`, day(-1));
    expect({ status: below.status, code: below.body.error.code, field: below.body.error.field }).toEqual({ status: 400, code: 'READING_TOO_LOW', field: 'dayKwh' });
    // Each register on its own: the night below the arrival's is refused however high the day.
    const nightBelow = await admin.request('PUT', `/api/admin/readings/${departure.id}`, { dayKwh: latest.dayKwh + 40, nightKwh: night - 1 });
    expect({ status: nightBelow.status, field: nightBelow.body.error.field }).toEqual({ status: 400, field: 'nightKwh' });

    t.clock.advance(MINUTE);
    const corrected = await admin.request('PUT', `/api/admin/readings/${departure.id}`, day(40));
    expect(corrected.status).toBe(200);
    const adminId = (await admin.get('/api/session')).body.user;
    expect(corrected.body.reading).toMatchObject({
      totalKwh: latest.totalKwh + 40,
      corrections: [{ previousDayKwh: latest.dayKwh + 4000, previousNightKwh: night, correctedByName: adminId.name, correctedAt: t.clock.now().toISOString() }],
    });
    const booking = (await anna.get(`/api/users/${stay.ownerId}/bookings`)).body.bookings.find((b: any) => b.id === stay.id);
    expect(booking.kwhUsed).toBe(40);
    const recomputed = booking.costCentimes as number;
    // 3 nights × 50 + 40 kWh × 0.30 = 162.00, instead of 3 × 50 + 4000 × 0.30.
    expect(booking.costCentimes).toBe(16_200);
    expect(wrongCost).toBeGreaterThan(recomputed);

    // Corrections keep to the same plausibility: an arrival cannot be pushed far past the reading before it,
    // nor past its own departure on either register.
    const arrival = (await admin.get('/api/admin/readings')).body.readings.find((r: any) => r.bookingId === stay.id && r.kind === 'checkin');
    const raised = await admin.request('PUT', `/api/admin/readings/${arrival.id}`, day(30));
    expect(raised.status).toBe(200);
    const blocked = await admin.request('PUT', `/api/admin/readings/${arrival.id}`, day(41));
    expect({ status: blocked.status, code: blocked.body.error.code, field: blocked.body.error.field }).toEqual({ status: 400, code: 'READING_TOO_HIGH', field: 'dayKwh' });
    const nightPast = await admin.request('PUT', `/api/admin/readings/${arrival.id}`, { dayKwh: latest.dayKwh, nightKwh: night + 1 });
    expect({ status: nightPast.status, code: nightPast.body.error.code, field: nightPast.body.error.field }).toEqual({ status: 400, code: 'READING_TOO_HIGH', field: 'nightKwh' });

    // The house is unblocked: the next real reading is accepted.
    const after = await book(bruno);
    expect((await bruno.post(`/api/bookings/${after.id}/checkin`, day(45))).status).toBe(200);
    // Nor can the latest arrival be corrected into a typo that would block everyone after it.
    const open = (await admin.get('/api/admin/readings')).body.readings.find((r: any) => r.bookingId === after.id);
    const typo = await admin.request('PUT', `/api/admin/readings/${open.id}`, day(450_000));
    expect({ status: typo.status, code: typo.body.error.code }).toEqual({ status: 400, code: 'READING_TOO_HIGH' });
  });

  it("shows a hidden account's reading to hidden accounts only: the meter's last reading and the admins' list", async () => {
    const ghost = await t.login('member', { hidden: true });
    const hiddenAdmin = await t.login('admin', { hidden: true });
    const seen = (await anna.get('/api/meter/latest')).body.reading;
    const stay = await book(ghost);
    expect((await ghost.post(`/api/bookings/${stay.id}/checkin`, { dayKwh: seen.dayKwh + 5, nightKwh: seen.nightKwh })).status).toBe(200);

    expect((await ghost.get('/api/meter/latest')).body.reading).toMatchObject({ totalKwh: seen.totalKwh + 5 });
    expect((await hiddenAdmin.get('/api/meter/latest')).body.reading).toMatchObject({ totalKwh: seen.totalKwh + 5 });
    expect((await anna.get('/api/meter/latest')).body.reading).toEqual(seen);
    const listed = async (client: TestClient) => ((await client.get('/api/admin/readings')).body.readings as any[]).some((r) => r.bookingId === stay.id);
    expect(await listed(hiddenAdmin)).toBe(true);
    expect(await listed(admin)).toBe(false);
  });
});
