import { instantOfLocal, todayIn } from '@rustico/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runReminders } from '../reminders/service.ts';
import { startTestMailServer, type TestMailServer } from '../test/mail-server.ts';
import { browserSubscription, decryptPush, fakePushService } from '../test/push-service.ts';
import { testDialects } from '../test/databases.ts';
import { MINUTE, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { sendDueNotices } from './service.ts';

describe.each(testDialects)('channel choices and unsubscribing (%s)', (dialect) => {
  let mail: TestMailServer;
  let t: TestApp;
  let anna: TestClient;
  let bruno: TestClient;
  let annaEmail: string;
  // Others' bookings are emailed once their window of merging (NOTIFY_DELAY_MINUTES) has passed.
  const afterTheWindow = async () => {
    await sendDueNotices(t.ctx, new Date(t.clock.now().getTime() + 11 * MINUTE));
    await t.ctx.tasks.idle();
  };

  beforeAll(async () => {
    mail = await startTestMailServer();
    t = await startTestApp(dialect, { SMTP_URL: mail.url, PUBLIC_URL: 'https://rustico.example.ch' });
    anna = await t.login('member');
    bruno = await t.login('member');
    annaEmail = (await anna.get('/api/session')).body.user.email;
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });
  beforeEach(() => {
    mail.received.length = 0;
  });

  it('shows the defaults, keeps my choices, and refuses an unknown channel', async () => {
    expect((await anna.get('/api/profile/notifications')).body).toEqual({
      choices: { bookings: 'push', notes: 'push', reminders: 'both', fairness: 'push' },
      paces: { bookings: 'daily', notes: 'daily' },
      mailEnabled: true,
    });
    const bad = await anna.request('PUT', '/api/profile/notifications', { bookings: 'pigeon', notes: 'push', reminders: 'both' });
    expect({ status: bad.status, code: bad.body.error.code, field: bad.body.error.field }).toEqual({ status: 400, code: 'VALIDATION', field: 'bookings' });
    // A client from before fair booking sends no `fairness`: that choice stays as it is.
    const saved = await anna.request('PUT', '/api/profile/notifications', { bookings: 'both', notes: 'email', reminders: 'email' });
    expect(saved.body.choices).toEqual({ bookings: 'both', notes: 'email', reminders: 'email', fairness: 'push' });
    const fair = await anna.request('PUT', '/api/profile/notifications', { bookings: 'both', notes: 'email', reminders: 'email', fairness: 'none' });
    expect(fair.body.choices.fairness).toBe('none');
    await anna.request('PUT', '/api/profile/notifications', { bookings: 'both', notes: 'email', reminders: 'email', fairness: 'push', paces: { bookings: 'immediate' } });
    // Bruno's choices are his own.
    expect((await bruno.get('/api/profile/notifications')).body.choices.bookings).toBe('push');
    expect((await t.client().get('/api/profile/notifications')).status).toBe(401);
  });

  it("emails another member's new booking to those who chose email, not to its author", async () => {
    const booking = (await bruno.post('/api/bookings', { start: '2027-05-01', end: '2027-05-03', purpose: 'personal' })).body.booking;
    await afterTheWindow();
    expect(mail.received).toHaveLength(1);
    const [notice] = mail.to(annaEmail);
    expect(notice?.subject).toBe(`Nuova prenotazione di ${booking.ownerName}`);
    expect(notice?.text).toContain('01.05.2027 – 03.05.2027');
    expect(notice?.html).toContain('https://rustico.example.ch/app/calendario');
  });

  it("sends the day's notes by others in the evening's summary", async () => {
    const day = todayIn(t.ctx.config.houseTimeZone, t.clock.now());
    await bruno.post('/api/notes', { text: 'La legna è arrivata!' });
    await bruno.post('/api/notes', { text: 'Manca il sale.' });
    await anna.post('/api/notes', { text: 'Grazie!' });
    // A hidden account's note reaches only hidden accounts.
    const ghost = await t.login('member', { hidden: true });
    await ghost.post('/api/notes', { text: 'Una nota nascosta' });
    const outcomes = await runReminders(t.ctx, instantOfLocal(`${day}T19:30`, t.ctx.config.houseTimeZone)!);
    expect(outcomes.filter((o) => o.what === 'summary' && o.result === 'sent').map((o) => o.to)).toEqual([annaEmail]);
    const [digest] = mail.to(annaEmail);
    expect(digest?.subject).toBe('Il riepilogo di oggi: 2 novità');
    expect(digest?.text).toContain('La legna è arrivata!');
    expect(digest?.text).not.toContain('Grazie!');
    expect(digest?.text).not.toContain('Una nota nascosta');
  });

  it('unsubscribes from one kind with the signed link of its email, without logging in', async () => {
    await bruno.post('/api/bookings', { start: '2027-06-01', end: '2027-06-03', purpose: 'personal' });
    await afterTheWindow();
    const [notice] = mail.to(annaEmail);
    const token = /\/disiscrizione\/([\w-]+\.[\w-]+)/.exec(notice!.text!)![1]!;
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const refused = await t.client().post('/api/unsubscribe', { token: forged });
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 400, code: 'UNSUBSCRIBE_LINK_INVALID' });
    const done = await t.client().post('/api/unsubscribe', { token });
    expect(done.body).toEqual({ kind: 'bookings', choices: { bookings: 'push', notes: 'email', reminders: 'email', fairness: 'push' } });
    // Push stays; the emails of this kind stop, the others go on.
    mail.received.length = 0;
    await bruno.post('/api/bookings', { start: '2027-07-01', end: '2027-07-03', purpose: 'personal' });
    await afterTheWindow();
    expect(mail.received).toHaveLength(0);
    expect((await t.client().post('/api/unsubscribe', { token })).status).toBe(200);
  });
});

