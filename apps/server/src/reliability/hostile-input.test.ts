import { addDays, latestStayDate } from '@rustico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { createUser, setUserPassword } from '../users/service.ts';

/** Defects 8 and 9 of the hardening issue: far dates and invisible characters. */
describe.each(testDialects)('hostile input (%s)', (dialect) => {
  let t: TestApp;
  let member: TestClient;
  let admin: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    member = await t.login('member');
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('refuses stays on 9999-12-31, in year 0001 and more than ten years ahead', async () => {
    const today = '2026-11-21';
    for (const date of ['9999-12-31', '2100-01-01']) {
      const far = await member.post('/api/bookings', { start: date, end: date, purpose: 'personal' });
      expect(far.status, date).toBe(400);
      expect(far.body.error.code, date).toBe('DATE_OUT_OF_RANGE');
    }
    const ancient = await admin.post('/api/bookings', { start: '0001-01-01', end: '0001-01-03', purpose: 'personal' });
    expect(ancient.body.error.code).toBe('DATE_OUT_OF_RANGE');
    const beyond = addDays(latestStayDate(today), 1);
    const tooFar = await member.post('/api/bookings', { start: beyond, end: beyond, purpose: 'personal' });
    expect(tooFar.body.error.code).toBe('DATE_OUT_OF_RANGE');
    const lastDay = latestStayDate(today);
    const ok = await member.post('/api/bookings', { start: lastDay, end: lastDay, purpose: 'personal' });
    expect(ok.status).toBe(201);
    const moved = await member.request('PUT', `/api/bookings/${ok.body.booking.id}`, { start: '1999-12-31', end: lastDay, purpose: 'personal' });
    expect(moved.body.error.code).toBe('DATE_OUT_OF_RANGE');
    const stored = await t.ctx.db.selectFrom('bookings').select(['startDate', 'endDate']).execute();
    expect(stored).toEqual([{ startDate: lastDay, endDate: lastDay }]);
  });

  it('refuses a note or a name of only NUL, zero-width space or a bidi override, and stores none', async () => {
    for (const invisible of ['\u0000', '\u200B', '\u202E', ' \u0000\u200B\u202E\t\n ']) {
      const note = await member.post('/api/notes', { text: invisible });
      expect(note.status, JSON.stringify(invisible)).toBe(400);
      expect(note.body.error.code).toBe('NOTE_EMPTY');
      const name = await member.request('PUT', '/api/profile', { name: invisible });
      expect(name.body.error.code).toBe('NAME_REQUIRED');
    }
    expect(await t.ctx.db.selectFrom('notes').select('id').execute()).toEqual([]);
  });

  it('stores texts composed (NFC), without control or bidi characters, keeping line breaks', async () => {
    const note = await member.post('/api/notes', { text: 'Cafe\u0301\u0000 al\u202E lago\r\nciao\u200B' });
    expect(note.status).toBe(201);
    expect(note.body.note.text).toBe('Café al lago\nciao');
    const name = await member.request('PUT', '/api/profile', { name: '\u202EAnna\u0000 Maria\n' });
    expect(name.body.user.name).toBe('Anna Maria');
    await createUser(t.ctx, { email: 'ghost-name@example.ch', name: ' Luca\u0000 ', password: 'a long password', role: 'member' });
    const row = await t.ctx.db.selectFrom('users').select('name').where('email', '=', 'ghost-name@example.ch').executeTakeFirstOrThrow();
    expect(row.name).toBe('Luca');
  });

  it('takes a check-in note of only invisible characters as no note', async () => {
    const stay = await member.post('/api/bookings', { start: '2026-11-21', end: '2026-11-23', purpose: 'personal' });
    const before = await t.ctx.db.selectFrom('notes').select('id').execute();
    const checkin = await member.post(`/api/bookings/${stay.body.booking.id}/checkin`, { dayKwh: 10, nightKwh: 5, note: '\u200B\u0000\u202E' });
    expect(checkin.status).toBe(200);
    expect(await t.ctx.db.selectFrom('notes').select('id').execute()).toEqual(before);
  });

  it('refuses NUL in a path or query with 400, not a database error', async () => {
    for (const path of ['/api/bookings/%00', '/api/notes/a%00b/reactions/me', '/api/users/%00/photo', '/api/notes?before=%00', '/api/users/%00/bookings']) {
      const response = await member.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.error.code, path).toBe('VALIDATION');
    }
    const del = await member.delete('/api/notes/%00');
    expect(del.status).toBe(400);
  });

  it('refuses NUL in push subscription keys and endpoints with 400 (found by fuzzing: a 500 on PostgreSQL)', async () => {
    const subscribe = await member.post('/api/push/subscriptions', { endpoint: 'http://127.0.0.1:9/push/a', keys: { p256dh: 'BNcR', auth: 'a\u0000b' } });
    expect(subscribe.status).toBe(400);
    const remove = await member.post('/api/push/subscriptions/remove', { endpoint: 'a\u0000b' });
    expect(remove.status).toBe(400);
  });

  it('refuses NUL in any string a schema lets through, ids in arrays too, with 400 (a 500 on PostgreSQL)', async () => {
    const read = await member.post('/api/notices/read', { ids: ['a\u0000b'] });
    expect({ status: read.status, code: read.body.error.code, field: read.body.error.field }).toEqual({ status: 400, code: 'VALIDATION', field: 'ids.0' });
    // Not an id, and not free text (which is stored without it): refused wherever it is.
    const password = await member.request('PUT', '/api/profile/password', { currentPassword: 'x\u0000', newPassword: 'una nuova password' });
    expect({ status: password.status, code: password.body.error.code, field: password.body.error.field }).toEqual({ status: 400, code: 'VALIDATION', field: 'currentPassword' });
    expect((await member.post('/api/notices/read', { ids: ['0b9f2a4e-1c3d-4e5f-8a6b-7c8d9e0f1a2b'] })).status).toBe(200);
  });

  it('refuses a body nested 5,000 deep with 400 (found by fuzzing: a 500 with an Idempotency-Key)', async () => {
    const note = (await member.post('/api/notes', { text: 'Profonda' })).body.note.id;
    const deep = `${'{"a":['.repeat(5000)}1${']}'.repeat(5000)}`;
    const response = await member.request('PUT', `/api/notes/${note}/reactions/me`, deep, { 'idempotency-key': 'deep-1' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('INVALID_JSON');
    const shallow = await member.request('PUT', `/api/notes/${note}/reactions/me`, '{"a":[{"b":"[{\\"}]"}]}', { 'idempotency-key': 'shallow-1' });
    expect(shallow.status).toBe(200);
  });

  it('lets a password set with surrounding spaces log in, typed with or without them', async () => {
    await createUser(t.ctx, { email: 'spaces@example.ch', name: 'Spazi', password: 'initial password', role: 'member' });
    await setUserPassword(t.ctx, 'spaces@example.ch', '  castagne 2027  ');
    for (const typed of ['  castagne 2027  ', 'castagne 2027', 'castagne 2027 ']) {
      const login = await t.client().post('/api/session', { email: 'spaces@example.ch', password: typed });
      expect(login.status, JSON.stringify(typed)).toBe(200);
    }
    await createUser(t.ctx, { email: 'spaces2@example.ch', name: 'Spazi', password: ' created with spaces ', role: 'member' });
    expect((await t.client().post('/api/session', { email: 'spaces2@example.ch', password: 'created with spaces' })).status).toBe(200);
  });
});
