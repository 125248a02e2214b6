import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { openEventStream, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

describe.each(testDialects)('administration (%s)', (dialect) => {
  let t: TestApp;
  let member: TestClient;
  let admin: TestClient;
  let superadmin: TestClient;
  let memberId: string;

  async function finishedStay(client: TestClient, start: string, end: string, kwh: number, paid: boolean) {
    const booking = (await client.post('/api/bookings', { start, end, purpose: 'personal' })).body.booking;
    const meter = (await client.get('/api/meter/latest')).body.reading?.totalKwh ?? 1000;
    t.clock.advanceToDay(start);
    await client.post(`/api/bookings/${booking.id}/checkin`, { dayKwh: meter, nightKwh: 0 });
    await client.post(`/api/bookings/${booking.id}/checkout`, { dayKwh: meter + kwh, nightKwh: 0, checklistDone: true });
    if (paid) await client.post(`/api/bookings/${booking.id}/payment`, { method: 'bank_transfer' });
    return booking;
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    member = await t.login('member', { email: 'lucia@example.ch' });
    admin = await t.login('admin');
    superadmin = await t.login('superadmin');
    memberId = (await member.get('/api/session')).body.user.id;
    await t.ctx.db.updateTable('users').set({ name: 'Lucia Rè' }).where('id', '=', memberId).execute();
    // Admins may record past stays: a seeded 2026 with hand-computable figures.
    await finishedStay(admin, '2026-01-10', '2026-01-13', 100, true); // 3 nights: 150 + 30 = 180.00
    await finishedStay(member, '2026-12-01', '2026-12-03', 20.5, false); // 2 nights: 100 + 6.15 = 106.15
  });
  afterAll(() => t.close());

  it('refuses every admin route to members, and members management to plain admins', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/admin/statistics?year=2026'],
      ['GET', '/api/admin/bookings.csv'],
      ['GET', '/api/users'],
      ['GET', '/api/users/0/bookings'],
      ['POST', '/api/admin/users', { name: 'X', email: 'x@example.ch' }],
      ['PATCH', `/api/admin/users/${memberId}`, { role: 'admin' }],
      ['POST', `/api/admin/users/${memberId}/password`],
      ['POST', `/api/admin/users/${memberId}/voucher`],
    ] as const) {
      expect((await member.request(method, path, body)).status, `${method} ${path} as member`).toBe(403);
    }
    expect((await admin.get('/api/admin/statistics?year=2026')).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/api/admin/users', { name: 'X', email: 'x@example.ch' }],
      ['PATCH', `/api/admin/users/${memberId}`, { role: 'admin' }],
      ['POST', `/api/admin/users/${memberId}/password`],
      ['POST', `/api/admin/users/${memberId}/voucher`],
    ] as const) {
      expect((await admin.request(method, path, body)).status, `${method} ${path} as admin`).toBe(403);
    }
  });

  it('computes a year the way one would by hand', async () => {
    const stats = (await admin.get('/api/admin/statistics?year=2026')).body;
    const adminName = (await admin.get('/api/session')).body.user.name;
    expect(stats.nightsPerMember.map((m: any) => [m.name, m.nights])).toEqual([
      [adminName, 3],
      ['Lucia Rè', 2],
    ]);
    expect(stats.months[0]).toMatchObject({ month: 1, nights: 3, kwh: 100 });
    expect(stats.months[0].occupancy).toBeCloseTo(3 / 31);
    expect(stats.months[11]).toMatchObject({ month: 12, nights: 2, kwh: 20.5 });
    expect(stats.paidCentimes).toBe(18_000);
    expect(stats.openCentimes).toBe(10_615);
    expect(stats.unpaid).toEqual([expect.objectContaining({ name: 'Lucia Rè', start: '2026-12-01', costCentimes: 10_615 })]);
  });

  it('exports the filtered bookings as a CSV a spreadsheet opens with its accents', async () => {
    const response = await fetch(`${t.url}/api/admin/bookings.csv?year=2026&userId=${memberId}`, { headers: { cookie: admin.cookie! } });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('prenotazioni-2026.csv');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Arrivo;Partenza;Membro;Notti;Scopo;kWh;Costo CHF;Pagato;Metodo');
    expect(lines[1]).toBe('01.12.2026;03.12.2026;Lucia Rè;2;Personale;20.5;106.15;No;');
    expect(lines).toHaveLength(3);
    const filtered = (await admin.get(`/api/users/0/bookings?year=2026&userId=${memberId}`)).body.bookings;
    expect(filtered).toHaveLength(1);
  });

  it('adds a member who logs in with the password shown once, resets it, gives back a voucher', async () => {
    const created = await superadmin.post('/api/admin/users', { name: 'Nonna Pia', email: 'pia@example.ch', role: 'member', colour: '#6b6b3d' });
    expect(created.status).toBe(201);
    expect(created.body.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const pia = t.client();
    expect((await pia.post('/api/session', { email: 'pia@example.ch', password: created.body.password })).status).toBe(200);
    const reset = await superadmin.post(`/api/admin/users/${created.body.user.id}/password`);
    expect(reset.body.password).not.toBe(created.body.password);
    expect((await pia.get('/api/session')).status).toBe(401);
    expect((await t.client().post('/api/session', { email: 'pia@example.ch', password: reset.body.password })).status).toBe(200);
    await t.ctx.db.updateTable('users').set({ giftUsed: 1 }).where('id', '=', created.body.user.id).execute();
    expect((await superadmin.post(`/api/admin/users/${created.body.user.id}/voucher`)).body.user.giftUsed).toBe(false);
    const members = (await superadmin.get('/api/users')).body.users;
    expect(members.find((u: any) => u.email === 'pia@example.ch')).toMatchObject({ role: 'member', colour: '#6b6b3d', lastSeenAt: expect.any(String) });
  });

  it('adds a member once when «Aggiungi» is clicked twice at once: with one key both get the first answer, without one the second is told the email is taken', async () => {
    const body = { name: 'Zia Carla', email: 'carla@example.ch', role: 'member' };
    const keyed = await Promise.all([1, 2].map(() => superadmin.post('/api/admin/users', body, { 'idempotency-key': 'aggiungi-carla' })));
    expect(keyed.map((r) => r.status)).toEqual([201, 201]);
    expect(keyed[1]!.body).toEqual(keyed[0]!.body);
    expect(keyed[0]!.body.password).toEqual(expect.any(String));

    const other = { name: 'Zio Beppe', email: 'beppe@example.ch', role: 'member' };
    for (let trial = 0; trial < 5; trial++) {
      const email = `beppe${trial}@example.ch`;
      const answers = await Promise.all([1, 2, 3].map(() => superadmin.post('/api/admin/users', { ...other, email })));
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      for (const refused of answers.filter((r) => r.status === 409)) expect(refused.body.error).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });
    }
    const members = (await superadmin.get('/api/users')).body.users.map((u: any) => u.email);
    expect(members.filter((email: string) => email === 'carla@example.ch' || email.startsWith('beppe'))).toHaveLength(6);
  });

  it('refuses a member colour on which neither black nor white text reads at 4.5:1', async () => {
    const refused = await superadmin.post('/api/admin/users', { name: 'Zio Beppe', email: 'beppe@example.ch', role: 'member', colour: '#2d7fb5' });
    expect({ status: refused.status, code: refused.body.error.code, field: refused.body.error.field }).toEqual({ status: 400, code: 'COLOUR_UNREADABLE', field: 'colour' });
    const created = await superadmin.post('/api/admin/users', { name: 'Zio Beppe', email: 'beppe@example.ch', role: 'member', colour: '#1f5f8f' });
    expect(created.status).toBe(201);
    const changed = await superadmin.request('PATCH', `/api/admin/users/${created.body.user.id}`, { colour: '#4f7f8c' });
    expect({ status: changed.status, code: changed.body.error.code }).toEqual({ status: 400, code: 'COLOUR_UNREADABLE' });
    expect((await superadmin.request('PATCH', `/api/admin/users/${created.body.user.id}`, { colour: '#a8d0ec' })).body.user.colour).toBe('#a8d0ec');
  });

  it('disabling a member ends their sessions and open tabs at once; their history stays', async () => {
    const victim = await t.login('member', { email: 'gianni@example.ch' });
    const id = (await victim.get('/api/session')).body.user.id;
    await victim.post('/api/bookings', { start: '2027-09-01', end: '2027-09-03', purpose: 'personal' });
    const stream = await openEventStream(victim, t.url);
    const ended = stream.ended;
    expect((await superadmin.request('PATCH', `/api/admin/users/${id}`, { disabled: true })).body.user.disabled).toBe(true);
    await ended;
    expect((await victim.get('/api/session')).status).toBe(401);
    expect((await t.client().post('/api/session', { email: 'gianni@example.ch', password: 'correct horse battery' })).body.error.code).toBe('AUTH_FAILED');
    expect((await admin.get(`/api/users/${id}/bookings`)).body.bookings).toHaveLength(1);
  });

  it('never loses its last superadmin', async () => {
    const me = (await superadmin.get('/api/session')).body.user.id;
    // Other superadmins exist in this database only if a test made them; make sure there is just this one.
    await t.ctx.db.updateTable('users').set({ role: 'member' }).where('role', '=', 'superadmin').where('id', '!=', me).execute();
    for (const change of [{ role: 'admin' }, { disabled: true }]) {
      const refused = await superadmin.request('PATCH', `/api/admin/users/${me}`, change);
      expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 409, code: 'LAST_SUPERADMIN' });
    }
    const second = await superadmin.post('/api/admin/users', { name: 'Vice', email: 'vice@example.ch', role: 'superadmin' });
    expect((await superadmin.request('PATCH', `/api/admin/users/${me}`, { role: 'admin' })).status).toBe(200);
    expect((await superadmin.request('PATCH', `/api/admin/users/${second.body.user.id}`, { role: 'member' })).status).toBe(403);
  });

  it('serves a private iCalendar feed that a calendar parses, without hidden stays, dead once renewed', async () => {
    const hidden = await t.login('member', { hidden: true });
    await hidden.post('/api/bookings', { start: '2026-12-20', end: '2026-12-22', purpose: 'personal' });
    const { url } = (await member.get('/api/profile/calendar-feed')).body;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[\w-]+\.ics$/);
    expect((await member.get('/api/profile/calendar-feed')).body.url).toBe(url);
    const feed = await fetch(url);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const events = Object.values(ical.sync.parseICS(await feed.text())).filter((e: any) => e.type === 'VEVENT') as any[];
    const december = events.find((e) => e.summary === 'Lucia Rè – Soggiorno');
    expect(december).toBeTruthy();
    expect(december.datetype).toBe('date');
    expect([december.start.getFullYear(), december.start.getMonth(), december.start.getDate()]).toEqual([2026, 11, 1]);
    expect([december.end.getFullYear(), december.end.getMonth(), december.end.getDate()]).toEqual([2026, 11, 3]);
    expect(events.some((e) => e.start.getMonth() === 11 && e.start.getDate() === 20)).toBe(false);
    const renewed = (await member.post('/api/profile/calendar-feed/renew')).body.url;
    expect(renewed).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(renewed)).status).toBe(200);
    // In the language of the member whose feed it is.
    await member.request('PUT', '/api/profile/language', { language: 'fr' });
    const french = Object.values(ical.sync.parseICS(await (await fetch(renewed)).text())) as any[];
    expect(french.some((e) => e.summary === 'Lucia Rè – Séjour')).toBe(true);
    await member.request('PUT', '/api/profile/language', { language: 'it' });
  });
});