describe.each(testDialects)('push follows the channel choices too (%s)', (dialect) => {
  const push = fakePushService();
  let t: TestApp;
  let anna: TestClient;
  let bruno: TestClient;
  let device: ReturnType<typeof browserSubscription>;

  beforeAll(async () => {
    const base = await push.start();
    t = await startTestApp(dialect, { PUSH_ALLOW_LOOPBACK: 'true' });
    anna = await t.login('member');
    bruno = await t.login('member');
    device = browserSubscription(base, 'anna');
    await anna.post('/api/push/subscriptions', device.json);
  });
  afterAll(async () => {
    await t.close();
    await push.stop();
  });

  it('sends no push of a kind the member chose email or none for, and the reminders they chose push for', async () => {
    await anna.request('PUT', '/api/profile/notifications', { bookings: 'email', notes: 'none', reminders: 'push' });
    await bruno.post('/api/bookings', { start: '2027-05-01', end: '2027-05-03', purpose: 'personal' });
    await bruno.post('/api/notes', { text: 'La legna è arrivata!' });
    await t.ctx.push.idle();
    expect(push.received).toHaveLength(0);

    await anna.post('/api/bookings', { start: '2027-06-10', end: '2027-06-12', purpose: 'personal' });
    await t.ctx.push.idle();
    await runReminders(t.ctx, instantOfLocal('2027-06-09T09:00', t.ctx.config.houseTimeZone)!);
    await t.ctx.push.idle();
    expect(push.received).toHaveLength(1);
    expect(decryptPush(push.received[0]!.body, device)).toMatchObject({ title: 'Domani si parte per il Rustico', url: '/app/tutorial/arrivo' });
  });
});

describe('without SMTP_URL', () => {
  it('says email is off and sends none', async () => {
    const t = await startTestApp('sqlite');
    try {
      const anna = await t.login('member');
      await anna.request('PUT', '/api/profile/notifications', { bookings: 'email', notes: 'email', reminders: 'email' });
      expect((await anna.get('/api/profile/notifications')).body.mailEnabled).toBe(false);
      const bruno = await t.login('member');
      expect((await bruno.post('/api/bookings', { start: '2027-05-01', end: '2027-05-03', purpose: 'personal' })).status).toBe(201);
      await t.ctx.tasks.idle();
      expect(await t.ctx.db.selectFrom('deliveries').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
