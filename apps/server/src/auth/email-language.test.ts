import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimAndDeliver } from '../deliveries/service.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { setNotificationChoices } from '../notifications/service.ts';
import { testDialects } from '../test/databases.ts';
import { MINUTE, startTestApp, TestClient, type TestApp } from '../test/test-app.ts';
import { createUser, findUserById } from '../users/service.ts';
import { emailLanguageOf } from './service.ts';

const PASSWORD = 'montagna-2026';

describe.each(testDialects)('the language of a member’s emails (%s)', (dialect) => {
  let t: TestApp;
  const sent: MailMessage[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, { SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://rustico.example.ch' });
    vi.spyOn(t.ctx.mailer, 'send').mockImplementation(async (message) => {
      sent.push(message);
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });
  beforeEach(() => {
    sent.length = 0;
  });

  const member = async (email: string) => (await createUser(t.ctx, { email, name: email.split('@')[0]!, password: PASSWORD, role: 'member' })).id;
  const languageOf = async (id: string) => emailLanguageOf(t.ctx.db, (await findUserById(t.ctx.db, id))!);
  const loginFrom = async (email: string, acceptLanguage: string) => {
    const client = new TestClient(t.url);
    expect((await client.post('/api/session', { email, password: PASSWORD }, { 'accept-language': acceptLanguage })).status).toBe(200);
    return client;
  };
  const useFrom = async (client: TestClient, acceptLanguage?: string) => {
    const response = await client.request('GET', '/api/session', undefined, acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage });
    expect(response.status).toBe(200);
  };

  it("is the member's choice; else the language of the browser they used last; else Italian", async () => {
    const ugo = await member('ugo@example.ch');
    expect(await languageOf(ugo)).toBe('it');

    const phone = await loginFrom('ugo@example.ch', 'de-CH,de;q=0.9,en;q=0.5');
    expect(await languageOf(ugo)).toBe('de');
    t.clock.advance(10 * MINUTE);
    const laptop = await loginFrom('ugo@example.ch', 'en-GB');
    expect(await languageOf(ugo)).toBe('en');

    // The phone, used again hours later in French: the last browser speaks French now.
    t.clock.advance(120 * MINUTE);
    await useFrom(phone, 'fr-CH');
    expect(await languageOf(ugo)).toBe('fr');
    // A request that names no language the app speaks (a script's *, a Spanish browser) changes nothing.
    await useFrom(phone);
    await useFrom(phone, 'es-ES');
    expect(await languageOf(ugo)).toBe('fr');

    await t.ctx.db.updateTable('users').set({ language: 'it' }).where('id', '=', ugo).execute();
    expect(await languageOf(ugo)).toBe('it');
    // Logged out everywhere, with no choice: Italian again.
    await t.ctx.db.updateTable('users').set({ language: null }).where('id', '=', ugo).execute();
    for (const client of [phone, laptop]) expect((await client.delete('/api/session')).status).toBe(204);
    expect(await languageOf(ugo)).toBe('it');
  });

  it("writes the deliveries' emails, unsubscribe link included, in the language of the member's last browser", async () => {
    const vera = await member('vera@example.ch');
    await setNotificationChoices(t.ctx, vera, { bookings: 'email', notes: 'none', reminders: 'none' });
    await loginFrom('vera@example.ch', 'de');
    const booking = { kind: 'bookings' as const, id: 'b-1', action: 'created' as const, actorName: 'Anna', ownerName: 'Anna', start: '2027-05-01', end: '2027-05-03' };
    const job = { type: 'changes' as const, channel: 'email' as const, summary: false, items: [booking] };
    expect((await claimAndDeliver(t.ctx, (await findUserById(t.ctx.db, vera))!, 'language:vera', job, t.ctx.now())).result).toBe('sent');
    expect(sent[0]?.subject).toBe('Neue Buchung von Anna');
    expect(sent[0]?.html).toContain('>abmelden</a>');
  });

  it('writes a reset in the language of the last browser, else in the one of the browser that asked', async () => {
    await member('wanda@example.ch');
    const reset = async (acceptLanguage: string) => {
      t.clock.advance(16 * MINUTE);
      expect((await t.client().post('/api/password-reset', { email: 'wanda@example.ch' }, { 'accept-language': acceptLanguage })).status).toBe(202);
      await t.ctx.tasks.idle();
      return sent.at(-1)?.subject;
    };
    // Never logged in: the browser that asks decides.
    expect(await reset('de-CH')).toBe('Wähle ein neues Passwort');
    await loginFrom('wanda@example.ch', 'fr-CH');
    expect(await reset('de-CH')).toBe('Choisis un nouveau mot de passe');
  });
});
