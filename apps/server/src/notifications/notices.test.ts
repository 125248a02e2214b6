import { instantOfLocal, MAX_EMAILS_FROM_OTHERS_A_DAY } from '@rustico/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContext, type AppContext } from '../context.ts';
import { createDb } from '../db/database.ts';
import { runReminders } from '../reminders/service.ts';
import { testDialects } from '../test/databases.ts';
import { startTestMailServer, type TestMailServer } from '../test/mail-server.ts';
import { browserSubscription, decryptPush, fakePushService } from '../test/push-service.ts';
import { MINUTE, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { sendDueNotices } from './service.ts';

/**
 * Others' bookings and notes wait NOTIFY_DELAY_MINUTES (10) and go merged, one message per
 * member and channel; email at the daily pace goes in the summary at SUMMARY_HOUR (19).
 */
describe.each(testDialects)('merged messages about others (%s)', (dialect) => {
  const push = fakePushService();
  let mail: TestMailServer;
  let t: TestApp;
  let marco: TestClient;
  let rosa: TestClient;
  let franco: TestClient;
  let marcoName: string;
  let rosaEmail: string;
  let francoEmail: string;
  let device: ReturnType<typeof browserSubscription>;
  let stay = 0;
  // Each test books its own weekend far ahead, where no other test's nights are.
  const nextStay = () => {
    stay += 1;
    const month = String((stay % 12) + 1).padStart(2, '0');
    const year = 2028 + Math.floor(stay / 12);
    return { start: `${year}-${month}-07`, end: `${year}-${month}-09`, purpose: 'personal' };
  };
  const at = (minutesLater: number) => new Date(t.clock.now().getTime() + minutesLater * MINUTE);
  const decrypted = () => push.received.map((r) => decryptPush(r.body, device) as { title: string; body: string; url: string; tag: string });

  beforeAll(async () => {
    mail = await startTestMailServer();
    const base = await push.start();
    t = await startTestApp(dialect, { SMTP_URL: mail.url, PUBLIC_URL: 'https://rustico.example.ch', PUSH_ALLOW_LOOPBACK: 'true' });
    marco = await t.login('member');
    rosa = await t.login('member');
    franco = await t.login('member');
    marcoName = (await marco.get('/api/session')).body.user.name;
    rosaEmail = (await rosa.get('/api/session')).body.user.email;
    francoEmail = (await franco.get('/api/session')).body.user.email;
    // Rosa reads email as it comes; Franco the daily summary (the default); Rosa's phone has push too.
    await rosa.request('PUT', '/api/profile/notifications', { bookings: 'both', notes: 'email', reminders: 'email', paces: { bookings: 'immediate', notes: 'immediate' } });
    await franco.request('PUT', '/api/profile/notifications', { bookings: 'email', notes: 'email', reminders: 'email' });
    device = browserSubscription(base, 'rosa');
    await rosa.post('/api/push/subscriptions', device.json);
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
    await push.stop();
  });
  beforeEach(async () => {
    // Each test starts on a day of its own, with nothing waiting.
    t.clock.advance(2 * 24 * 60 * MINUTE);
    await sendDueNotices(t.ctx, at(24 * 60));
    await t.ctx.push.idle();
    mail.received.length = 0;
    push.received.length = 0;
  });

  it('shows the pace of each kind, daily by default, and keeps a choice', async () => {
    const settings = (await franco.get('/api/profile/notifications')).body;
    expect(settings.paces).toEqual({ bookings: 'daily', notes: 'daily' });
    const bad = await franco.request('PUT', '/api/profile/notifications', { bookings: 'email', notes: 'email', reminders: 'email', paces: { bookings: 'hourly' } });
    expect({ status: bad.status, code: bad.body.error.code }).toEqual({ status: 400, code: 'VALIDATION' });
    expect((await rosa.get('/api/profile/notifications')).body.paces).toEqual({ bookings: 'immediate', notes: 'immediate' });
  });

  it('a booking made and cancelled inside the window sends nothing, by email or push', async () => {
    const booking = (await marco.post('/api/bookings', nextStay())).body.booking;
    t.clock.advance(3 * MINUTE);
    expect((await marco.request('DELETE', `/api/bookings/${booking.id}`)).status).toBe(204);
    const outcomes = await sendDueNotices(t.ctx, at(30));
    await t.ctx.push.idle();
    expect(mail.to(rosaEmail)).toEqual([]);
    expect(push.received).toEqual([]);
    expect(outcomes.filter((o) => o.result === 'sent')).toEqual([]);
    expect(outcomes.filter((o) => o.result === 'merged').map((o) => o.reason)).toContain('2 changes undone within the window: nothing to tell');
    // Nor does the summary tell it.
    await runReminders(t.ctx, at(24 * 60));
    expect(mail.to(francoEmail)).toEqual([]);
  });

  it('five edits of one booking send one message per recipient and channel, with the final dates', async () => {
    const first = nextStay();
    const booking = (await marco.post('/api/bookings', first)).body.booking;
    let version = booking.version;
    for (const day of ['10', '11', '12', '13', '14']) {
      t.clock.advance(MINUTE);
      const moved = await marco.request('PUT', `/api/bookings/${booking.id}`, { ...first, end: `${first.end.slice(0, 8)}${day}` }, { 'If-Match': String(version) });
      expect(moved.status).toBe(200);
      version = moved.body.booking.version;
    }
    // Still inside the window of the first change: nothing yet.
    expect(await sendDueNotices(t.ctx, at(1))).toEqual([]);
    await sendDueNotices(t.ctx, at(10));
    await t.ctx.push.idle();
    const emails = mail.to(rosaEmail);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(`Nuova prenotazione di ${marcoName}`);
    expect(emails[0]!.text!).toContain(`${first.start.slice(8, 10)}.${first.start.slice(5, 7)}.${first.start.slice(0, 4)} – 14.`);
    expect(decrypted()).toEqual([expect.objectContaining({ title: 'Nuova prenotazione', body: expect.stringContaining('– 14.') })]);
    // Franco's come in the evening's summary, once.
    expect(mail.to(francoEmail)).toEqual([]);
    const evening = instantOfLocal(`${dayOf(t.clock.now(), t.ctx)}T19:05`, t.ctx.config.houseTimeZone)!;
    await runReminders(t.ctx, evening);
    await runReminders(t.ctx, new Date(evening.getTime() + 10 * MINUTE));
    const summaries = mail.to(francoEmail);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.subject).toBe('Il riepilogo di oggi: 1 novità');
    expect(summaries[0]!.text!).toContain(`${marcoName} ha prenotato il Rustico`);
  });

  it("changes to several bookings send one message listing them, and notes join it", async () => {
    const a = nextStay();
    const b = nextStay();
    await marco.post('/api/bookings', a);
    await marco.post('/api/bookings', b);
    await marco.post('/api/notes', { text: 'Porto io la legna.' });
    await sendDueNotices(t.ctx, at(10));
    await t.ctx.push.idle();
    const emails = mail.to(rosaEmail);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('3 novità dalla casa');
    expect(emails[0]!.text!).toContain(`${marcoName}: Porto io la legna.`);
    expect(emails[0]!.text!.match(/ha prenotato il Rustico/g)).toHaveLength(2);
    // The push of the two bookings is one too (a note's push goes at once, on its own).
    const pushed = decrypted().filter((p) => p.tag === 'changes');
    expect(pushed).toEqual([expect.objectContaining({ title: '2 novità nel calendario', url: '/app/calendario' })]);
  });

  it(`past ${MAX_EMAILS_FROM_OTHERS_A_DAY} emails in a day, the rest waits for the summary`, async () => {
    for (let i = 0; i < MAX_EMAILS_FROM_OTHERS_A_DAY + 2; i += 1) {
      await marco.post('/api/notes', { text: `Nota numero ${i + 1}` });
      t.clock.advance(11 * MINUTE);
      await sendDueNotices(t.ctx, t.clock.now());
    }
    const day = dayOf(t.clock.now(), t.ctx);
    expect(mail.to(rosaEmail)).toHaveLength(MAX_EMAILS_FROM_OTHERS_A_DAY);
    await runReminders(t.ctx, instantOfLocal(`${day}T19:00`, t.ctx.config.houseTimeZone)!);
    const last = mail.to(rosaEmail).at(-1)!;
    expect(mail.to(rosaEmail)).toHaveLength(MAX_EMAILS_FROM_OTHERS_A_DAY + 1);
    expect(last.subject).toBe('Il riepilogo di oggi: 2 novità');
    expect(last.text!).toContain('Nota numero 12');
  });
});

