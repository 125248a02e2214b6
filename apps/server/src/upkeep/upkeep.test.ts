import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { instantOfLocal } from '@rustico/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReminders } from '../reminders/service.ts';
import { testDialects } from '../test/databases.ts';
import { startTestMailServer, type TestMailServer } from '../test/mail-server.ts';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { createUser } from '../users/service.ts';

const execute = promisify(execFile);
const ZONE = 'Europe/Zurich';

/** A phone photo of a leaking tap, with the GPS position phones write into EXIF. */
const tapPhoto = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#6a8caf' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Rustico', Model: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 26/1 4679/100', GPSLongitudeRef: 'E', GPSLongitude: '8/1 56/1 358/100' } })
    .toBuffer();

describe.each(testDialects)('supplies, tasks and the handover (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  let anna: TestClient;
  let bruno: TestClient;
  let ids: { anna: string; bruno: string };

  beforeAll(async () => {
    t = await startTestApp(dialect, { HOUSE_TIME_ZONE: ZONE });
    admin = await t.login('admin');
    anna = await t.login('member');
    bruno = await t.login('member');
    ids = { anna: (await anna.get('/api/session')).body.user.id, bruno: (await bruno.get('/api/session')).body.user.id };
  });
  afterAll(() => t.close());

  it('marks supplies ok, low, out; «lo porto io» is one member\'s, and bringing it ends it', async () => {
    const wood = (await admin.post('/api/supplies', { name: '  Legna  ' })).body.supply;
    expect(wood).toMatchObject({ name: 'Legna', state: 'ok', claimedById: null, archived: false, version: 1 });
    // Members add supplies too.
    const salt = await bruno.post('/api/supplies', { name: 'Sale' });
    expect(salt.status).toBe(201);
    expect((await anna.post('/api/supplies', { name: '  ' })).body.error.code).toBe('SUPPLY_NAME_EMPTY');

    expect((await anna.request('PUT', `/api/supplies/${wood.id}`, { state: 'low' })).body.supply).toMatchObject({ state: 'low', version: 2 });
    expect((await anna.request('PUT', `/api/supplies/${wood.id}`, { state: 'gone' })).status).toBe(400);
    const claimed = await bruno.post(`/api/supplies/${wood.id}/claim`);
    expect(claimed.body.supply).toMatchObject({ claimedById: ids.bruno, claimedByName: expect.any(String) });
    // Twice is still his.
    expect((await bruno.post(`/api/supplies/${wood.id}/claim`)).status).toBe(200);
    const refused = await anna.post(`/api/supplies/${wood.id}/claim`);
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 409, code: 'ALREADY_CLAIMED' });
    expect((await anna.delete(`/api/supplies/${wood.id}/claim`)).status).toBe(403);
    // Brought: ok again, nobody holds it.
    expect((await bruno.request('PUT', `/api/supplies/${wood.id}`, { state: 'ok' })).body.supply).toMatchObject({ state: 'ok', claimedById: null });

    // Only its author or an admin renames or archives; an edit on an old version changes nothing.
    expect((await anna.request('PUT', `/api/supplies/${salt.body.supply.id}`, { name: 'Sale grosso' })).status).toBe(403);
    expect((await bruno.request('PUT', `/api/supplies/${salt.body.supply.id}`, { name: 'Sale grosso' })).body.supply.name).toBe('Sale grosso');
    const stale = await admin.request('PUT', `/api/supplies/${salt.body.supply.id}`, { archived: true }, { 'if-match': '1' });
    expect({ status: stale.status, code: stale.body.error.code }).toEqual({ status: 409, code: 'STALE_EDIT' });
    expect((await admin.request('PUT', `/api/supplies/${salt.body.supply.id}`, { archived: true }, { 'if-match': '2' })).status).toBe(200);
    expect((await anna.get('/api/supplies')).body.supplies.map((s: any) => s.name)).toEqual(['Legna']);
    expect((await anna.get('/api/supplies?archived=true')).body.supplies).toHaveLength(2);
  });

  it('lets one of two members claiming an item at once have it', async () => {
    for (let round = 0; round < 5; round++) {
      const gas = (await admin.post('/api/supplies', { name: `Gas ${round}` })).body.supply;
      const answers = await Promise.all([anna.post(`/api/supplies/${gas.id}/claim`), bruno.post(`/api/supplies/${gas.id}/claim`)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!.body.supply.claimedById;
      expect((await admin.get('/api/supplies')).body.supplies.find((s: any) => s.id === gas.id).claimedById).toBe(winner);
    }
  });

  it('brings a yearly task back next year once done; a one-off task is done for good', async () => {
    const water = await admin.post('/api/tasks', { title: 'Chiudere l’acqua', note: 'Vedi [la guida](/app/tutorial/partenza).', yearly: true, from: '2026-11-01', to: '2026-11-30' });
    expect(water.status).toBe(201);
    expect(water.body.task).toMatchObject({ yearly: true, assigneeId: null, done: false, overdue: false, noteHtml: expect.stringContaining('<a href="/app/tutorial/partenza">') });
    const done = await anna.post(`/api/tasks/${water.body.task.id}/done`, { note: 'Chiusa, rubinetto generale in cantina.' });
    expect(done.body.task).toMatchObject({ from: '2027-11-01', to: '2027-11-30', done: false, lastDone: { byId: ids.anna, note: 'Chiusa, rubinetto generale in cantina.' } });

    const bad = await admin.post('/api/tasks', { title: 'Troppo lungo', yearly: true, from: '2026-01-01', to: '2027-01-01' });
    expect(bad.status).toBe(400);
    const tap = (await anna.post('/api/tasks', { title: 'Rubinetto', yearly: false, from: '2026-11-21', to: '2026-12-05' })).body.task;
    expect((await bruno.post(`/api/tasks/${tap.id}/done`, {})).body.task).toMatchObject({ done: true, lastDone: { byId: ids.bruno } });
    expect((await anna.post(`/api/tasks/${tap.id}/done`, {})).body.error.code).toBe('TASK_DONE');
    // Only its author or an admin changes it, on the version they saw.
    const tapEdit = { title: 'Rubinetto della cucina', yearly: false, from: '2026-11-21', to: '2026-12-05' };
    expect((await bruno.request('PUT', `/api/tasks/${tap.id}`, tapEdit)).status).toBe(403);
    const staleTask = await admin.request('PUT', `/api/tasks/${tap.id}`, tapEdit, { 'if-match': '1' });
    expect({ status: staleTask.status, code: staleTask.body.error.code }).toEqual({ status: 409, code: 'STALE_EDIT' });
    expect((await anna.request('PUT', `/api/tasks/${tap.id}`, tapEdit)).body.task).toMatchObject({ title: 'Rubinetto della cucina', done: true });
    // Only its author or an admin deletes it.
    expect((await bruno.delete(`/api/tasks/${tap.id}`)).status).toBe(403);
    expect((await anna.delete(`/api/tasks/${tap.id}`)).status).toBe(204);
    const history = (await admin.get(`/api/activity?kind=task`)).body.entries;
    expect(history.map((e: any) => e.action)).toEqual(expect.arrayContaining(['created', 'updated', 'deleted']));
  });

  it('hands over at check-out, all or nothing, and shows «Da sapere» to the next guest from the day before', async () => {
    const wood = (await admin.post('/api/supplies', { name: 'Legna da ardere' })).body.supply;
    const annaStay = (await anna.post('/api/bookings', { start: '2027-01-10', end: '2027-01-13', purpose: 'personal' })).body.booking;
    const brunoStay = (await bruno.post('/api/bookings', { start: '2027-01-20', end: '2027-01-23', purpose: 'personal' })).body.booking;
    // «chi c'è» in Bruno's days, one for Anna alone, one in February.
    const chimney = (await admin.post('/api/tasks', { title: 'Spazzacamino', yearly: true, from: '2027-01-18', to: '2027-01-25' })).body.task;
    await admin.post('/api/tasks', { title: 'Solo Anna', yearly: false, from: '2027-01-18', to: '2027-01-25', assigneeId: ids.anna });
    await admin.post('/api/tasks', { title: 'Febbraio', yearly: false, from: '2027-02-01', to: '2027-02-10' });

    t.clock.advanceToDay('2027-01-10');
    expect((await anna.post(`/api/bookings/${annaStay.id}/checkin`, { dayKwh: 1000, nightKwh: 500 })).status).toBe(200);
    const problem = { id: randomUUID(), title: 'Il rubinetto del bagno perde' };
    // A supply that does not exist refuses the whole check-out: no reading, no task.
    const refused = await anna.post(`/api/bookings/${annaStay.id}/checkout`, {
      dayKwh: 1040, nightKwh: 520, checklistDone: true, handover: { low: [{ id: wood.id, state: 'out' }, { id: 'nope', state: 'low' }], problem },
    });
    expect(refused.status).toBe(404);
    expect((await anna.get('/api/meter/latest')).body.reading).toMatchObject({ dayKwh: 1000 });
    expect((await anna.get('/api/supplies')).body.supplies.find((s: any) => s.id === wood.id).state).toBe('ok');
    expect((await anna.get('/api/tasks')).body.tasks.some((task: any) => task.id === problem.id)).toBe(false);

    const handover = { low: [{ id: wood.id, state: 'out' }], problem, note: 'La chiave del capanno è sotto il vaso.' };
    const checkedOut = await anna.post(`/api/bookings/${annaStay.id}/checkout`, { dayKwh: 1040, nightKwh: 520, checklistDone: true, handover });
    expect(checkedOut.status).toBe(200);
    const photo = await anna.request('PUT', `/api/tasks/${problem.id}/photo`, await tapPhoto(), { 'content-type': 'image/jpeg' });
    expect(photo.body.task).toMatchObject({ fromCheckout: true, from: '2027-01-13', photoUrl: expect.stringContaining(`/api/tasks/${problem.id}/photo`) });
    const stored = await fetch(`${t.url}${photo.body.task.photoUrl}`, { headers: { cookie: bruno.cookie! } });
    const metadata = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect({ format: metadata.format, exif: metadata.exif, width: metadata.width }).toEqual({ format: 'webp', exif: undefined, width: 400 });
    // The handover is part of the stay's history.
    const stayHistory = (await bruno.get(`/api/bookings/${annaStay.id}/history`)).body;
    expect(JSON.stringify(stayHistory)).toContain('La chiave del capanno è sotto il vaso.');

    t.clock.advanceToDay('2027-01-18');
    expect((await bruno.get('/api/to-know')).body).toEqual({ stay: null, handovers: [], tasks: [], supplies: [] });
    t.clock.advanceToDay('2027-01-19');
    const toKnow = (await bruno.get('/api/to-know')).body;
    expect(toKnow.stay).toEqual({ bookingId: brunoStay.id, start: '2027-01-20', end: '2027-01-23' });
    expect(toKnow.handovers.map((h: any) => h.note)).toEqual(['La chiave del capanno è sotto il vaso.']);
    expect(toKnow.tasks.map((task: any) => task.title).sort()).toEqual(['Il rubinetto del bagno perde', 'Spazzacamino']);
    expect(toKnow.supplies.map((s: any) => s.name)).toContain('Legna da ardere');
    // Claimed, it is no longer news; the chimney done, it leaves his days for next year's.
    await bruno.post(`/api/supplies/${wood.id}/claim`);
    await bruno.post(`/api/tasks/${chimney.id}/done`, {});
    const after = (await bruno.get('/api/to-know')).body;
    expect(after.supplies.map((s: any) => s.name)).not.toContain('Legna da ardere');
    expect(after.tasks.map((task: any) => task.title)).toEqual(['Il rubinetto del bagno perde']);
  });

  it("keeps a hidden account's supplies and tasks from everyone else", async () => {
    const hidden = await t.login('member', { hidden: true });
    const secret = (await hidden.post('/api/supplies', { name: 'Segreto' })).body.supply;
    const task = (await hidden.post('/api/tasks', { title: 'Lavoro segreto', yearly: false, from: '2027-03-01', to: '2027-03-02' })).body.task;
    expect((await anna.get('/api/supplies')).body.supplies.some((s: any) => s.id === secret.id)).toBe(false);
    expect((await anna.get('/api/tasks')).body.tasks.some((s: any) => s.id === task.id)).toBe(false);
    expect((await anna.post(`/api/supplies/${secret.id}/claim`)).status).toBe(404);
    expect((await hidden.get('/api/supplies')).body.supplies.some((s: any) => s.id === secret.id)).toBe(true);
    // Its claim holds an item for everyone, without its name.
    const salt = (await admin.post('/api/supplies', { name: 'Sale fino' })).body.supply;
    expect((await hidden.post(`/api/supplies/${salt.id}/claim`)).status).toBe(200);
    expect((await anna.post(`/api/supplies/${salt.id}/claim`)).body.error.code).toBe('ALREADY_CLAIMED');
    const seen = (await anna.get('/api/supplies')).body.supplies.find((s: any) => s.id === salt.id);
    expect(seen).toMatchObject({ claimedByName: null });
    expect((await hidden.get('/api/supplies')).body.supplies.find((s: any) => s.id === salt.id).claimedByName).toEqual(expect.any(String));

    // Work it does on everyone's task is done for everyone, without its name; a visible admin cannot give it work.
    const hiddenId = (await hidden.get('/api/session')).body.user.id;
    const gutter = (await admin.post('/api/tasks', { title: 'Grondaia', yearly: false, from: '2027-03-01', to: '2027-03-31' })).body.task;
    const assigned = await admin.post('/api/tasks', { title: 'Per il nascosto', yearly: false, from: '2027-03-01', to: '2027-03-31', assigneeId: hiddenId });
    expect(assigned.body.error).toMatchObject({ code: 'VALIDATION', field: 'assigneeId' });
    expect((await hidden.post(`/api/tasks/${gutter.id}/done`, {})).status).toBe(200);
    const doneForAnna = (await anna.get('/api/tasks')).body.tasks.find((task: any) => task.id === gutter.id);
    expect(doneForAnna).toMatchObject({ done: true, lastDone: { byName: null } });
    expect((await hidden.get('/api/tasks')).body.tasks.find((task: any) => task.id === gutter.id).lastDone.byName).toEqual(expect.any(String));
    const forItself = (await hidden.post('/api/tasks', { title: 'Anche per me', yearly: false, from: '2027-03-01', to: '2027-03-31', assigneeId: hiddenId })).body.task;
    expect(forItself).toMatchObject({ assigneeId: hiddenId, assigneeName: expect.any(String) });
    // A hidden administrator may give it everyone's task: the others read that someone does it.
    const hiddenAdmin = await t.login('admin', { hidden: true });
    const roof = (await admin.post('/api/tasks', { title: 'Tetto', yearly: false, from: '2027-03-01', to: '2027-03-31' })).body.task;
    const given = await hiddenAdmin.request('PUT', `/api/tasks/${roof.id}`, { title: 'Tetto', yearly: false, from: '2027-03-01', to: '2027-03-31', assigneeId: hiddenId });
    expect(given.body.task).toMatchObject({ assigneeName: expect.any(String) });
    expect((await anna.get('/api/tasks')).body.tasks.find((task: any) => task.id === roof.id)).toMatchObject({ assigneeId: hiddenId, assigneeName: null });
    // Changing something else keeps whom it is for.
    const renamed = await admin.request('PUT', `/api/tasks/${roof.id}`, { title: 'Tetto e camino', yearly: false, from: '2027-03-01', to: '2027-03-31', assigneeId: hiddenId });
    expect(renamed.body.task).toMatchObject({ title: 'Tetto e camino', assigneeId: hiddenId, assigneeName: null });
  });
});

