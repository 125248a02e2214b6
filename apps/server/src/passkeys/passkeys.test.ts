import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from '../auth/service.ts';
import { sendInvitation } from '../password-links/service.ts';
import { testDialects } from '../test/databases.ts';
import { startTestMailServer, type TestMailServer } from '../test/mail-server.ts';
import { SoftwareAuthenticator, type Ceremony } from '../test/software-authenticator.ts';
import { MINUTE, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { createUser, setUserPassword } from '../users/service.ts';
import { CHALLENGE_VALID_MS, OPEN_CHALLENGES } from './service.ts';

const ORIGIN = 'https://rustico.example.ch';
const PASSWORD = 'montagna-2026';

describe.each(testDialects)('passkeys (%s)', (dialect) => {
  let t: TestApp;
  let mail: TestMailServer;
  let admin: TestClient;
  let people = 0;

  beforeAll(async () => {
    mail = await startTestMailServer();
    t = await startTestApp(dialect, { PUBLIC_URL: ORIGIN, SMTP_URL: mail.url });
    admin = await t.login('superadmin');
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });
  // Each test starts past the login limit's window of the one before.
  beforeEach(() => t.clock.advance(16 * MINUTE));

  /** A new member logged in with their password, and their email. */
  async function member() {
    people += 1;
    const email = `persona${people}@example.ch`;
    const user = await createUser(t.ctx, { email, name: `Persona ${people}`, password: PASSWORD, role: 'member' });
    const client = t.client();
    expect((await client.post('/api/session', { email, password: PASSWORD })).status).toBe(200);
    return { id: user.id, email, client };
  }

  /** The member's device makes a passkey and the member keeps it under a name. */
  async function addPasskey(client: TestClient, device: SoftwareAuthenticator, name = 'iPhone di Rosa', ceremony?: Ceremony) {
    const options = await client.post('/api/profile/passkeys/options', {});
    expect(options.status).toBe(200);
    return client.post('/api/profile/passkeys', { name, credential: device.create(options.body, ceremony) });
  }

  /** A device signs in with its passkey, in a browser of its own. */
  async function signIn(device: SoftwareAuthenticator, ceremony?: Ceremony, client = t.client()) {
    const options = await client.post('/api/session/passkey-options', {});
    expect(options.status).toBe(200);
    const response = await client.post('/api/session/passkey', { credential: device.get(options.body, ceremony) });
    return { response, client };
  }

  it('keeps the passkeys a member adds, under the names they give, and says when each was last used', async () => {
    const rosa = await member();
    const phone = new SoftwareAuthenticator(ORIGIN);
    const laptop = new SoftwareAuthenticator(ORIGIN);
    const added = await addPasskey(rosa.client, phone, '  iPhone di Rosa ');
    expect(added.status).toBe(201);
    expect(added.body.passkey).toMatchObject({ name: 'iPhone di Rosa', lastUsedAt: null, current: false });
    t.clock.advance(MINUTE);
    expect((await addPasskey(rosa.client, laptop, 'MacBook')).status).toBe(201);

    const { response } = await signIn(phone);
    expect(response.status).toBe(200);
    const list = (await rosa.client.get('/api/profile/passkeys')).body.passkeys;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['iPhone di Rosa', 'MacBook']);
    expect(list[0].lastUsedAt).toBe(t.clock.now().toISOString());
    expect(list[1].lastUsedAt).toBeNull();
    // The same device again would be one passkey under two names: the browser is told which it holds.
    const again = (await rosa.client.post('/api/profile/passkeys/options', {})).body;
    expect(again.excludeCredentials.map((c: { id: string }) => c.id).sort()).toEqual(list.map((p: { id: string }) => p.id).sort());
    expect(again.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const blank = await rosa.client.post('/api/profile/passkeys', { name: ' \u200b ', credential: phone.create(again) });
    expect({ status: blank.status, code: blank.body.error.code, field: blank.body.error.field }).toEqual({ status: 400, code: 'PASSKEY_NAME_REQUIRED', field: 'name' });
  });

  it('makes passkeys under a random user handle, the same for all of a member, never the email', async () => {
    const first = await member();
    const second = await member();
    const handleOf = async (client: TestClient) => {
      const options = (await client.post('/api/profile/passkeys/options', {})).body;
      await client.post('/api/profile/passkeys', { name: 'Telefono', credential: new SoftwareAuthenticator(ORIGIN).create(options) });
      return { handle: options.user.id as string, name: options.user.name as string };
    };
    const [a, b, c] = [await handleOf(first.client), await handleOf(first.client), await handleOf(second.client)];
    expect(a.handle).toBe(b.handle);
    expect(a.handle).not.toBe(c.handle);
    expect(Buffer.from(a.handle, 'base64url')).toHaveLength(32);
    expect(Buffer.from(a.handle, 'base64url').toString('utf8')).not.toContain(first.email);
    // The email is what the device shows in its list of passkeys.
    expect(a.name).toBe(first.email);
  });

  it('signs in with a passkey: the session is a password’s, and ends with a password change or a disabled account', async () => {
    const luca = await member();
    const phone = new SoftwareAuthenticator(ORIGIN);
    await addPasskey(luca.client, phone);
    const { response, client } = await signIn(phone);
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: luca.id, email: luca.email });
    expect(response.headers.getSetCookie()[0]).toMatch(/HttpOnly; SameSite=Lax/);
    expect((await client.get('/api/session')).body.user.id).toBe(luca.id);
    expect((await client.get('/api/profile/passkeys')).body.passkeys[0].current).toBe(true);
    expect((await luca.client.get('/api/profile/passkeys')).body.passkeys[0].current).toBe(false);

    await setUserPassword(t.ctx, luca.email, 'castagne-2027');
    expect((await client.get('/api/session')).status).toBe(401);

    const again = await signIn(phone);
    expect(again.response.status).toBe(200);
    expect((await admin.request('PATCH', `/api/admin/users/${luca.id}`, { disabled: true })).status).toBe(200);
    expect((await again.client.get('/api/session')).status).toBe(401);
    const disabled = (await signIn(phone)).response;
    expect({ status: disabled.status, code: disabled.body.error.code }).toEqual({ status: 401, code: 'AUTH_FAILED' });
  });

  it('refuses a passkey made or used on another site (origin) than the house’s', async () => {
    const anna = await member();
    const device = new SoftwareAuthenticator(ORIGIN);
    const made = await addPasskey(anna.client, device, 'Telefono', { origin: 'https://rustico.example.ch.evil.example' });
    expect({ status: made.status, code: made.body.error.code }).toEqual({ status: 400, code: 'PASSKEY_INVALID' });
    expect((await anna.client.get('/api/profile/passkeys')).body.passkeys).toEqual([]);

    expect((await addPasskey(anna.client, device)).status).toBe(201);
    const phished = (await signIn(device, { origin: 'https://rustico-example.ch' })).response;
    expect({ status: phished.status, code: phished.body.error.code }).toEqual({ status: 401, code: 'PASSKEY_FAILED' });
    expect((await signIn(device)).response.status).toBe(200);
  });

  it('answers a challenge once: a replayed answer is refused, a registration’s too', async () => {
    const bruno = await member();
    const device = new SoftwareAuthenticator(ORIGIN);
    const options = (await bruno.client.post('/api/profile/passkeys/options', {})).body;
    const credential = device.create(options);
    expect((await bruno.client.post('/api/profile/passkeys', { name: 'Telefono', credential })).status).toBe(201);
    const twice = await bruno.client.post('/api/profile/passkeys', { name: 'Di nuovo', credential });
    expect({ status: twice.status, code: twice.body.error.code }).toEqual({ status: 400, code: 'PASSKEY_EXPIRED' });

    const request = (await t.client().post('/api/session/passkey-options', {})).body;
    const answer = device.get(request);
    const [first, replayed] = await Promise.all([t.client().post('/api/session/passkey', { credential: answer }), t.client().post('/api/session/passkey', { credential: answer })]);
    expect([first.status, replayed.status].sort()).toEqual([200, 401]);
    expect([first.body.error?.code, replayed.body.error?.code]).toContain('PASSKEY_EXPIRED');
    // A challenge is for what it was asked for: a sign-in's does not make a passkey.
    const borrowed = await bruno.client.post('/api/profile/passkeys', { name: 'Altro', credential: device.create({ ...options, challenge: (await t.client().post('/api/session/passkey-options', {})).body.challenge }) });
    expect(borrowed.body.error.code).toBe('PASSKEY_EXPIRED');
  });

  it('lets a challenge expire after five minutes', async () => {
    const carla = await member();
    const device = new SoftwareAuthenticator(ORIGIN);
    const options = (await carla.client.post('/api/profile/passkeys/options', {})).body;
    t.clock.advance(CHALLENGE_VALID_MS + 1000);
    const late = await carla.client.post('/api/profile/passkeys', { name: 'Telefono', credential: device.create(options) });
    expect({ status: late.status, code: late.body.error.code }).toEqual({ status: 400, code: 'PASSKEY_EXPIRED' });

    expect((await addPasskey(carla.client, device)).status).toBe(201);
    const request = (await t.client().post('/api/session/passkey-options', {})).body;
    t.clock.advance(CHALLENGE_VALID_MS - 1000);
    const inTime = await t.client().post('/api/session/passkey', { credential: device.get(request) });
    expect(inTime.status).toBe(200);
    const later = (await t.client().post('/api/session/passkey-options', {})).body;
    t.clock.advance(CHALLENGE_VALID_MS + 1000);
    const tooLate = await t.client().post('/api/session/passkey', { credential: device.get(later) });
    expect({ status: tooLate.status, code: tooLate.body.error.code }).toEqual({ status: 401, code: 'PASSKEY_EXPIRED' });
  });

  it('refuses a cloned authenticator, whose signature counter goes back', async () => {
    const dario = await member();
    const key = new SoftwareAuthenticator(ORIGIN);
    await addPasskey(dario.client, key);
    const copy = key.clone();
    expect((await signIn(key)).response.status).toBe(200);
    expect((await signIn(key)).response.status).toBe(200);
    // The copy still counts from where it was copied: its next signature is behind the original's.
    const cloned = (await signIn(copy)).response;
    expect({ status: cloned.status, code: cloned.body.error.code }).toEqual({ status: 401, code: 'PASSKEY_FAILED' });
    const same = (await signIn(key, { counter: 2 })).response;
    expect(same.body.error.code).toBe('PASSKEY_FAILED');
    expect((await signIn(key)).response.status).toBe(200);
    // A synced passkey keeps no counter (always 0): it is not taken for a clone.
    const synced = new SoftwareAuthenticator(ORIGIN, false);
    await addPasskey(dario.client, synced, 'Pixel');
    for (let i = 0; i < 3; i++) expect((await signIn(synced)).response.status).toBe(200);
  });

  it('needs the person verified on the device, not only present', async () => {
    const elena = await member();
    const device = new SoftwareAuthenticator(ORIGIN);
    const unverified = await addPasskey(elena.client, device, 'Chiavetta', { userVerified: false });
    expect(unverified.body.error.code).toBe('PASSKEY_INVALID');
    await addPasskey(elena.client, device);
    const response = (await signIn(device, { userVerified: false })).response;
    expect({ status: response.status, code: response.body.error.code }).toEqual({ status: 401, code: 'PASSKEY_FAILED' });
  });

  it('counts failed attempts toward the login limit: per address, and per the passkey’s account', async () => {
    const franco = await member();
    const device = new SoftwareAuthenticator(ORIGIN);
    await addPasskey(franco.client, device);
    // The passkey's account: failed signatures count with wrong passwords.
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      const client = t.client();
      const options = (await client.post('/api/session/passkey-options', {})).body;
      const response = await client.post('/api/session/passkey', { credential: device.get(options, { userVerified: false }) });
      expect(response.body.error.code).toBe('PASSKEY_FAILED');
    }
    const limited = (await signIn(device)).response;
    expect({ status: limited.status, code: limited.body.error.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
    expect((await t.client().post('/api/session', { email: franco.email, password: PASSWORD })).status).toBe(429);
    t.clock.advance(16 * MINUTE);
    expect((await signIn(device)).response.status).toBe(200);

    // An address: unknown passkeys count too.
    t.clock.advance(16 * MINUTE);
    const stranger = new SoftwareAuthenticator(ORIGIN);
    stranger.create({ ...(await franco.client.post('/api/profile/passkeys/options', {})).body });
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      const options = (await t.client().post('/api/session/passkey-options', {})).body;
      const response = await t.client().post('/api/session/passkey', { credential: stranger.get(options) });
      expect(response.body.error.code).toBe('PASSKEY_UNKNOWN');
    }
    const blocked = (await signIn(device)).response;
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 20_000);

  it('keeps a requester’s latest challenges only, so a flood of requests holds a few rows', async () => {
    const device = new SoftwareAuthenticator(ORIGIN);
    const gianni = await member();
    await addPasskey(gianni.client, device);
    const client = t.client();
    const first = (await client.post('/api/session/passkey-options', {})).body;
    let last = first;
    for (let i = 0; i < 3 * OPEN_CHALLENGES; i++) {
      t.clock.advance(1000);
      last = (await client.post('/api/session/passkey-options', {})).body;
    }
    const open = await t.ctx.db.selectFrom('passkeyChallenges').select('challenge').where('requester', '=', 'address:127.0.0.1').execute();
    expect(open.length).toBeLessThanOrEqual(OPEN_CHALLENGES);
    expect((await client.post('/api/session/passkey', { credential: device.get(first) })).body.error.code).toBe('PASSKEY_EXPIRED');
    expect((await client.post('/api/session/passkey', { credential: device.get(last) })).status).toBe(200);
  });

  it('ends the sessions signed in with a passkey when it is removed, by the member or an administrator', async () => {
    const sofia = await member();
    const phone = new SoftwareAuthenticator(ORIGIN);
    const tablet = new SoftwareAuthenticator(ORIGIN);
    const phoneKey = (await addPasskey(sofia.client, phone, 'Telefono')).body.passkey.id;
    await addPasskey(sofia.client, tablet, 'Tablet');
    const onPhone = (await signIn(phone)).client;
    const onTablet = (await signIn(tablet)).client;

    // Removed from the password session: the phone is out, the tablet and the password stay in.
    expect((await sofia.client.delete(`/api/profile/passkeys/${encodeURIComponent(phoneKey)}`)).status).toBe(204);
    expect((await onPhone.get('/api/session')).status).toBe(401);
    expect((await onTablet.get('/api/session')).status).toBe(200);
    expect((await sofia.client.get('/api/session')).status).toBe(200);
    expect((await signIn(phone)).response.body.error.code).toBe('PASSKEY_UNKNOWN');
    // Someone else's passkey is not theirs to remove.
    const other = await member();
    const tabletKey = (await sofia.client.get('/api/profile/passkeys')).body.passkeys[0].id;
    expect((await other.client.delete(`/api/profile/passkeys/${encodeURIComponent(tabletKey)}`)).status).toBe(403);
    expect((await other.client.delete('/api/profile/passkeys/nessuna')).status).toBe(404);

    // An administrator sees who has passkeys, and removes them all (a lost tablet).
    const listed = (await admin.get('/api/users')).body.users.find((u: { id: string }) => u.id === sofia.id);
    expect(listed.passkeys).toBe(1);
    const removed = await admin.delete(`/api/admin/users/${sofia.id}/passkeys`);
    expect(removed.status).toBe(200);
    expect(removed.body.user.passkeys).toBe(0);
    expect((await onTablet.get('/api/session')).status).toBe(401);
    expect((await sofia.client.get('/api/session')).status).toBe(200);
    expect((await signIn(tablet)).response.body.error.code).toBe('PASSKEY_UNKNOWN');
  });

  it('completes an invitation with a passkey instead of a password; the emailed reset stays the way back in', async () => {
    const user = await createUser(t.ctx, { email: 'nonna@example.ch', name: 'Nonna', password: null, role: 'member' });
    mail.received.length = 0;
    await sendInvitation(t.ctx, user);
    await t.ctx.tasks.idle();
    const token = /\/nuova-password\/([\w-]+)/.exec(mail.to('nonna@example.ch')[0]?.text ?? '')![1]!;
    const device = new SoftwareAuthenticator(ORIGIN);
    const browser = t.client();
    const options = await browser.post('/api/password-links/passkey-options', { token });
    expect(options.status).toBe(200);
    expect(options.body.user).toMatchObject({ name: 'nonna@example.ch', displayName: 'Nonna' });
    const accepted = await browser.post('/api/password-links/passkey', { token, name: 'iPhone della nonna', credential: device.create(options.body) });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user.email).toBe('nonna@example.ch');
    expect((await browser.get('/api/profile/passkeys')).body.passkeys).toMatchObject([{ name: 'iPhone della nonna', current: true, lastUsedAt: t.clock.now().toISOString() }]);
    // The link worked once.
    expect((await t.client().get(`/api/password-links/${token}`)).body.valid).toBe(false);
    const reused = await t.client().post('/api/password-links/passkey-options', { token });
    expect({ status: reused.status, code: reused.body.error.code }).toEqual({ status: 410, code: 'PASSWORD_LINK_INVALID' });
    // No password at all: the passkey signs her in; a reset link gives her one if the phone is lost.
    expect((await t.client().post('/api/session', { email: 'nonna@example.ch', password: 'qualunque-cosa' })).body.error.code).toBe('AUTH_FAILED');
    expect((await signIn(device)).response.status).toBe(200);
    mail.received.length = 0;
    expect((await t.client().post('/api/password-reset', { email: 'nonna@example.ch' })).status).toBe(202);
    await t.ctx.tasks.idle();
    const reset = /\/nuova-password\/([\w-]+)/.exec(mail.to('nonna@example.ch')[0]?.text ?? '')![1]!;
    // A reset link chooses a password, never a passkey.
    expect((await t.client().post('/api/password-links/passkey-options', { token: reset })).status).toBe(410);
    expect((await t.client().post('/api/password-links', { token: reset, password: 'nuova-per-la-nonna' })).status).toBe(204);
    expect((await t.client().post('/api/session', { email: 'nonna@example.ch', password: 'nuova-per-la-nonna' })).status).toBe(200);
  });
});

describe('where passkeys cannot work', () => {
  it('refuses them with PASSKEYS_UNAVAILABLE when PUBLIC_URL is an IP address', async () => {
    const t = await startTestApp('sqlite', { PUBLIC_URL: 'http://192.168.1.20:8080' });
    try {
      const member = await t.login();
      for (const response of [await member.post('/api/profile/passkeys/options', {}), await t.client().post('/api/session/passkey-options', {})]) {
        expect({ status: response.status, code: response.body.error.code }).toEqual({ status: 409, code: 'PASSKEYS_UNAVAILABLE' });
      }
      expect((await member.get('/api/profile/passkeys')).body.passkeys).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