function dayOf(instant: Date, ctx: AppContext): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ctx.config.houseTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

describe.each(testDialects)('messages waiting survive a restart and go once across processes (%s)', (dialect) => {
  let mail: TestMailServer;
  let t: TestApp;
  let second: { ctx: AppContext; close: () => Promise<void> };

  beforeAll(async () => {
    mail = await startTestMailServer();
    t = await startTestApp(dialect, { SMTP_URL: mail.url, PUBLIC_URL: 'https://rustico.example.ch' });
    // The same house's next process (after a restart, or beside it on PostgreSQL).
    const db = createDb({ databaseUrl: t.database.databaseUrl, sqlitePath: `${t.database.dataDir}/rustico.sqlite` });
    const ctx = await createContext(t.ctx.config, db, { now: t.clock.now });
    second = {
      ctx,
      close: async () => {
        await ctx.tasks.idle();
        ctx.mailer.close();
        await ctx.events.close();
        await db.destroy();
      },
    };
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    await mail.close();
  });

  it('a change queued before a restart is sent after it, once, with both processes running', async () => {
    const marco = await t.login('member');
    const rosa = await t.login('member');
    const franco = await t.login('member');
    const rosaEmail = (await rosa.get('/api/session')).body.user.email;
    const francoEmail = (await franco.get('/api/session')).body.user.email;
    await rosa.request('PUT', '/api/profile/notifications', { bookings: 'email', notes: 'email', reminders: 'email', paces: { bookings: 'immediate' } });
    await franco.request('PUT', '/api/profile/notifications', { bookings: 'email', notes: 'email', reminders: 'email' });
    await marco.post('/api/bookings', { start: '2029-03-07', end: '2029-03-09', purpose: 'personal' });
    // The first process stops inside the window; the queue is in the database.
    expect(await t.ctx.db.selectFrom('pendingNotices').select('userId').execute()).toHaveLength(2);
    const later = new Date(t.clock.now().getTime() + 11 * MINUTE);
    // SQLite serves one process (better-sqlite3 waits for a lock synchronously, so two in one
    // test thread would wait on each other): there they run one after the other, as after a restart.
    const together = async (...runs: (() => Promise<unknown>)[]) => {
      if (dialect === 'postgres') await Promise.all(runs.map((run) => run()));
      else for (const run of runs) await run();
    };
    await together(() => sendDueNotices(second.ctx, later), () => sendDueNotices(t.ctx, later), () => sendDueNotices(second.ctx, later));
    expect(mail.to(rosaEmail)).toHaveLength(1);
    // The daily summary, asked by both processes at once and again later: once.
    const evening = instantOfLocal(`${dayOf(t.clock.now(), t.ctx)}T19:00`, t.ctx.config.houseTimeZone)!;
    const summaryAt = evening > t.clock.now() ? evening : new Date(evening.getTime() + 24 * 60 * MINUTE);
    await together(() => runReminders(t.ctx, summaryAt), () => runReminders(second.ctx, summaryAt));
    await runReminders(second.ctx, new Date(summaryAt.getTime() + 30 * MINUTE));
    expect(mail.to(francoEmail)).toHaveLength(1);
    expect(await t.ctx.db.selectFrom('pendingNotices').select('userId').execute()).toEqual([]);
  });
});
