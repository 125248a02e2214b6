import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { startTestMailServer, type TestMailServer } from '../test/mail-server.ts';
import { browserSubscription, decryptPush, fakePushService } from '../test/push-service.ts';
import { openEventStream, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

/** What an administrator saw of a request and decides on: its dates. */
const seen = (booking: { start: string; end: string }) => ({ start: booking.start, end: booking.end });

/** Peak periods, requests, the approval and its race, and the quota race. */
describe.each(testDialects)('peak requests and approval (%s)', (dialect) => {
  const push = fakePushService();
  let base: string;
  let t: TestApp;
  let anna: TestClient;
  let bruno: TestClient;
  let carla: TestClient;
  let admin: TestClient;
  let admin2: TestClient;
  const ids: Record<string, string> = {};
  const names: Record<string, string> = {};
  const devices: Record<string, ReturnType<typeof browserSubscription>> = {};

  const book = (client: TestClient, start: string, end: string, extra: Record<string, unknown> = {}) =>
    client.post('/api/bookings', { start, end, purpose: 'personal', ...extra });
  /** What each device received since the last reset, decrypted, by member name. */
  const received = () =>
    push.received.map((r) => {
      const who = Object.keys(devices).find((name) => r.path === `/push/${name}`)!;
      return { who, ...(decryptPush(r.body, devices[who]!) as { title: string; body: string }) };
    });

  beforeAll(async () => {
    base = await push.start();
    t = await startTestApp(dialect, { PUSH_ALLOW_LOOPBACK: 'true' });
    const clients = { anna: await t.login('member'), bruno: await t.login('member'), carla: await t.login('member'), admin: await t.login('admin'), admin2: await t.login('admin') };
    ({ anna, bruno, carla, admin, admin2 } = clients);
    for (const [name, client] of Object.entries(clients)) {
      const user = (await client.get('/api/session')).body.user;
      ids[name] = user.id;
      names[name] = user.name;
      devices[name] = browserSubscription(base, name);
      expect((await client.post('/api/push/subscriptions', devices[name]!.json)).status).toBe(204);
    }
  });
  afterAll(async () => {
    await t.close();
    await push.stop();
  });
  beforeEach(async () => {
    await t.ctx.tasks.idle();
    await t.ctx.push.idle();
    push.received.length = 0;
  });

  it('keeps peak periods for administrators to change, with every change in the rules history', async () => {
    expect((await anna.post('/api/peak-periods', { name: 'Natale', from: '12-20', to: '01-06' })).status).toBe(403);
    const natale = await admin.post('/api/peak-periods', { name: ' Natale e Capodanno ', from: '12-20', to: '01-06' });
    expect(natale.status).toBe(201);
    expect(natale.body.peakPeriod).toMatchObject({ name: 'Natale e Capodanno', from: '12-20', to: '01-06', year: null });
    const cases = [
      [{ name: 'Natale e Capodanno', from: '08-10', to: '08-20' }, 409, 'PEAK_NAME_TAKEN'],
      [{ name: 'Pasqua', from: '04-31', to: '04-10' }, 400, 'INVALID_DATE'],
      [{ name: 'Pasqua', from: '2027-04-01', to: '04-10' }, 400, 'INVALID_DATE'],
      [{ name: '', from: '04-01', to: '04-10' }, 400, 'NAME_REQUIRED'],
      [{ name: 'Pasqua', from: '04-01', to: '04-10', year: 1999 }, 400, 'VALIDATION'],
    ] as const;
    for (const [body, status, code] of cases) {
      const response = await admin.post('/api/peak-periods', body);
      expect({ body, status: response.status, code: response.body.error.code }).toEqual({ body, status, code });
    }
    const pasqua = (await admin.post('/api/peak-periods', { name: 'Pasqua', from: '03-25', to: '04-05', year: 2027 })).body.peakPeriod;
    const renamed = await admin.request('PUT', `/api/peak-periods/${pasqua.id}`, { name: 'Pasqua 2027', from: '03-26', to: '04-05', year: 2027 });
    expect(renamed.body.peakPeriod).toMatchObject({ name: 'Pasqua 2027', from: '03-26' });
    expect((await admin.delete(`/api/peak-periods/${pasqua.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/peak-periods/${pasqua.id}`)).status).toBe(404);
    expect((await anna.get('/api/peak-periods')).body.peakPeriods.map((p: any) => p.name)).toEqual(['Natale e Capodanno']);
    const history = (await anna.get('/api/house/rules/history')).body.changes.filter((c: any) => c.rule === 'peakPeriod');
    expect(history.map((c: any) => [c.before?.name ?? null, c.after?.name ?? null])).toEqual([
      ['Pasqua 2027', null],
      ['Pasqua', 'Pasqua 2027'],
      [null, 'Pasqua'],
      [null, 'Natale e Capodanno'],
    ]);
  });

  it('makes a stay touching a peak period a request: requests share nights with requests, never with instant bookings', async () => {
    const annas = await book(anna, '2026-12-22', '2026-12-27');
    expect(annas.status).toBe(201);
    expect(annas.body.booking).toMatchObject({ status: 'requested', decision: null });
    const brunos = await book(bruno, '2026-12-24', '2026-12-29');
    expect(brunos.body.booking.status).toBe('requested');
    // Outside the period but sharing a night with a request: the instant booking is refused.
    const before = await book(carla, '2026-12-17', '2026-12-20');
    expect(before.body.booking.status).toBe('confirmed');
    expect((await book(carla, '2026-12-19', '2026-12-21')).body.error.code).toBe('BOOKING_OVERLAP');
    // A request may not share a night with a confirmed stay either.
    expect((await book(carla, '2026-12-19', '2026-12-22')).body.error.code).toBe('BOOKING_OVERLAP');
    // The administrators hear of the requests.
    await t.ctx.push.idle();
    expect(received().filter((r) => r.title === 'Nuova richiesta da approvare').map((r) => r.who).sort()).toEqual(['admin', 'admin', 'admin2', 'admin2']);
    // Requests are on the calendar, for everyone.
    const calendar = (await carla.get('/api/bookings?from=2026-12-20&to=2026-12-31')).body.bookings;
    expect(calendar.map((b: any) => b.status)).toEqual(['confirmed', 'requested', 'requested']);
    expect((await carla.get('/api/booking-requests')).body.bookings.map((b: any) => b.ownerId)).toEqual([ids.anna, ids.bruno]);
    // Phone calendars show them as tentative.
    const feed = new URL((await carla.get('/api/profile/calendar-feed')).body.url);
    const ics = (await carla.get(feed.pathname)).body as string;
    expect(ics).toContain(`${names.anna} – Soggiorno (richiesta)`);
    expect(ics).toContain('STATUS:TENTATIVE');
    // A request is no stay yet: no check-in.
    t.clock.advanceToDay('2026-12-22');
    const checkin = await anna.post(`/api/bookings/${annas.body.booking.id}/checkin`, { dayKwh: 100, nightKwh: 0 });
    expect({ status: checkin.status, code: checkin.body.error.code }).toEqual({ status: 409, code: 'BOOKING_NOT_CONFIRMED' });
  });

  it("shows an administrator the competing requests side by side with each member's peak nights", async () => {
    const [annas, brunos] = (await admin.get('/api/booking-requests')).body.bookings;
    expect((await anna.get(`/api/bookings/${annas.id}/competing`)).status).toBe(403);
    // Bruno had Christmas last year (recorded by an admin, set aside with a reason).
    await book(admin, '2025-12-24', '2025-12-28', { ownerId: ids.bruno, override: { reason: 'Registrato dal quaderno' } });
    const competing = await admin.get(`/api/bookings/${annas.id}/competing`);
    expect(competing.status).toBe(200);
    expect(competing.body.requests.map((r: any) => [r.booking.id, r.peakNightsTotal])).toEqual([
      [annas.id, 0],
      [brunos.id, 4],
    ]);
    expect(competing.body.requests[1].peakHistory).toEqual([
      { year: 2022, nights: 0 },
      { year: 2023, nights: 0 },
      { year: 2024, nights: 0 },
      { year: 2025, nights: 4 },
      { year: 2026, nights: 0 },
    ]);
  });

  it('approves one request, declines the overlapping others with the reason, and tells everyone involved', async () => {
    const [annas, brunos] = (await admin.get('/api/booking-requests')).body.bookings;
    expect((await anna.post(`/api/bookings/${annas.id}/approval`, { decision: 'approve', ...seen(annas) })).status).toBe(403);
    expect((await admin.post(`/api/bookings/${annas.id}/approval`, { decision: 'maybe', ...seen(annas) })).body.error.code).toBe('VALIDATION');
    const stream = await openEventStream(bruno, t.url);
    const approved = await admin.post(`/api/bookings/${annas.id}/approval`, { decision: 'approve', reason: 'Bruno ha avuto il Natale 2025', ...seen(annas) });
    expect(approved.status).toBe(200);
    expect(approved.body.booking).toMatchObject({ id: annas.id, status: 'confirmed', decision: { decision: 'approved', byName: names.admin, reason: 'Bruno ha avuto il Natale 2025', inFavourOf: null } });
    expect(approved.body.declined.map((b: any) => [b.id, b.status, b.decision.inFavourOf])).toEqual([[brunos.id, 'declined', { bookingId: annas.id, ownerName: names.anna }]]);
    expect(await stream.next((e) => e.type === 'booking' && e.id === brunos.id)).toEqual({ type: 'booking', action: 'updated', id: brunos.id });
    expect(await stream.next((e) => e.type === 'notice')).toMatchObject({ type: 'notice', action: 'created' });
    stream.close();

    // Bruno sees the decline with its reason in his history; the calendar no longer shows it.
    const history = (await bruno.get(`/api/users/${ids.bruno}/bookings`)).body.bookings;
    expect(history.find((b: any) => b.id === brunos.id)).toMatchObject({ status: 'declined', decision: { reason: 'Bruno ha avuto il Natale 2025', inFavourOf: { ownerName: names.anna } } });
    expect((await bruno.get('/api/bookings?from=2026-12-20&to=2026-12-31')).body.bookings.map((b: any) => b.id)).not.toContain(brunos.id);
    // In-app notices and pushes, each in its member's language.
    const notices = (await bruno.get('/api/notices')).body;
    expect(notices.unread).toBe(1);
    expect(notices.notices[0]).toMatchObject({ kind: 'request-declined', bookingId: brunos.id, reason: 'Bruno ha avuto il Natale 2025', inFavourOfName: names.anna, read: false });
    expect((await bruno.post('/api/notices/read', {})).body.unread).toBe(0);
    expect((await anna.get('/api/notices')).body.notices[0]).toMatchObject({ kind: 'request-approved', bookingId: annas.id });
    await t.ctx.push.idle();
    const pushes = received();
    expect(pushes.find((p) => p.who === 'bruno')).toMatchObject({
      title: 'Richiesta rifiutata',
      body: expect.stringContaining(`le date vanno a ${names.anna}`),
      url: `/app/prenotazioni/${ids.bruno}`,
    });
    expect(pushes.find((p) => p.who === 'anna')).toMatchObject({ title: 'Richiesta approvata' });

    // Decided is decided: approving the declined one (the second administrator, a moment late) is refused.
    const late = await admin2.post(`/api/bookings/${brunos.id}/approval`, { decision: 'approve', ...seen(brunos) });
    expect({ status: late.status, code: late.body.error.code }).toEqual({ status: 409, code: 'REQUEST_DECIDED' });
    expect((await admin2.post(`/api/bookings/${annas.id}/approval`, { decision: 'decline', ...seen(annas) })).body.error.code).toBe('REQUEST_DECIDED');
    // A declined request stays history: it cannot be moved.
    expect((await bruno.request('PUT', `/api/bookings/${brunos.id}`, { start: '2026-12-29', end: '2026-12-30', purpose: 'personal' })).body.error.code).toBe('BOOKING_NOT_CONFIRMED');
    // Now confirmed, Anna's stay can be checked in.
    expect((await anna.post(`/api/bookings/${annas.id}/checkin`, { dayKwh: 100, nightKwh: 0 })).status).toBe(200);
  });

  it('declines a request with a reason, and a declined stay counts for no statistics', async () => {
    const carlas = (await book(carla, '2027-01-02', '2027-01-05')).body.booking;
    expect(carlas.status).toBe('requested');
    const blank = await admin.post(`/api/bookings/${carlas.id}/approval`, { decision: 'decline', reason: ' ', ...seen(carlas) });
    expect(blank.body.error.code).toBe('REASON_REQUIRED');
    const declined = await admin.post(`/api/bookings/${carlas.id}/approval`, { decision: 'decline', reason: 'Lavori al tetto', ...seen(carlas) });
    expect(declined.body).toMatchObject({ booking: { status: 'declined', decision: { decision: 'declined', reason: 'Lavori al tetto', inFavourOf: null } }, declined: [] });
    const stats = (await admin.get('/api/admin/statistics?year=2027')).body;
    expect(stats.nightsPerMember.find((m: any) => m.memberId === ids.carla)).toBeUndefined();
    // Its nights are free again for an instant booking outside the period.
    expect((await book(carla, '2027-01-07', '2027-01-09')).body.booking.status).toBe('confirmed');
  });

  it('refuses to decide a request moved since the administrator looked, changing nothing', async () => {
    // The administrator compares Anna's 22–24 with Carla's 23–25; Bruno's 27–29 competes with neither.
    const annas = (await book(anna, '2035-12-22', '2035-12-24')).body.booking;
    const carlas = (await book(carla, '2035-12-23', '2035-12-25')).body.booking;
    const brunos = (await book(bruno, '2035-12-27', '2035-12-29')).body.booking;
    const looked = (await admin.get(`/api/bookings/${annas.id}/competing`)).body.requests.map((r: any) => r.booking);
    expect(looked.map((b: any) => b.id)).toEqual([annas.id, carlas.id]);
    // Meanwhile Anna moves hers onto Bruno's nights.
    expect((await anna.request('PUT', `/api/bookings/${annas.id}`, { start: '2035-12-26', end: '2035-12-28', purpose: 'personal' })).body.booking.status).toBe('requested');
    const statuses = async () => (await carla.get('/api/bookings?from=2035-12-20&to=2035-12-31')).body.bookings.map((b: any) => [b.id, b.start, b.status]);
    const before = await statuses();
    for (const decision of ['approve', 'decline']) {
      const stale = await admin.post(`/api/bookings/${annas.id}/approval`, { decision, reason: 'Visto', ...seen(looked[0]) });
      expect({ status: stale.status, error: stale.body.error }).toMatchObject({ status: 409, error: { code: 'REQUEST_CHANGED', details: { start: '2035-12-26', end: '2035-12-28' } } });
    }
    expect(await statuses()).toEqual(before);
    expect(before.map((b: any) => b[2])).toEqual(['requested', 'requested', 'requested']);
    // Deciding on what the request is now works.
    const now = (await admin.get(`/api/bookings/${annas.id}/competing`)).body.requests.map((r: any) => r.booking);
    const approved = await admin.post(`/api/bookings/${annas.id}/approval`, { decision: 'approve', ...seen(now[0]) });
    expect(approved.body.declined.map((b: any) => b.id)).toEqual([brunos.id]);
  });

  it('lets exactly one of two administrators approving conflicting requests at the same moment win', async () => {
    const trials = 8;
    for (let trial = 0; trial < trials; trial += 1) {
      const year = 2027 + (trial % 8);
      // Each trial in a Christmas of its own (the test house has no booking window).
      const first = (await book(anna, `${year}-12-20`, `${year}-12-23`)).body.booking;
      const second = (await book(bruno, `${year}-12-21`, `${year}-12-24`)).body.booking;
      expect([first?.status, second?.status]).toEqual(['requested', 'requested']);
      const answers = await Promise.all([
        admin.post(`/api/bookings/${first.id}/approval`, { decision: 'approve', ...seen(first) }),
        admin2.post(`/api/bookings/${second.id}/approval`, { decision: 'approve', ...seen(second) }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.error.code).toBe('REQUEST_DECIDED');
      const calendar = (await carla.get(`/api/bookings?from=${year}-12-19&to=${year}-12-25`)).body.bookings;
      expect(calendar.map((b: any) => b.status)).toEqual(['confirmed']);
    }
  });

  it('refuses one of two parallel bookings that each fit the quota but together exceed it', async () => {
    await admin.request('PUT', '/api/house/rules', { quotaNights: 10 });
    try {
      for (let trial = 0; trial < 6; trial += 1) {
        const member = await t.login('member');
        const month = String(trial + 2).padStart(2, '0');
        const answers = await Promise.all([book(member, `2028-${month}-01`, `2028-${month}-07`), book(member, `2028-${month}-10`, `2028-${month}-16`)]);
        expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
        expect(answers.find((a) => a.status === 409)!.body.error).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { usedNights: 6, remainingNights: 4, requestedNights: 6 } });
      }
    } finally {
      await admin.request('PUT', '/api/house/rules', { quotaNights: null });
    }
  });
});

describe.each(testDialects)('decisions by email (%s)', (dialect) => {
  let mail: TestMailServer;
  let t: TestApp;

  beforeAll(async () => {
    mail = await startTestMailServer();
    t = await startTestApp(dialect, { SMTP_URL: mail.url, PUBLIC_URL: 'https://rustico.example.ch' });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  it('emails the decision to a member who chose email for requests and turns, in their language, and not to one who did not', async () => {
    const admin = await t.login('admin');
    const anna = await t.login('member');
    const bruno = await t.login('member');
    const [annaEmail, brunoEmail] = (await Promise.all([anna, bruno].map(async (c) => (await c.get('/api/session')).body.user.email as string))) as [string, string];
    await anna.request('PUT', '/api/profile/notifications', { bookings: 'none', notes: 'none', reminders: 'none', fairness: 'email' });
    await anna.request('PUT', '/api/profile/language', { language: 'de' });
    await bruno.request('PUT', '/api/profile/notifications', { bookings: 'none', notes: 'none', reminders: 'none', fairness: 'push' });
    await admin.post('/api/peak-periods', { name: 'Natale', from: '12-20', to: '01-06' });
    const annas = (await anna.post('/api/bookings', { start: '2026-12-23', end: '2026-12-26', purpose: 'personal' })).body.booking;
    const brunos = (await bruno.post('/api/bookings', { start: '2026-12-24', end: '2026-12-27', purpose: 'personal' })).body.booking;
    expect((await admin.post(`/api/bookings/${brunos.id}/approval`, { decision: 'approve', ...seen(brunos) })).status).toBe(200);
    const email = await mail.waitFor((m) => m.subject === 'Anfrage abgelehnt');
    expect(mail.to(annaEmail)).toEqual([email]);
    expect(email.text).toContain('Deine Anfrage 23.12.2026 – 26.12.2026 wurde nicht angenommen');
    expect(email.text).toContain(`https://rustico.example.ch/app/prenotazioni/${annas.ownerId}`);
    await t.ctx.tasks.idle();
    expect(mail.to(brunoEmail)).toEqual([]);
  });
});
