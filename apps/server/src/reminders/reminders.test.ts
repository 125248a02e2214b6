import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { instantOfLocal } from '@rustico/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertBooking } from '../bookings/service.ts';
import type { Insertable } from 'kysely';
import type { BookingsTable } from '../db/schema.ts';
import { pruneDeliveries, RETRY_AFTER_MINUTES, UNDELIVERABLE_RETRY_MINUTES } from '../deliveries/service.ts';
import { startTestMailServer, type TestMailServer } from '../test/mail-server.ts';
import { testDialects } from '../test/databases.ts';
import { browserSubscription, decryptPush, fakePushService } from '../test/push-service.ts';
import { DAY, MINUTE, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { createUser } from '../users/service.ts';
import { runReminders } from './service.ts';

const execute = promisify(execFile);
const ZONE = 'Europe/Zurich';
const at = (local: string) => instantOfLocal(local, ZONE)!;

async function addStay(t: TestApp, userId: string, stay: Partial<Insertable<BookingsTable>> & Pick<BookingsTable, 'startDate' | 'endDate'>): Promise<string> {
  const id = randomUUID();
  await insertBooking(t.ctx.db, {
    id,
    userId,
    purpose: 'personal',
    costCentimes: 15000,
    checkedIn: 0,
    checkedOut: 0,
    paid: 0,
    createdBy: null,
    kwhUsed: null,
    paymentMethod: null,
    paidAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...stay,
  });
  return id;
}

/** A device of the member that takes push, as the app's switch stores it; its id. */
async function subscribe(t: TestApp, userId: string, device: ReturnType<typeof browserSubscription>): Promise<string> {
  const id = randomUUID();
  const { endpoint, keys } = device.json;
  await t.ctx.db.insertInto('pushSubscriptions').values({ id, userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent: null, createdAt: t.clock.now().toISOString() }).execute();
  return id;
}

describe.each(testDialects)('reminders (%s)', (dialect) => {
  const push = fakePushService();
  let base: string;
  let mail: TestMailServer;
  let t: TestApp;
  let anna: { id: string };
  let bruno: { id: string };

  const sent = async (local: string) => {
    const outcomes = await runReminders(t.ctx, at(local));
    return outcomes.filter((o) => o.result === 'sent').map((o) => `${o.what} ${o.to}`);
  };

  beforeAll(async () => {
    mail = await startTestMailServer();
    base = await push.start();
    t = await startTestApp(dialect, {
      SMTP_URL: mail.url,
      MAIL_FROM: 'Rustico <rustico@example.ch>',
      PUBLIC_URL: 'https://rustico.example.ch',
      HOUSE_TIME_ZONE: ZONE,
      // The stand-in push service is on loopback, which only tests allow.
      PUSH_ALLOW_LOOPBACK: 'true',
    });
    anna = await createUser(t.ctx, { email: 'anna@example.ch', name: 'Anna', password: 'montagna-2026', role: 'member' });
    bruno = await createUser(t.ctx, { email: 'bruno@example.ch', name: 'Bruno', password: 'montagna-2026', role: 'admin' });
    await t.ctx.db.updateTable('users').set({ language: 'de' }).where('id', '=', bruno.id).execute();
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
    await push.stop();
  });
  beforeEach(() => {
    mail.received.length = 0;
    push.received.length = 0;
    push.state.status = 201;
  });

  it('reminds of arrival the day before, of a missing check-in at 18:00, and of the departure, each on its day only', async () => {
    const id = await addStay(t, anna.id, { startDate: '2026-12-24', endDate: '2026-12-27' });
    expect(await sent('2026-12-22T09:00')).toEqual([]);
    expect(await sent('2026-12-23T08:59')).toEqual([]);
    expect(await sent('2026-12-23T09:00')).toEqual(['arrival-eve anna@example.ch']);
    const eve = mail.to('anna@example.ch')[0]!;
    expect(eve.subject).toBe('Domani si parte per il Rustico');
    expect(eve.from?.value[0]).toMatchObject({ name: 'Rustico', address: 'rustico@example.ch' });
    expect(eve.text).toContain('24.12.2026 – 27.12.2026');
    expect(eve.text).toContain('50 CHF a notte'); // the house letter's essentials
    expect(eve.html).toContain('<h2>Appena arrivati</h2>'); // the arrival guide
    expect(eve.html).toContain('Rustico Corzoneso');
    expect(eve.text).toMatch(/https:\/\/rustico\.example\.ch\/disiscrizione\/[\w-]+\.[\w-]+/);
    expect(eve.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toMatch(/<https:\/\/rustico\.example\.ch\/disiscrizione\//);

    expect(await sent('2026-12-24T17:59')).toEqual([]);
    expect(await sent('2026-12-24T18:00')).toEqual(['checkin-missing anna@example.ch']);
    expect(mail.to('anna@example.ch')[1]!.subject).toBe('Check-in non ancora registrato');
    await t.ctx.db.updateTable('bookings').set({ checkedIn: 1 }).where('id', '=', id).execute();
    expect(await sent('2026-12-25T18:00')).toEqual([]);
    expect(await sent('2026-12-27T07:59')).toEqual([]);
    expect(await sent('2026-12-27T08:00')).toEqual(['departure anna@example.ch']);
    const departure = mail.to('anna@example.ch')[2]!;
    expect(departure.subject).toBe('Oggi si riparte: check-out e pulizie');
    expect(departure.text).toContain('Frigorifero svuotato');
    await t.ctx.db.deleteFrom('bookings').where('id', '=', id).execute();
  });

  it('sends nothing new when it runs again, or later the same day', async () => {
    const id = await addStay(t, anna.id, { startDate: '2027-01-10', endDate: '2027-01-12' });
    expect(await sent('2027-01-09T10:00')).toEqual(['arrival-eve anna@example.ch']);
    const again = await runReminders(t.ctx, at('2027-01-09T10:00'));
    expect(again.map((o) => o.result)).toEqual(['skipped']);
    expect(await sent('2027-01-09T21:00')).toEqual([]);
    expect(mail.received).toHaveLength(1);
    await t.ctx.db.deleteFrom('bookings').where('id', '=', id).execute();
  });

  it('reminds of an unpaid stay three days after departure with the QR-bill, then weekly, in the member\'s language; admins get a Monday summary', async () => {
    const id = await addStay(t, bruno.id, { startDate: '2027-02-05', endDate: '2027-02-07', checkedIn: 1, checkedOut: 1, costCentimes: 18250 });
    expect(await sent('2027-02-09T12:00')).toEqual([]);
    expect(await sent('2027-02-10T09:00')).toEqual(['unpaid bruno@example.ch']);
    const unpaid = mail.to('bruno@example.ch')[0]!;
    expect(unpaid.subject).toBe('Aufenthalt noch offen: CHF 182.50');
    expect(unpaid.text).toContain('IBAN CH93 0076 2011 6238 5295 7');
    const [pdf] = unpaid.attachments;
    expect(pdf?.contentType).toBe('application/pdf');
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await sent('2027-02-11T09:00')).toEqual([]);
    // 2027-02-15 is a Monday: the admins' summary lists the open stay.
    expect(await sent('2027-02-15T09:00')).toEqual(['unpaid-summary bruno@example.ch']);
    expect(mail.to('bruno@example.ch')[1]!.text).toContain('Bruno, 05.02.2027 – 07.02.2027: CHF 182.50');
    expect(await sent('2027-02-17T09:00')).toEqual(['unpaid bruno@example.ch']);
    await t.ctx.db.updateTable('bookings').set({ paid: 1 }).where('id', '=', id).execute();
    expect(await sent('2027-02-24T09:00')).toEqual([]);
    await t.ctx.db.deleteFrom('bookings').where('id', '=', id).execute();
  });

  it("writes to a member who reads French in French, the house's Italian texts said to be its own, the QR-bill a QR-facture", async () => {
    const chloe = await createUser(t.ctx, { email: 'chloe@example.ch', name: 'Chloé Rochat', password: 'montagna-2026', role: 'member' });
    await t.ctx.db.updateTable('users').set({ language: 'fr' }).where('id', '=', chloe.id).execute();
    const id = await addStay(t, chloe.id, { startDate: '2027-03-05', endDate: '2027-03-07', costCentimes: 12550 });
    expect(await sent('2027-03-04T09:00')).toEqual(['arrival-eve chloe@example.ch']);
    const eve = mail.to('chloe@example.ch')[0]!;
    expect(eve.subject).toBe('Demain, on part au Rustico');
    expect(eve.text).toContain('Bonjour Chloé,');
    expect(eve.text).toContain('Demain commence ton séjour (05.03.2027 – 07.03.2027).');
    // The house wrote its letter and guide in Italian only: they come as written, and the email says so.
    expect(eve.text).toContain('Les textes de la maison sont dans l’original italien.');
    expect(eve.text).toContain('50 CHF a notte');
    expect(eve.html).toContain('<h2>Appena arrivati</h2>');
    expect(eve.text).toContain('Tu reçois cet e-mail parce que tu as choisi les rappels par e-mail.');

    expect(await sent('2027-03-07T08:00')).toEqual(['departure chloe@example.ch']);
    const departure = mail.to('chloe@example.ch')[1]!;
    expect(departure.subject).toBe('Départ aujourd’hui: check-out et nettoyage');
    expect(departure.text).toContain('Les textes de la maison sont dans l’original italien.');
    expect(departure.text).toContain('Frigorifero svuotato');

    await t.ctx.db.updateTable('bookings').set({ checkedIn: 1, checkedOut: 1 }).where('id', '=', id).execute();
    expect(await sent('2027-03-10T09:00')).toEqual(['unpaid chloe@example.ch']);
    const unpaid = mail.to('chloe@example.ch')[2]!;
    expect(unpaid.subject).toBe('Séjour à payer: CHF 125.50');
    expect(unpaid.text).toContain('Tu trouveras la QR-facture en pièce jointe.');
    const { extractText, getDocumentProxy } = await import('unpdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(unpaid.attachments[0]!.content)), { mergePages: true });
    for (const label of ['Récépissé', 'Section paiement', 'Compte / Payable à', 'Informations supplémentaires', 'Séjour 05.03.2027 - 07.03.2027, Chloé Rochat']) expect(text).toContain(label);
    await t.ctx.db.deleteFrom('bookings').where('id', '=', id).execute();
  });

  it("follows each member's channel: none sends nothing, push to a device sends no email", async () => {
    const id = await addStay(t, anna.id, { startDate: '2027-03-10', endDate: '2027-03-12' });
    await t.ctx.db.insertInto('notificationChoices').values({ userId: anna.id, kind: 'reminders', channel: 'none' }).execute();
    const outcomes = await runReminders(t.ctx, at('2027-03-09T09:00'));
    expect(outcomes).toEqual([expect.objectContaining({ result: 'skipped', reason: 'member chose none' })]);
    await t.ctx.db.updateTable('notificationChoices').set({ channel: 'push' }).where('userId', '=', anna.id).execute();
    const device = await subscribe(t, anna.id, browserSubscription(base, 'anna-phone'));
    const checkin = await runReminders(t.ctx, at('2027-03-10T18:00'));
    expect(checkin).toEqual([expect.objectContaining({ result: 'sent', what: 'checkin-missing', reason: 'by push' })]);
    expect(push.received.map((r) => r.path)).toEqual(['/push/anna-phone']);
    expect(mail.received).toHaveLength(0);
    await t.ctx.db.deleteFrom('pushSubscriptions').where('id', '=', device).execute();
    await t.ctx.db.deleteFrom('notificationChoices').execute();
    await t.ctx.db.deleteFrom('bookings').where('id', '=', id).execute();
  });

  it('sends a push-only reminder by email when no device takes it: none subscribed, or the only one gone (410)', async () => {
    const id = await addStay(t, anna.id, { startDate: '2027-03-20', endDate: '2027-03-22' });
    await t.ctx.db.insertInto('notificationChoices').values({ userId: anna.id, kind: 'reminders', channel: 'push' }).execute();
    const eve = await runReminders(t.ctx, at('2027-03-19T09:00'));
    expect(eve).toEqual([expect.objectContaining({ result: 'sent', what: 'arrival-eve', reason: 'by email instead of push: no push subscription' })]);
    expect(mail.to('anna@example.ch').map((m) => m.subject)).toEqual(['Domani si parte per il Rustico']);

    await subscribe(t, anna.id, browserSubscription(base, 'anna-old-phone'));
    push.state.status = 410;
    const checkin = await runReminders(t.ctx, at('2027-03-20T18:00'));
    expect(checkin).toEqual([expect.objectContaining({ result: 'sent', what: 'checkin-missing', reason: 'by email instead of push: every push subscription is gone (404/410)' })]);
    expect(push.received).toHaveLength(1);
    expect(await t.ctx.db.selectFrom('pushSubscriptions').select('id').where('userId', '=', anna.id).execute()).toEqual([]);
    expect(mail.to('anna@example.ch').map((m) => m.subject)).toEqual(['Domani si parte per il Rustico', 'Check-in non ancora registrato']);
    const rows = await t.ctx.db.selectFrom('deliveries').select(['status', 'reason']).where('key', 'like', `%:${id}:%`).execute();
    expect(rows).toEqual([
      { status: 'sent', reason: null },
      { status: 'sent', reason: null },
    ]);
    await t.ctx.db.deleteFrom('notificationChoices').execute();
    await t.ctx.db.deleteFrom('bookings').where('id', '=', id).execute();
  });

  it('tries a refused email again after a pause, and sends it once', async () => {
    const id = await addStay(t, anna.id, { startDate: '2027-04-10', endDate: '2027-04-12' });
    mail.refuseNext(1);
    const first = await runReminders(t.ctx, at('2027-04-09T09:00'));
    expect(first).toEqual([expect.objectContaining({ result: 'retry', what: 'arrival-eve' })]);
    expect(mail.received).toHaveLength(0);
    t.clock.advance((RETRY_AFTER_MINUTES[0]! - 1) * MINUTE);
    expect(await sent('2027-04-09T09:04')).toEqual([]);
    t.clock.advance(2 * MINUTE);
    expect(await sent('2027-04-09T09:06')).toEqual(['arrival-eve anna@example.ch']);
    expect(await sent('2027-04-09T09:30')).toEqual([]);
    expect(mail.received).toHaveLength(1);
    const row = await t.ctx.db.selectFrom('deliveries').selectAll().where('key', 'like', `arrival-eve:${id}:%`).executeTakeFirstOrThrow();
    expect({ status: row.status, attempts: row.attempts }).toEqual({ status: 'sent', attempts: 1 });
    // Kept while the key could come due again, then pruned.
    await pruneDeliveries(t.ctx);
    expect(await t.ctx.db.selectFrom('deliveries').select('key').where('key', '=', row.key).execute()).toHaveLength(1);
    t.clock.advance(91 * DAY);
    await pruneDeliveries(t.ctx);
    expect(await t.ctx.db.selectFrom('deliveries').select('key').where('key', '=', row.key).execute()).toHaveLength(0);
    t.clock.advance(-91 * DAY);
    await t.ctx.db.deleteFrom('bookings').where('id', '=', id).execute();
  });

  it('sends a push its device took once, when only the email of the two is tried again', async () => {
    const id = await addStay(t, anna.id, { startDate: '2027-04-22', endDate: '2027-04-24' });
    const device = await subscribe(t, anna.id, browserSubscription(base, 'anna-both'));
    mail.refuseNext(1);
    expect(await runReminders(t.ctx, at('2027-04-21T09:00'))).toEqual([expect.objectContaining({ result: 'retry', what: 'arrival-eve' })]);
    expect(push.received).toHaveLength(1);
    t.clock.advance((RETRY_AFTER_MINUTES[0]! + 1) * MINUTE);
    expect(await runReminders(t.ctx, at('2027-04-21T09:06'))).toEqual([
      expect.objectContaining({ result: 'skipped', reason: 'waiting to be tried again' }),
      expect.objectContaining({ result: 'sent', what: 'arrival-eve', reason: 'by push and email' }),
    ]);
    expect(push.received).toHaveLength(1);
    expect(mail.received).toHaveLength(1);
    await t.ctx.db.deleteFrom('pushSubscriptions').where('id', '=', device).execute();
    await t.ctx.db.deleteFrom('bookings').where('id', '=', id).execute();
  });

  it('takes over the claim of a process that died while sending, after the timeout', async () => {
    const id = await addStay(t, anna.id, { startDate: '2027-05-10', endDate: '2027-05-12' });
    // Another process claimed the reminder and never finished.
    const claimedAt = t.clock.now().toISOString();
    await t.ctx.db
      .insertInto('deliveries')
      .values({
        key: `arrival-eve:${id}:2027-05-09`,
        userId: anna.id,
        job: JSON.stringify({ type: 'reminder', reminder: 'arrival-eve', bookingId: id }),
        status: 'sending',
        attempts: 0,
        claimedAt,
        nextAttemptAt: null,
        sentAt: null,
        lastError: null,
        createdAt: claimedAt,
      })
      .execute();
    expect(await sent('2027-05-09T09:00')).toEqual([]);
    t.clock.advance(16 * MINUTE);
    expect(await sent('2027-05-09T09:16')).toEqual(['arrival-eve anna@example.ch']);
    expect(await sent('2027-05-09T09:40')).toEqual([]);
    expect(mail.received).toHaveLength(1);
    await t.ctx.db.deleteFrom('bookings').where('id', '=', id).execute();
  });
});

describe.each(testDialects)('reminders no channel delivers (%s)', (dialect) => {
  const push = fakePushService();
  let base: string;
  let t: TestApp;
  let luca: TestClient;
  let lucaId: string;
  let marta: TestClient;
  let martaId: string;

  const undelivered = async (client: TestClient) => (await client.get('/api/reminders/undelivered')).body.reminders;
  const pushOnly = (client: TestClient) => client.request('PUT', '/api/profile/notifications', { bookings: 'push', notes: 'push', reminders: 'push' });

  beforeAll(async () => {
    base = await push.start();
    // No SMTP_URL: email cannot stand in for push.
    t = await startTestApp(dialect, { HOUSE_TIME_ZONE: ZONE, PUSH_ALLOW_LOOPBACK: 'true' });
    luca = await t.login('member');
    lucaId = (await luca.get('/api/session')).body.user.id;
    marta = await t.login('member');
    martaId = (await marta.get('/api/session')).body.user.id;
    await pushOnly(luca);
    await pushOnly(marta);
  });
  afterAll(async () => {
    await t.close();
    await push.stop();
  });
  beforeEach(() => {
    push.received.length = 0;
    push.state.status = 201;
  });

  it('reports a push-only reminder without a device undeliverable, not sent; tries it on the next run and sends it once a device subscribed', async () => {
    const id = await addStay(t, lucaId, { startDate: '2026-12-10', endDate: '2026-12-13' });
    const first = await runReminders(t.ctx, at('2026-12-10T18:00'));
    expect(first).toEqual([
      expect.objectContaining({ result: 'undeliverable', what: 'checkin-missing', reason: 'no push subscription, and email is off (SMTP_URL is not set)' }),
    ]);
    const key = `checkin-missing:${id}:2026-12-10`;
    const row = await t.ctx.db.selectFrom('deliveries').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect({ status: row.status, reason: row.reason, sentAt: row.sentAt }).toEqual({ status: 'undeliverable', reason: 'no-device', sentAt: null });

    // Luca sees it, and only Luca: another member neither sees it nor can dismiss it.
    const shown = { key, reminder: 'checkin-missing', start: '2026-12-10', end: '2026-12-13', reason: 'no-device', at: t.clock.now().toISOString() };
    expect(await undelivered(luca)).toEqual([shown]);
    expect(await undelivered(marta)).toEqual([]);
    expect((await marta.post('/api/reminders/undelivered/dismiss', { keys: [key] })).body).toEqual({ reminders: [] });
    expect((await marta.post('/api/reminders/undelivered/dismiss', {})).status).toBe(200);
    expect(await undelivered(luca)).toEqual([shown]);
    expect((await t.client().get('/api/reminders/undelivered')).status).toBe(401);

    // The next run the same day tries it again, once.
    t.clock.advance(UNDELIVERABLE_RETRY_MINUTES * MINUTE);
    expect(await runReminders(t.ctx, at('2026-12-10T18:05'))).toEqual([expect.objectContaining({ result: 'undeliverable', what: 'checkin-missing' })]);
    expect(push.received).toHaveLength(0);

    // Meanwhile Luca turned notifications on: the next run delivers it, and Home no longer shows it.
    const device = browserSubscription(base, 'luca-phone');
    expect((await luca.post('/api/push/subscriptions', device.json)).status).toBe(204);
    t.clock.advance(UNDELIVERABLE_RETRY_MINUTES * MINUTE);
    expect(await runReminders(t.ctx, at('2026-12-10T18:10'))).toEqual([expect.objectContaining({ result: 'sent', what: 'checkin-missing', reason: 'by push' })]);
    expect(decryptPush(push.received[0]!.body, device)).toMatchObject({ title: 'Check-in non ancora registrato' });
    expect(await t.ctx.db.selectFrom('deliveries').select(['status', 'reason']).where('key', '=', key).executeTakeFirstOrThrow()).toEqual({ status: 'sent', reason: null });
    expect(await undelivered(luca)).toEqual([]);
    t.clock.advance(UNDELIVERABLE_RETRY_MINUTES * MINUTE);
    expect(await runReminders(t.ctx, at('2026-12-10T18:15'))).toEqual([expect.objectContaining({ result: 'skipped', reason: 'already sent' })]);
    expect(push.received).toHaveLength(1);
    await luca.post('/api/push/subscriptions/remove', { endpoint: device.json.endpoint });
  });

  it('gives a reminder up when its day ends; the member sees it until they dismiss it', async () => {
    const id = await addStay(t, martaId, { startDate: '2026-12-20', endDate: '2026-12-22' });
    expect(await runReminders(t.ctx, at('2026-12-19T09:00'))).toEqual([expect.objectContaining({ result: 'undeliverable', what: 'arrival-eve' })]);
    // The next morning the arrival's eve is over: the retry finds it no longer due and gives it up.
    t.clock.advance(23 * 60 * MINUTE);
    expect(await runReminders(t.ctx, at('2026-12-20T08:00'))).toEqual([
      expect.objectContaining({ result: 'undeliverable', what: 'arrival-eve', reason: 'no push subscription; given up: no longer due' }),
    ]);
    const key = `arrival-eve:${id}:2026-12-19`;
    expect(await t.ctx.db.selectFrom('deliveries').select(['status', 'nextAttemptAt']).where('key', '=', key).executeTakeFirstOrThrow()).toEqual({
      status: 'undeliverable',
      nextAttemptAt: null,
    });
    // A device that comes now gets nothing of it: it is not tried again.
    await marta.post('/api/push/subscriptions', browserSubscription(base, 'marta-phone').json);
    t.clock.advance(60 * MINUTE);
    expect(await runReminders(t.ctx, at('2026-12-20T09:00'))).toEqual([]);
    expect(push.received).toHaveLength(0);
    expect(await undelivered(marta)).toEqual([expect.objectContaining({ key, reminder: 'arrival-eve', start: '2026-12-20', end: '2026-12-22', reason: 'no-device' })]);
    expect((await marta.post('/api/reminders/undelivered/dismiss', { keys: [key] })).body).toEqual({ reminders: [] });
    expect(await undelivered(marta)).toEqual([]);
    await marta.post('/api/push/subscriptions/remove', { endpoint: browserSubscription(base, 'marta-phone').json.endpoint });
  });

  it('counts a push whose service answers 410 for the only device as not delivered, and one refused (500) too', async () => {
    const id = await addStay(t, lucaId, { startDate: '2027-01-20', endDate: '2027-01-22' });
    await luca.post('/api/push/subscriptions', browserSubscription(base, 'luca-gone').json);
    push.state.status = 410;
    expect(await runReminders(t.ctx, at('2027-01-19T09:00'))).toEqual([
      expect.objectContaining({ result: 'undeliverable', what: 'arrival-eve', reason: 'every push subscription is gone (404/410), and email is off (SMTP_URL is not set)' }),
    ]);
    expect(push.received).toHaveLength(1);
    expect(await t.ctx.db.selectFrom('pushSubscriptions').select('id').where('userId', '=', lucaId).execute()).toEqual([]);

    await luca.post('/api/push/subscriptions', browserSubscription(base, 'luca-busy').json);
    push.state.status = 500;
    t.clock.advance(MINUTE);
    expect(await runReminders(t.ctx, at('2027-01-20T18:00'))).toEqual([
      expect.objectContaining({ result: 'undeliverable', what: 'checkin-missing', reason: 'every push service refused it or did not answer, and email is off (SMTP_URL is not set)' }),
    ]);
    expect((await undelivered(luca)).map((r: { reminder: string; reason: string }) => `${r.reminder} ${r.reason}`)).toEqual(['checkin-missing devices-refused', 'arrival-eve devices-gone']);
    await luca.post('/api/reminders/undelivered/dismiss', {});
    expect(await undelivered(luca)).toEqual([]);
    await t.ctx.db.deleteFrom('bookings').where('id', '=', id).execute();
  });
});

describe.runIf(testDialects.includes('postgres'))('reminders from two processes on one PostgreSQL', () => {
  let mail: TestMailServer;
  let t: TestApp;

  beforeAll(async () => {
    mail = await startTestMailServer();
    t = await startTestApp('postgres', { SMTP_URL: mail.url });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  // Two Node processes start with tsx: slow on a busy machine, so this test may take longer.
  it('sends each reminder exactly once when both run at the same moment', async () => {
    const people = [];
    for (let i = 0; i < 6; i++) {
      const user = await createUser(t.ctx, { email: `guest${i}@example.ch`, name: `Guest ${i}`, password: null, role: 'member' });
      people.push(user.email);
      // Day visits: arrival and departure on the same day, two reminders each.
      await addStay(t, user.id, { startDate: '2027-06-01', endDate: '2027-06-01' });
    }
    const cli = path.join(import.meta.dirname, '..', 'cli.ts');
    const run = () =>
      execute(process.execPath, ['--import', 'tsx', cli, 'reminders', 'run', '--at', '2027-06-01T19:00'], {
        env: { ...process.env, DATABASE_URL: t.database.databaseUrl, SMTP_URL: mail.url, PUBLIC_URL: 'https://rustico.example.ch', DATA_DIR: t.database.dataDir, LOG_LEVEL: 'warn', HOUSE_TIME_ZONE: ZONE },
      });
    const [a, b] = await Promise.all([run(), run()]);
    const sentLines = [a.stdout, b.stdout].flatMap((out) => out.split('\n').filter((line) => line.trim().startsWith('sent ')));
    // Each of the six day visits on 2027-06-01 has a missing check-in and a departure reminder.
    expect(sentLines).toHaveLength(12);
    expect(mail.received).toHaveLength(12);
    for (const email of people) expect(mail.to(email).map((m) => m.subject).sort()).toEqual(['Check-in non ancora registrato', 'Oggi si riparte: check-out e pulizie']);
    expect(a.stdout).toMatch(/^Reminders at 2027-06-01 19:00 \(Europe\/Zurich\): \d+ sent, 0 merged, \d+ skipped, 0 undeliverable\.$/m);
  }, 90_000);
});

describe.each(testDialects)('reminders and hidden accounts (%s)', (dialect) => {
  let mail: TestMailServer;
  let t: TestApp;

  beforeAll(async () => {
    mail = await startTestMailServer();
    t = await startTestApp(dialect, { SMTP_URL: mail.url, PUBLIC_URL: 'https://rustico.example.ch', HOUSE_TIME_ZONE: ZONE });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  it("keeps a hidden account's unpaid stay out of the admins' summary; a hidden admin's lists it", async () => {
    const ghost = await createUser(t.ctx, { email: 'ghost@example.ch', name: 'Ghost', password: null, role: 'member', hidden: true });
    await createUser(t.ctx, { email: 'shadow@example.ch', name: 'Shadow', password: null, role: 'admin', hidden: true });
    await createUser(t.ctx, { email: 'carla@example.ch', name: 'Carla', password: null, role: 'admin' });
    await addStay(t, ghost.id, { startDate: '2027-03-05', endDate: '2027-03-07', checkedIn: 1, checkedOut: 1, costCentimes: 9000 });
    // 2027-03-15 is a Monday, the day of the admins' summary: Carla's would be empty, so none is sent.
    const outcomes = await runReminders(t.ctx, at('2027-03-15T09:00'));
    const sent = outcomes.filter((o) => o.result === 'sent').map((o) => `${o.what} ${o.to}`);
    expect(sent).toEqual(['unpaid-summary shadow@example.ch']);
    expect(mail.to('shadow@example.ch')[0]!.text).toContain('Ghost, 05.03.2027 – 07.03.2027: CHF 90.-');
  });
});
