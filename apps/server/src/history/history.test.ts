import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { MINUTE, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

describe.each(testDialects)('the history of every change, and stale edits (%s)', (dialect) => {
  let t: TestApp;
  let anna: TestClient;
  let admin: TestClient;
  let superadmin: TestClient;
  let annaId: string;
  let png: Buffer;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    anna = await t.login('member');
    admin = await t.login('admin');
    superadmin = await t.login('superadmin');
    annaId = (await anna.get('/api/session')).body.user.id;
    png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3d6b4f' } }).png().toBuffer();
  });
  afterAll(() => t.close());

  const changesOf = async (client: TestClient, path: string) => (await client.get(path)).body.changes.map((c: any) => ({ action: c.action, fields: c.fields }));

  it("keeps a stay's steps in its booking's history: the readings, the payment, a correction and a decision", async () => {
    const booking = (await anna.post('/api/bookings', { start: '2026-11-23', end: '2026-11-25', purpose: 'personal' })).body.booking;
    const meter = (await anna.get('/api/meter/latest')).body.reading?.totalKwh ?? 1000;
    t.clock.advanceToDay('2026-11-23');
    await anna.post(`/api/bookings/${booking.id}/checkin`, { dayKwh: meter + 1, nightKwh: 0 });
    await anna.post(`/api/bookings/${booking.id}/checkout`, { dayKwh: meter + 21, nightKwh: 0, checklistDone: true });
    await anna.post(`/api/bookings/${booking.id}/payment`, { method: 'twint' });
    const reading = (await admin.get('/api/admin/readings')).body.readings.find((r: any) => r.bookingId === booking.id && r.kind === 'checkout');
    await admin.request('PUT', `/api/admin/readings/${reading.id}`, { dayKwh: meter + 11, nightKwh: 0 });
    const changes = await changesOf(anna, `/api/bookings/${booking.id}/history`);
    expect(changes.map((c: any) => c.action)).toEqual(['created', 'checkin', 'checkout', 'paid', 'corrected']);
    expect(changes[1].fields).toEqual({ dayKwh: { from: null, to: meter + 1 }, nightKwh: { from: null, to: 0 } });
    expect(changes[2].fields).toMatchObject({ dayKwh: { from: null, to: meter + 21 }, kwhUsed: { from: null, to: 20 } });
    expect(changes[3].fields).toEqual({ paymentMethod: { from: null, to: 'twint' }, costCentimes: { from: null, to: expect.any(Number) } });
    expect(changes[4].fields).toEqual({ departureDayKwh: { from: meter + 21, to: meter + 11 } });
  });

  it("keeps an expense's changes with the fields before and after", async () => {
    const body = { date: '2026-10-05', amountCentimes: 4_500, category: 'repairs', description: 'Rubinetto', paidById: annaId, recurring: false };
    const expense = (await anna.post('/api/expenses', body)).body.expense;
    await anna.request('PUT', `/api/expenses/${expense.id}`, { ...body, amountCentimes: 5_000 });
    await anna.request('PUT', `/api/expenses/${expense.id}/receipt`, png, { 'content-type': 'image/png' });
    await admin.request('PUT', `/api/expenses/${expense.id}`, { ...body, amountCentimes: 5_000, verified: true });
    await admin.delete(`/api/expenses/${expense.id}`);
    const changes = await changesOf(anna, `/api/expenses/${expense.id}/history`);
    expect(changes.map((c: any) => c.action)).toEqual(['created', 'updated', 'receipt', 'verified', 'deleted']);
    expect(changes[1].fields).toEqual({ amountCentimes: { from: 4_500, to: 5_000 } });
    expect(changes[2].fields).toEqual({ receipt: { from: null, to: 'image' } });
    expect(changes[3].fields).toEqual({ verified: { from: false, to: true } });
    expect(changes[4].fields).toMatchObject({ description: { from: 'Rubinetto', to: null } });
  });

  it("keeps a member's changes: added, role, a new password, the voucher, their own name and photo; and a deleted note's text", async () => {
    const added = (await superadmin.post('/api/admin/users', { name: 'Zio Tino', email: 'tino@example.ch', role: 'member' })).body.user;
    await superadmin.request('PATCH', `/api/admin/users/${added.id}`, { role: 'admin' });
    await superadmin.post(`/api/admin/users/${added.id}/password`);
    await anna.request('PUT', '/api/profile', { name: 'Anna Maria' });
    await anna.request('PUT', '/api/profile/photo', png, { 'content-type': 'image/png' });
    const note = (await anna.post('/api/notes', { text: 'Legna finita' })).body.note;
    await anna.delete(`/api/notes/${note.id}`);
    const activity = (await admin.get('/api/activity?limit=10')).body.entries;
    const summary = activity.map((e: any) => [e.subject, e.action, e.fields]);
    expect(summary).toContainEqual(['member', 'created', expect.objectContaining({ name: { from: null, to: 'Zio Tino' }, role: { from: null, to: 'member' } })]);
    expect(summary).toContainEqual(['member', 'updated', { role: { from: 'member', to: 'admin' } }]);
    expect(summary).toContainEqual(['member', 'password', {}]);
    expect(summary).toContainEqual(['member', 'updated', { name: { from: expect.any(String), to: 'Anna Maria' } }]);
    expect(summary).toContainEqual(['member', 'photo', {}]);
    expect(summary).toContainEqual(['note', 'deleted', { text: { from: 'Legna finita', to: null } }]);
  });

  it('keeps the rules and the peak periods', async () => {
    await admin.request('PUT', '/api/house/rules', { quotaNights: 33 });
    const peak = (await admin.post('/api/peak-periods', { name: 'Pasqua', from: '04-01', to: '04-10' })).body.peakPeriod;
    await admin.request('PUT', `/api/peak-periods/${peak.id}`, { name: 'Pasqua', from: '04-02', to: '04-10' });
    await admin.delete(`/api/peak-periods/${peak.id}`);
    const rules = (await admin.get('/api/activity?kind=rules')).body.entries;
    expect(rules[0]).toMatchObject({ action: 'updated', fields: { quotaNights: { from: null, to: 33 } } });
    const peaks = (await admin.get('/api/activity?kind=peak')).body.entries.map((e: any) => [e.action, e.label, e.fields]);
    expect(peaks).toEqual([
      ['deleted', 'Pasqua', { name: { from: 'Pasqua', to: null }, from: { from: '04-02', to: null }, to: { from: '04-10', to: null }, year: { from: null, to: null } }].map((x) => x),
      ['updated', 'Pasqua', { from: { from: '04-01', to: '04-02' } }],
      ['created', 'Pasqua', { name: { from: null, to: 'Pasqua' }, from: { from: null, to: '04-01' }, to: { from: null, to: '04-10' } }],
    ].map(([action, label, fields]) => [action, label, Object.fromEntries(Object.entries(fields as object).filter(([, v]) => (v as any).from !== (v as any).to))]));
  });

  it("pages «Attività» newest first, filters by member and kind, is for administrators, and shows a hidden account's changes only to hidden ones", async () => {
    const hiddenAdmin = await t.login('admin', { hidden: true });
    const secret = (await hiddenAdmin.post('/api/bookings', { start: '2027-05-01', end: '2027-05-02', purpose: 'personal' })).body.booking;
    for (let i = 0; i < 3; i++) {
      t.clock.advance(MINUTE);
      await anna.post('/api/bookings', { start: `2027-06-0${i + 1}`, end: `2027-06-0${i + 2}`, purpose: 'personal' });
    }
    const first = (await admin.get(`/api/activity?memberId=${annaId}&kind=booking&limit=2`)).body;
    expect(first.entries.map((e: any) => e.label)).toEqual([expect.stringMatching(/^03\.06\.2027/), expect.stringMatching(/^02\.06\.2027/)]);
    expect(first.entries.every((e: any) => e.byId === annaId && e.subject === 'booking')).toBe(true);
    const second = (await admin.get(`/api/activity?memberId=${annaId}&kind=booking&limit=2&before=${first.nextCursor}`)).body;
    expect(second.entries[0].label).toMatch(/^01\.06\.2027/);
    const everything = (await admin.get('/api/activity?limit=100')).body.entries;
    expect(everything.some((e: any) => e.subjectId === secret.id)).toBe(false);
    expect((await hiddenAdmin.get('/api/activity?limit=100')).body.entries.some((e: any) => e.subjectId === secret.id)).toBe(true);
    expect((await anna.get('/api/activity')).status).toBe(403);
    expect((await admin.get('/api/activity?kind=nonsense')).status).toBe(400);
    // Past PostgreSQL's 32-bit sequence (the fuzzer's find): refused, not a 500.
    expect((await admin.get('/api/activity?before=6332741455')).body.error.code).toBe('VALIDATION');
    expect((await admin.get('/api/activity?before=2147483647')).status).toBe(200);
  });

  it('refuses a stale edit of an expense, a note, a member, the rules, a member quota and a profile, and lets one of two racing edits win', async () => {
    const body = { date: '2026-10-06', amountCentimes: 1_000, category: 'repairs', description: 'Lampadina', paidById: annaId, recurring: false };
    const expense = (await anna.post('/api/expenses', body)).body.expense;
    const note = (await anna.post('/api/notes', { text: 'Da cancellare' })).body.note;
    const member = (await superadmin.post('/api/admin/users', { name: 'Cugina Eva', email: 'eva@example.ch', role: 'member' })).body.user;
    const rules = (await admin.get('/api/house/rules')).body;
    const profile = (await anna.get('/api/session')).body.user;
    const cases: { what: string; client: TestClient; method: string; path: string; bodies: [unknown, unknown]; version: number }[] = [
      { what: 'expense', client: anna, method: 'PUT', path: `/api/expenses/${expense.id}`, bodies: [{ ...body, amountCentimes: 1_100 }, { ...body, amountCentimes: 1_200 }], version: expense.version },
      { what: 'member', client: superadmin, method: 'PATCH', path: `/api/admin/users/${member.id}`, bodies: [{ name: 'Eva' }, { name: 'Evelina' }], version: member.version },
      { what: 'rules', client: admin, method: 'PUT', path: '/api/house/rules', bodies: [{ noticeDays: 3 }, { noticeDays: 4 }], version: rules.version },
      { what: 'profile', client: anna, method: 'PUT', path: '/api/profile', bodies: [{ name: 'Anna B.' }, { name: 'Annina' }], version: profile.version },
    ];
    for (const { what, client, method, path, bodies, version } of cases) {
      const answers = await Promise.all(bodies.map((b) => client.request(method, path, b, { 'if-match': String(version) })));
      expect(answers.map((a) => a.status).sort(), what).toEqual([200, 409]);
      const refused = answers.find((a) => a.status === 409)!.body.error;
      expect(refused, what).toMatchObject({ code: 'STALE_EDIT', details: { current: expect.any(Object), changedAt: expect.any(String) } });
      expect((await client.request(method, path, bodies[0], { 'if-match': String(version) })).status, what).toBe(409);
    }
    // A member's own quota is part of the rules: made on rules changed since, it is refused too.
    const seen = (await admin.get('/api/house/rules')).body.version;
    const quotas = await Promise.all([20, 25].map((quotaNights) => admin.request('PUT', `/api/house/rules/quotas/${annaId}`, { quotaNights }, { 'if-match': String(seen) })));
    expect(quotas.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(quotas.find((a) => a.status === 409)!.body.error).toMatchObject({ code: 'STALE_EDIT', details: { current: { version: seen + 1 } } });
    const kept = quotas.find((a) => a.status === 200)!.body.rules.memberQuotas;
    expect((await admin.get('/api/house/rules')).body.rules.memberQuotas).toEqual(kept);
    await anna.request('PUT', `/api/notes/${note.id}/reactions/me`);
    // A thumbs-up is no change of the note's own: its version stays.
    expect((await anna.request('DELETE', `/api/notes/${note.id}`, undefined, { 'if-match': String(note.version + 1) })).body.error.code).toBe('STALE_EDIT');
    expect((await anna.request('DELETE', `/api/notes/${note.id}`, undefined, { 'if-match': String(note.version) })).status).toBe(204);
  });
});