describe.each(testDialects)('overdue work (%s)', (dialect) => {
  let mail: TestMailServer;
  let t: TestApp;

  beforeAll(async () => {
    mail = await startTestMailServer();
    t = await startTestApp(dialect, { SMTP_URL: mail.url, HOUSE_TIME_ZONE: ZONE });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  // Two Node processes start with tsx on PostgreSQL; SQLite serves one process, so there two runs share it.
  it('reminds each admin once, however many processes run the reminders', async () => {
    const admins = [];
    for (let i = 0; i < 2; i++) admins.push(await createUser(t.ctx, { email: `capo${i}@example.ch`, name: `Capo ${i}`, password: null, role: 'admin' }));
    await createUser(t.ctx, { email: 'ospite@example.ch', name: 'Ospite', password: null, role: 'member' });
    const task = { authorId: admins[0]!.id, note: null, yearly: 1, assigneeId: null, photoKey: null, doneAt: null, bookingId: null, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' };
    await t.ctx.db.insertInto('tasks').values({ ...task, id: randomUUID(), title: 'Spazzacamino', fromDate: '2027-10-01', toDate: '2027-10-31' }).execute();
    await t.ctx.db.insertInto('tasks').values({ ...task, id: randomUUID(), title: 'Non ancora', fromDate: '2027-10-15', toDate: '2027-11-15' }).execute();
    // On its window's last day it is not overdue yet.
    expect((await runReminders(t.ctx, instantOfLocal('2027-10-31T10:00', ZONE)!)).filter((o) => o.what === 'task-overdue')).toEqual([]);
    if (dialect === 'postgres') {
      const cli = path.join(import.meta.dirname, '..', 'cli.ts');
      const run = () =>
        execute(process.execPath, ['--import', 'tsx', cli, 'reminders', 'run', '--at', '2027-11-01T10:00'], {
          env: { ...process.env, DATABASE_URL: t.database.databaseUrl, SMTP_URL: mail.url, PUBLIC_URL: 'https://rustico.example.ch', DATA_DIR: t.database.dataDir, LOG_LEVEL: 'warn', HOUSE_TIME_ZONE: ZONE },
        });
      await Promise.all([run(), run()]);
    } else {
      await Promise.all([runReminders(t.ctx, instantOfLocal('2027-11-01T10:00', ZONE)!), runReminders(t.ctx, instantOfLocal('2027-11-01T10:00', ZONE)!)]);
    }
    await runReminders(t.ctx, instantOfLocal('2027-11-02T10:00', ZONE)!);
    expect(mail.received.map((m) => m.subject)).toEqual(['Lavoro in ritardo: Spazzacamino', 'Lavoro in ritardo: Spazzacamino']);
    expect(mail.to('capo0@example.ch')).toHaveLength(1);
    expect(mail.to('capo1@example.ch')).toHaveLength(1);
    expect(mail.to('ospite@example.ch')).toHaveLength(0);
  }, 90_000);
});
