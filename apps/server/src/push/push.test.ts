import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { browserSubscription, ece, fakePushService } from '../test/push-service.ts';
import { sendDueNotices } from '../notifications/service.ts';
import { MINUTE, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

describe.each(testDialects)('push notifications (%s)', (dialect) => {
  const push = fakePushService();
  let base: string;
  let t: TestApp;
  let anna: TestClient;
  let bruno: TestClient;
  let admin: TestClient;
  let annaDevice: ReturnType<typeof browserSubscription>;
  // Others' bookings are pushed once their window of merging (NOTIFY_DELAY_MINUTES) has passed.
  const afterTheWindow = async () => {
    await sendDueNotices(t.ctx, new Date(t.clock.now().getTime() + 11 * MINUTE));
    await t.ctx.push.idle();
  };

  beforeAll(async () => {
    base = await push.start();
    // The stand-in push service is on loopback, which only tests allow.
    t = await startTestApp(dialect, { PUSH_ALLOW_LOOPBACK: 'true' });
    anna = await t.login('member');
    bruno = await t.login('member');
    admin = await t.login('admin');
    annaDevice = browserSubscription(base, 'anna');
  });
  afterAll(async () => {
    await t.close();
    await push.stop();
  });
  beforeEach(() => {
    push.received.length = 0;
    push.state.status = 201;
  });

  it('stores and removes only my own subscriptions, and refuses bad ones', async () => {
    expect((await anna.get('/api/push/public-key')).body.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect((await anna.post('/api/push/subscriptions', annaDevice.json)).status).toBe(204);
    const bad = await anna.post('/api/push/subscriptions', { endpoint: 'http://push.example.com/x', keys: { p256dh: 'a', auth: 'b' } });
    expect({ status: bad.status, code: bad.body.error.code }).toEqual({ status: 400, code: 'INVALID_PUSH_ENDPOINT' });
    // Bruno cannot remove Anna's device.
    await bruno.post('/api/push/subscriptions/remove', { endpoint: annaDevice.json.endpoint });
    expect(await t.ctx.db.selectFrom('pushSubscriptions').select('endpoint').execute()).toEqual([{ endpoint: annaDevice.json.endpoint }]);
  });

  it("sends another member's new booking to my device, encrypted, with VAPID headers", async () => {
    const booking = (await bruno.post('/api/bookings', { start: '2027-05-01', end: '2027-05-03', purpose: 'personal' })).body.booking;
    await t.ctx.push.idle();
    expect(push.received).toHaveLength(0);
    await afterTheWindow();
    expect(push.received).toHaveLength(1);
    const [request] = push.received;
    expect(request!.path).toBe('/push/anna');
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(Number(request!.headers.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(ece.decrypt(request!.body, { version: 'aes128gcm', privateKey: annaDevice.ecdh, authSecret: annaDevice.auth }).toString('utf8'));
    expect(payload).toEqual({ title: 'Nuova prenotazione', body: `${booking.ownerName}: 01.05.2027 – 03.05.2027`, url: `/app/calendario?mese=2027-05&prenotazione=${booking.id}`, tag: `booking-${booking.id}` });
  });

  it('does not notify me of my own changes, and tells admins about payments', async () => {
    const adminDevice = browserSubscription(base, 'admin');
    await admin.post('/api/push/subscriptions', adminDevice.json);
    const booking = (await anna.post('/api/bookings', { start: '2026-11-25', end: '2026-11-26', purpose: 'personal' })).body.booking;
    await afterTheWindow();
    expect(push.received.map((r) => r.path)).toEqual(['/push/admin']);
    push.received.length = 0;
    t.clock.advanceToDay(booking.start);
    await anna.post(`/api/bookings/${booking.id}/checkin`, { dayKwh: 100, nightKwh: 50 });
    await anna.post(`/api/bookings/${booking.id}/checkout`, { dayKwh: 110, nightKwh: 55, checklistDone: true });
    await anna.post(`/api/bookings/${booking.id}/payment`, { method: 'twint' });
    await t.ctx.push.idle();
    const payments = push.received.filter((r) => r.path === '/push/admin');
    expect(payments).toHaveLength(1);
    const payload = JSON.parse(ece.decrypt(payments[0]!.body, { version: 'aes128gcm', privateKey: adminDevice.ecdh, authSecret: adminDevice.auth }).toString('utf8'));
    expect(payload).toMatchObject({ title: 'Pagamento registrato', url: '/app/prenotazioni/0' });
    expect(payload.body).toContain('Twint');
    await admin.post('/api/push/subscriptions/remove', { endpoint: adminDevice.json.endpoint });
  });

  it("speaks each member's own language: German to Anna once she chooses it", async () => {
    const adminDevice = browserSubscription(base, 'admin-en');
    await admin.post('/api/push/subscriptions', adminDevice.json);
    await admin.request('PUT', '/api/profile/language', { language: 'en' });
    await anna.request('PUT', '/api/profile/language', { language: 'de' });
    await bruno.post('/api/notes', { text: 'Holz ist da' });
    await t.ctx.push.idle();
    const decrypt = (path: string, device: ReturnType<typeof browserSubscription>) =>
      JSON.parse(ece.decrypt(push.received.find((r) => r.path === path)!.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8'));
    const brunoName = (await bruno.get('/api/session')).body.user.name;
    expect(decrypt('/push/anna', annaDevice).title).toBe(`Neue Notiz von ${brunoName}`);
    expect(decrypt('/push/admin-en', adminDevice).title).toBe(`New note from ${brunoName}`);
    await admin.post('/api/push/subscriptions/remove', { endpoint: adminDevice.json.endpoint });
    await anna.request('PUT', '/api/profile/language', { language: 'it' });
  });

  it('speaks French to a member who chose it', async () => {
    const chloe = await t.login('member');
    const device = browserSubscription(base, 'chloe-fr');
    await chloe.post('/api/push/subscriptions', device.json);
    await chloe.request('PUT', '/api/profile/language', { language: 'fr' });
    await bruno.post('/api/notes', { text: 'Le bois est là' });
    await t.ctx.push.idle();
    const received = push.received.find((r) => r.path === '/push/chloe-fr')!;
    const payload = JSON.parse(ece.decrypt(received.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8'));
    expect(payload).toMatchObject({ title: `Nouvelle note de ${(await bruno.get('/api/session')).body.user.name}`, body: 'Le bois est là' });
    await chloe.post('/api/push/subscriptions/remove', { endpoint: device.json.endpoint });
  });

  it('tells others about a new note', async () => {
    await bruno.post('/api/notes', { text: 'La legna è arrivata!' });
    await t.ctx.push.idle();
    const payload = JSON.parse(ece.decrypt(push.received[0]!.body, { version: 'aes128gcm', privateKey: annaDevice.ecdh, authSecret: annaDevice.auth }).toString('utf8'));
    expect(payload).toMatchObject({ body: 'La legna è arrivata!', url: '/app/gestione#note' });
  });

  it('deletes a subscription the push service calls gone (410), without failing the write', async () => {
    push.state.status = 410;
    const response = await bruno.post('/api/bookings', { start: '2027-07-01', end: '2027-07-03', purpose: 'personal' });
    expect(response.status).toBe(201);
    await afterTheWindow();
    expect(push.received).toHaveLength(1);
    expect(await t.ctx.db.selectFrom('pushSubscriptions').select('endpoint').execute()).toEqual([]);
  });

  it('says per message how many devices took it: a 410 for the only one is none, and never rejects', async () => {
    const carla = await t.login('member');
    const carlaId = (await carla.get('/api/session')).body.user.id;
    const toCarla = { kind: 'reminders' as const, onlyUserId: carlaId, exceptUserId: '', onlyHidden: false, onlyAdmins: false };
    const message = () => ({ title: 'Promemoria', body: 'Domani si parte', url: '/app' });
    expect(await t.ctx.push.send(toCarla, message)).toEqual({ devices: 0, accepted: 0, gone: 0 });
    await carla.post('/api/push/subscriptions', browserSubscription(base, 'carla-phone').json);
    await carla.post('/api/push/subscriptions', browserSubscription(base, 'carla-tablet').json);
    expect(await t.ctx.push.send(toCarla, message)).toEqual({ devices: 2, accepted: 2, gone: 0 });
    push.state.status = 500;
    expect(await t.ctx.push.send(toCarla, message)).toEqual({ devices: 2, accepted: 0, gone: 0 });
    push.state.status = 410;
    expect(await t.ctx.push.send(toCarla, message)).toEqual({ devices: 2, accepted: 0, gone: 2 });
    expect(await t.ctx.db.selectFrom('pushSubscriptions').select('id').where('userId', '=', carlaId).execute()).toEqual([]);
  });

  it('never delays or fails a write when the push service is down', async () => {
    await anna.post('/api/push/subscriptions', browserSubscription('http://127.0.0.1:9', 'nowhere').json);
    const response = await bruno.post('/api/bookings', { start: '2027-08-01', end: '2027-08-03', purpose: 'personal' });
    expect(response.status).toBe(201);
    await afterTheWindow();
  });
});

describe.each(testDialects)('push endpoints that point inside (%s)', (dialect) => {
  const push = fakePushService();
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    base = await push.start();
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
    await push.stop();
  });

  it('refuses loopback, private, link-local (cloud metadata) and plain-HTTP endpoints', async () => {
    const anna = await t.login('member');
    const keys = browserSubscription(base, 'x').json.keys;
    for (const endpoint of [
      `${base}/push/anna`,
      'http://localhost:8080/push/x',
      'https://127.0.0.1/push/x',
      'https://localhost/push/x',
      'https://[::1]/push/x',
      'https://[::ffff:127.0.0.1]/push/x',
      'https://[::ffff:7f00:1]/push/x',
      'https://10.1.2.3/push/x',
      'https://172.16.0.1/push/x',
      'https://192.168.1.1/push/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00::1]/push/x',
      'https://[fe80::1]/push/x',
      'https://0.0.0.0/push/x',
      'https://100.64.0.1/push/x',
      'http://push.example.com/x',
    ]) {
      const refused = await anna.post('/api/push/subscriptions', { endpoint, keys });
      expect({ endpoint, status: refused.status, code: refused.body.error?.code }).toEqual({ endpoint, status: 400, code: 'INVALID_PUSH_ENDPOINT' });
    }
    expect(await t.ctx.db.selectFrom('pushSubscriptions').select('endpoint').execute()).toEqual([]);
  });

  it('sends nothing to an internal address even when one is stored (older rows, a name that changed address)', async () => {
    const anna = await t.login('member');
    const bruno = await t.login('member');
    const device = browserSubscription(base, 'stored');
    const annaId = (await anna.get('/api/session')).body.user.id;
    await t.ctx.db
      .insertInto('pushSubscriptions')
      .values({ id: 'stored', userId: annaId, endpoint: device.json.endpoint, p256dh: device.json.keys.p256dh, auth: device.json.keys.auth, userAgent: null, createdAt: new Date().toISOString() })
      .execute();
    expect((await bruno.post('/api/notes', { text: 'Chi ha le chiavi?' })).status).toBe(201);
    await t.ctx.push.idle();
    expect(push.received).toHaveLength(0);
  });
});
