import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestMailServer, type TestMailServer } from '../test/mail-server.ts';
import { testDialects } from '../test/databases.ts';
import { MINUTE, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { createUser, setUserPassword } from '../users/service.ts';
import { MAX_RESETS_PER_ACCOUNT, requestPasswordReset, RESET_WINDOW_MS, sendInvitation } from './service.ts';

const linkIn = (text: string | undefined) => /https:\/\/rustico\.example\.ch\/nuova-password\/([\w-]+)/.exec(text ?? '')?.[1];

describe.each(testDialects)('forgotten password and invitations (%s)', (dialect) => {
  let mail: TestMailServer;
  let t: TestApp;

  beforeAll(async () => {
    mail = await startTestMailServer();
    t = await startTestApp(dialect, { SMTP_URL: mail.url, PUBLIC_URL: 'https://rustico.example.ch' });
    await createUser(t.ctx, { email: 'anna@example.ch', name: 'Anna', password: 'montagna-2026', role: 'member' });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });
  beforeEach(() => {
    mail.received.length = 0;
  });

  const requestReset = async (email: string, headers: Record<string, string> = {}) => {
    const response = await t.client().post('/api/password-reset', { email }, headers);
    await t.ctx.tasks.idle();
    return response;
  };

  it('answers the same for a known and an unknown address, and emails only the known one', async () => {
    const known = await requestReset(' Anna@Example.ch ');
    const unknown = await requestReset('nobody@example.ch');
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.body).toEqual(unknown.body);
    expect(mail.received).toHaveLength(1);
    const [email] = mail.to('anna@example.ch');
    expect(email?.subject).toBe('Scegli una nuova password');
    expect(email?.text).toContain("Il link vale un'ora");
    const bad = await requestReset('not an email');
    expect({ status: bad.status, code: bad.body.error.code }).toEqual({ status: 400, code: 'INVALID_EMAIL' });
  });

  it('lets the link set a new password once, ending every session', async () => {
    const phone = t.client();
    await phone.post('/api/session', { email: 'anna@example.ch', password: 'montagna-2026' });
    await requestReset('anna@example.ch');
    const token = linkIn(mail.to('anna@example.ch')[0]?.text)!;
    expect((await t.client().get(`/api/password-links/${token}`)).body).toEqual({ valid: true, purpose: 'reset', name: 'Anna', email: 'anna@example.ch' });
    const short = await t.client().post('/api/password-links', { token, password: 'short' });
    expect({ status: short.status, field: short.body.error.field }).toEqual({ status: 400, field: 'password' });
    // Two tabs submit at once: one wins.
    const [first, second] = await Promise.all([
      t.client().post('/api/password-links', { token, password: 'castagne-2027' }),
      t.client().post('/api/password-links', { token, password: 'castagne-2028' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([204, 410]);
    const winner = first.status === 204 ? 'castagne-2027' : 'castagne-2028';
    expect((await phone.get('/api/session')).status).toBe(401);
    expect((await t.client().post('/api/session', { email: 'anna@example.ch', password: 'montagna-2026' })).body.error.code).toBe('WRONG_PASSWORD');
    expect((await t.client().post('/api/session', { email: 'anna@example.ch', password: winner })).status).toBe(200);
    const again = await t.client().post('/api/password-links', { token, password: 'another-2029' });
    expect({ status: again.status, code: again.body.error.code }).toEqual({ status: 410, code: 'PASSWORD_LINK_INVALID' });
    expect((await t.client().get(`/api/password-links/${token}`)).body.valid).toBe(false);
  });

  it('lets a link expire after one hour', async () => {
    await requestReset('anna@example.ch');
    const token = linkIn(mail.to('anna@example.ch')[0]?.text)!;
    t.clock.advance(61 * MINUTE);
    expect((await t.client().get(`/api/password-links/${token}`)).body.valid).toBe(false);
    const late = await t.client().post('/api/password-links', { token, password: 'castagne-2030' });
    expect(late.status).toBe(410);
  });

  it('rate limits requests per account like the login, known or not', async () => {
    for (const email of ['anna@example.ch', 'ghost@example.ch']) {
      for (let i = 0; i < MAX_RESETS_PER_ACCOUNT; i++) expect((await requestReset(email)).status).toBe(202);
      const limited = await requestReset(email);
      expect({ status: limited.status, code: limited.body.error.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    t.clock.advance(16 * MINUTE);
    expect((await requestReset('anna@example.ch')).status).toBe(202);
  });

  it('holds the limit when many requests arrive at once', async () => {
    t.clock.advance(16 * MINUTE);
    const answers = await Promise.all(Array.from({ length: MAX_RESETS_PER_ACCOUNT + 3 }, () => requestReset('burst@example.ch')));
    // Each request is counted before the check, so never more than the limit get through.
    expect(answers.filter((a) => a.status === 202).length).toBeLessThanOrEqual(MAX_RESETS_PER_ACCOUNT);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(3);
  });

  it('keeps a flood of refused requests to a few rows and one query each, and a trickle never locks the person out', async () => {
    t.clock.advance(16 * MINUTE);
    let queries = 0;
    const counting = { ...t.ctx, db: t.ctx.db.withPlugin({ transformQuery: ({ node }) => (queries++, node), transformResult: async ({ result }) => result }) };
    const buckets = async () => Number((await t.ctx.db.selectFrom('rateLimits').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const rowsBefore = await buckets();
    const perRefusal = new Set<number>();
    const outcomes = { sent: 0, refused: 0 };
    for (let i = 0; i < 10_000; i += 1) {
      // From one address and from ever new ones, as a flood comes.
      const address = i % 2 ? '203.0.113.7' : `198.51.${(i >> 8) & 255}.${i & 255}`;
      const before = queries;
      await requestPasswordReset(counting, { email: 'anna@example.ch', address }).then(
        // The email leaves in the background (and queries too): let it go before the next request.
        () => ((outcomes.sent += 1), t.ctx.tasks.idle()),
        (error) => {
          if (error.status !== 429) throw error;
          outcomes.refused += 1;
          perRefusal.add(queries - before);
        },
      );
    }
    expect(outcomes).toEqual({ sent: MAX_RESETS_PER_ACCOUNT, refused: 10_000 - MAX_RESETS_PER_ACCOUNT });
    // Each refusal is one query (a read of the account's bucket), the first as the last.
    expect([...perRefusal]).toEqual([1]);
    // The account's bucket and the addresses that got through: not a row per request.
    expect((await buckets()) - rowsBefore).toBeLessThanOrEqual(1 + MAX_RESETS_PER_ACCOUNT);
    // Then one request every three minutes for an hour, each from a new address: with refused
    // requests counted, none got through and the person was locked out for good. Each now takes
    // the token the bucket got back, and its link goes to the person.
    mail.received.length = 0;
    let trickled = 0;
    for (let i = 0; i < 20; i += 1) {
      t.clock.advance(3 * MINUTE);
      await requestPasswordReset(counting, { email: 'anna@example.ch', address: `192.0.2.${i}` }).then(() => (trickled += 1), () => undefined);
    }
    await t.ctx.tasks.idle();
    expect({ trickled, emails: mail.to('anna@example.ch').length }).toEqual({ trickled: 20, emails: 20 });
    expect((await t.client().get(`/api/password-links/${linkIn(mail.to('anna@example.ch').at(-1)?.text)}`)).body.valid).toBe(true);
    // Once it has stopped for the window, the person's own request gets through.
    t.clock.advance(RESET_WINDOW_MS);
    expect((await requestReset('anna@example.ch')).status).toBe(202);
  }, 60_000);

  describe("a member's open links (reset and invitation) stop working", () => {
    let admin: TestClient;
    let member = 0;
    beforeAll(async () => {
      admin = await t.login('superadmin');
    });

    /** A member with an open invitation and an open reset link, and a client logged in as them. */
    async function memberWithLinks() {
      t.clock.advance(16 * MINUTE);
      const email = `links${++member}@example.ch`;
      const user = await createUser(t.ctx, { email, name: `Links ${member}`, password: 'vecchia-password', role: 'member' });
      await sendInvitation(t.ctx, user);
      await requestReset(email);
      const tokens = mail.to(email).map((m) => linkIn(m.text)!);
      expect(tokens).toHaveLength(2);
      const client = t.client();
      await client.post('/api/session', { email, password: 'vecchia-password' });
      return { user, email, tokens, client };
    }
    async function expectDead(tokens: string[]) {
      for (const token of tokens) {
        expect((await t.client().get(`/api/password-links/${token}`)).body.valid).toBe(false);
        expect((await t.client().post('/api/password-links', { token, password: 'dal-vecchio-link' })).status).toBe(410);
      }
    }

    it('when the member changes their own password', async () => {
      const { tokens, client } = await memberWithLinks();
      expect((await client.request('PUT', '/api/profile/password', { currentPassword: 'vecchia-password', newPassword: 'nuova-password' })).status).toBe(204);
      await expectDead(tokens);
    });

    it('when an administrator gives a one-time password, which then keeps working', async () => {
      const { user, email, tokens } = await memberWithLinks();
      const given = await admin.post(`/api/admin/users/${user.id}/password`);
      expect(given.status).toBe(200);
      await expectDead(tokens);
      expect((await t.client().post('/api/session', { email, password: given.body.password })).status).toBe(200);
    });

    it('when the command line sets the password', async () => {
      const { email, tokens } = await memberWithLinks();
      await setUserPassword(t.ctx, email, 'dalla-riga-di-comando');
      await expectDead(tokens);
    });

    it('when the account is disabled, also once it is enabled again', async () => {
      const { user, tokens } = await memberWithLinks();
      expect((await admin.request('PATCH', `/api/admin/users/${user.id}`, { disabled: true })).status).toBe(200);
      expect((await admin.request('PATCH', `/api/admin/users/${user.id}`, { disabled: false })).status).toBe(200);
      await expectDead(tokens);
    });

    it('when one of them is used, or a new invitation is sent', async () => {
      const used = await memberWithLinks();
      expect((await t.client().post('/api/password-links', { token: used.tokens[1], password: 'scelta-col-link' })).status).toBe(204);
      await expectDead(used.tokens);

      const invited = await memberWithLinks();
      mail.received.length = 0;
      await sendInvitation(t.ctx, invited.user);
      await t.ctx.tasks.idle();
      await expectDead(invited.tokens);
      const fresh = linkIn(mail.to(invited.email)[0]?.text)!;
      expect((await t.client().get(`/api/password-links/${fresh}`)).body.valid).toBe(true);
    });
  });

  it('invites a new member by email to choose their own password', async () => {
    const admin = await t.login('superadmin');
    const added = await admin.post('/api/admin/users', { name: 'Carla', email: 'carla@example.ch', invite: true });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ invited: true, user: { name: 'Carla' } });
    expect(added.body.password).toBeUndefined();
    await t.ctx.tasks.idle();
    const [invitation] = mail.to('carla@example.ch');
    expect(invitation?.subject).toBe('Benvenuto al Rustico Corzoneso');
    const token = linkIn(invitation?.text)!;
    // No password until she chooses one.
    expect((await t.client().post('/api/session', { email: 'carla@example.ch', password: 'anything-at-all' })).body.error.code).toBe('AUTH_FAILED');
    expect((await t.client().get(`/api/password-links/${token}`)).body).toMatchObject({ valid: true, purpose: 'invitation', name: 'Carla' });
    expect((await t.client().post('/api/password-links', { token, password: 'carla-sceglie' })).status).toBe(204);
    expect((await t.client().post('/api/session', { email: 'carla@example.ch', password: 'carla-sceglie' })).status).toBe(200);
    // The one-time password stays possible.
    const byHand = await admin.post('/api/admin/users', { name: 'Dario', email: 'dario@example.ch' });
    expect(byHand.body).toMatchObject({ invited: false, password: expect.stringMatching(/^\w{4}-\w{4}-\w{4}$/) });
  });

  it("writes the reset in the member's language, else in the one of the browser that asked for it", async () => {
    t.clock.advance(16 * MINUTE);
    const elise = await createUser(t.ctx, { email: 'elise@example.ch', name: 'Élise Favre', password: 'montagna-2026', role: 'member' });
    await requestReset('elise@example.ch', { 'accept-language': 'fr-CH, fr;q=0.9, de;q=0.5' });
    const [french] = mail.to('elise@example.ch');
    expect(french?.subject).toBe('Choisis un nouveau mot de passe');
    expect(french?.text).toContain('Bonjour Élise,');
    expect(french?.text).toContain('Le lien est valable une heure et ne fonctionne qu’une seule fois.');
    expect(linkIn(french?.text)).toBeTruthy();
    // Her own choice wins over the browser's.
    await t.ctx.db.updateTable('users').set({ language: 'de' }).where('id', '=', elise.id).execute();
    await requestReset('elise@example.ch', { 'accept-language': 'fr-CH' });
    expect(mail.to('elise@example.ch')[1]?.subject).toBe('Wähle ein neues Passwort');
  });
});

describe('without SMTP_URL', () => {
  it('refuses the reset and the invitation with MAIL_DISABLED', async () => {
    const t = await startTestApp('sqlite');
    try {
      const reset = await t.client().post('/api/password-reset', { email: 'anna@example.ch' });
      expect({ status: reset.status, code: reset.body.error.code }).toEqual({ status: 409, code: 'MAIL_DISABLED' });
      const admin = await t.login('superadmin');
      const invite = await admin.post('/api/admin/users', { name: 'Carla', email: 'carla@example.ch', invite: true });
      expect({ status: invite.status, code: invite.body.error.code }).toEqual({ status: 409, code: 'MAIL_DISABLED' });
      expect((await admin.get('/api/users')).body.users.map((u: { email: string }) => u.email)).not.toContain('carla@example.ch');
    } finally {
      await t.close();
    }
  });
});
