import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

// http_ece is web-push's own encryption library; the test uses it the other way round, as a browser would.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (buffer: Buffer, params: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: string }) => Buffer;
};

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on loopback: records every request, answers with the status it is told. */
function fakePushService() {
  const received: Received[] = [];
  const state = { status: 201 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ path: request.url!, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(state.status).end();
    });
  });
  return {
    received,
    state,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a browser's PushManager.subscribe() produces: an endpoint and the keys to encrypt for it. */
function browserSubscription(base: string, name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    ecdh,
    auth,
    json: { endpoint: `${base}/push/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } },
  };
}

describe.each(testDialects)('push notifications (%s)', (dialect) => {
  const push = fakePushService();
  let base: string;
  let t: TestApp;
  let anna: TestClient;
  let bruno: TestClient;
  let admin: TestClient;
  let annaDevice: ReturnType<typeof browserSubscription>;

  beforeAll(async () => {
    base = await push.start();
    t = await startTestApp(dialect);
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
    expect(push.received).toHaveLength(1);
    const [request] = push.received;
    expect(request!.path).toBe('/push/anna');
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(Number(request!.headers.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(ece.decrypt(request!.body, { version: 'aes128gcm', privateKey: annaDevice.ecdh, authSecret: annaDevice.auth }).toString('utf8'));
    expect(payload).toEqual({ title: 'Nuova prenotazione', body: `${booking.ownerName}: 01.05.2027 – 03.05.2027`, url: '/app/calendario', tag: `booking-${booking.id}` });
  });

  it('does not notify me of my own changes, and tells admins about payments', async () => {
    const adminDevice = browserSubscription(base, 'admin');
    await admin.post('/api/push/subscriptions', adminDevice.json);
    const booking = (await anna.post('/api/bookings', { start: '2027-06-01', end: '2027-06-02', purpose: 'personal' })).body.booking;
    await t.ctx.push.idle();
    expect(push.received.map((r) => r.path)).toEqual(['/push/admin']);
    push.received.length = 0;
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
    await t.ctx.push.idle();
    expect(push.received).toHaveLength(1);
    expect(await t.ctx.db.selectFrom('pushSubscriptions').select('endpoint').execute()).toEqual([]);
  });

  it('never delays or fails a write when the push service is down', async () => {
    await anna.post('/api/push/subscriptions', browserSubscription('http://127.0.0.1:9', 'nowhere').json);
    const response = await bruno.post('/api/bookings', { start: '2027-08-01', end: '2027-08-03', purpose: 'personal' });
    expect(response.status).toBe(201);
    await t.ctx.push.idle();
  });
});
