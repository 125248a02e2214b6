import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, setUserPassword } from '../users/service.ts';
import { testDialects } from '../test/databases.ts';
import { DAY, MINUTE, startTestApp, type TestApp } from '../test/test-app.ts';
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from './service.ts';

describe.each(testDialects)('login and sessions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await createUser(t.ctx, { email: 'anna@example.ch', name: 'Anna', password: 'montagna-2026', role: 'member' });
    await createUser(t.ctx, { email: 'imported@example.ch', name: 'Imported', password: null, role: 'member' });
  });
  afterAll(() => t.close());

  it('logs in with trimmed credentials and sets a long-lived HttpOnly, SameSite=Lax cookie', async () => {
    const client = t.client();
    const response = await client.post('/api/session', { email: '  Anna@Example.ch ', password: ' montagna-2026 ' });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ name: 'Anna', email: 'anna@example.ch', role: 'member', hidden: false });
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]!);
    expect(expires.getTime() - t.clock.now().getTime()).toBeGreaterThan(170 * DAY);
    const me = await client.get('/api/session');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('anna@example.ch');
  });

  it('answers each failure with the code and field of the spec', async () => {
    const client = t.client();
    const cases = [
      { body: { email: 'not an email', password: 'x' }, status: 400, code: 'INVALID_EMAIL', field: 'email' },
      { body: { email: 'nobody@example.ch', password: 'x' }, status: 401, code: 'USER_NOT_FOUND', field: 'email' },
      { body: { email: 'anna@example.ch', password: 'wrong' }, status: 401, code: 'WRONG_PASSWORD', field: 'password' },
      { body: { email: 'imported@example.ch', password: 'anything' }, status: 401, code: 'AUTH_FAILED', field: undefined },
      { body: { email: '   ', password: 'x' }, status: 400, code: 'VALIDATION', field: 'email' },
      { body: { email: 'anna@example.ch', password: '  ' }, status: 400, code: 'VALIDATION', field: 'password' },
    ];
    for (const c of cases) {
      const response = await client.post('/api/session', c.body);
      expect({ status: response.status, code: response.body.error.code, field: response.body.error.field }, JSON.stringify(c.body)).toEqual({
        status: c.status,
        code: c.code,
        field: c.field,
      });
    }
    expect(client.cookie).toBeNull();
    expect((await client.get('/api/session')).status).toBe(401);
  });

  it('rate limits one account after repeated wrong passwords, even with the right one, until the window passes', async () => {
    await createUser(t.ctx, { email: 'bruno@example.ch', name: 'Bruno', password: 'castagne-2026', role: 'member' });
    const client = t.client();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await client.post('/api/session', { email: 'bruno@example.ch', password: `guess-${i}` })).body.error.code).toBe('WRONG_PASSWORD');
    }
    const limited = await client.post('/api/session', { email: 'bruno@example.ch', password: 'castagne-2026' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.error.retryAfterSeconds).toBe(Number(limited.headers.get('retry-after')));
    // Other accounts from elsewhere are not affected.
    expect((await t.client().post('/api/session', { email: 'anna@example.ch', password: 'montagna-2026' })).status).toBe(200);
    t.clock.advance(16 * MINUTE);
    expect((await client.post('/api/session', { email: 'bruno@example.ch', password: 'castagne-2026' })).status).toBe(200);
  });

  it('rate limits one address that tries many accounts', async () => {
    const client = t.client();
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      const response = await client.post('/api/session', { email: `ghost${i}@example.ch`, password: 'x' });
      expect(response.body.error.code).toBe('USER_NOT_FOUND');
    }
    const limited = await client.post('/api/session', { email: 'anna@example.ch', password: 'montagna-2026' });
    expect(limited.status).toBe(429);
    t.clock.advance(16 * MINUTE);
    expect((await client.post('/api/session', { email: 'anna@example.ch', password: 'montagna-2026' })).status).toBe(200);
  });

  it('keeps a session used now and then for months, and ends one left unused past its lifetime', async () => {
    const regular = t.client();
    const forgotten = t.client();
    await regular.post('/api/session', { email: 'anna@example.ch', password: 'montagna-2026' });
    await forgotten.post('/api/session', { email: 'anna@example.ch', password: 'montagna-2026' });
    for (let month = 0; month < 8; month++) {
      t.clock.advance(30 * DAY);
      const response = await regular.get('/api/session');
      expect(response.status, `month ${month + 1}`).toBe(200);
    }
    // 240 days later the regular user is still in; the forgotten session (180 days) is gone.
    expect((await forgotten.get('/api/session')).status).toBe(401);
  });

  it('gives a new session on every login, ending the one the browser had', async () => {
    const client = t.client();
    await client.post('/api/session', { email: 'anna@example.ch', password: 'montagna-2026' });
    const first = client.cookie!;
    await client.post('/api/session', { email: 'anna@example.ch', password: 'montagna-2026' });
    expect(client.cookie).not.toBe(first);
    const stale = t.client();
    stale.cookie = first;
    expect((await stale.get('/api/session')).status).toBe(401);
    expect((await client.get('/api/session')).status).toBe(200);
  });

  it('ends every session of a person whose password is changed', async () => {
    const phone = t.client();
    await phone.post('/api/session', { email: 'anna@example.ch', password: 'montagna-2026' });
    await setUserPassword(t.ctx, 'anna@example.ch', 'castagne-2027');
    expect((await phone.get('/api/session')).status).toBe(401);
    expect((await t.client().post('/api/session', { email: 'anna@example.ch', password: 'montagna-2026' })).body.error.code).toBe('WRONG_PASSWORD');
    expect((await t.client().post('/api/session', { email: 'anna@example.ch', password: 'castagne-2027' })).status).toBe(200);
    await setUserPassword(t.ctx, 'anna@example.ch', 'montagna-2026');
  });

  it('keeps the current session when a login attempt fails', async () => {
    const client = t.client();
    await client.post('/api/session', { email: 'anna@example.ch', password: 'montagna-2026' });
    const wrong = await client.post('/api/session', { email: 'anna@example.ch', password: 'not this one' });
    expect(wrong.body.error.code).toBe('WRONG_PASSWORD');
    expect((await client.get('/api/session')).status).toBe(200);
  });

  it('ends the session on logout', async () => {
    const client = t.client();
    await client.post('/api/session', { email: 'anna@example.ch', password: 'montagna-2026' });
    const token = client.cookie!;
    const response = await client.delete('/api/session');
    expect(response.status).toBe(204);
    expect(client.cookie).toBeNull();
    const replay = t.client();
    replay.cookie = token;
    expect((await replay.get('/api/session')).status).toBe(401);
  });
});

describe('the address behind a reverse proxy', () => {
  for (const trustProxy of ['1', 'true']) {
    it(`trusts one hop with TRUST_PROXY=${trustProxy}: forged X-Forwarded-For entries do not escape the per-address limit`, async () => {
      const t = await startTestApp('sqlite', { TRUST_PROXY: trustProxy });
      try {
        const codes: string[] = [];
        for (let i = 0; i <= MAX_FAILURES_PER_ADDRESS; i++) {
          // The client forges the first entry; the proxy appends the address it saw.
          const forwarded = { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` };
          const response = await t.client().post('/api/session', { email: `nobody${i}@example.ch`, password: 'x' }, forwarded);
          codes.push(response.body.error.code);
        }
        expect(codes.at(-1)).toBe('RATE_LIMITED');
        // Another real client behind the same proxy is not affected.
        const other = await t.client().post('/api/session', { email: 'nobody@example.ch', password: 'x' }, { 'x-forwarded-for': '198.51.100.8' });
        expect(other.body.error.code).toBe('USER_NOT_FOUND');
      } finally {
        await t.close();
      }
    });
  }
});

describe('session cookie behind HTTPS', () => {
  it('is Secure when the proxy says the request came over HTTPS', async () => {
    const t = await startTestApp('sqlite', { TRUST_PROXY: 'true' });
    try {
      await createUser(t.ctx, { email: 'anna@example.ch', name: 'Anna', password: 'montagna-2026', role: 'member' });
      const response = await t
        .client()
        .post('/api/session', { email: 'anna@example.ch', password: 'montagna-2026' }, { 'x-forwarded-proto': 'https' });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()[0]).toMatch(/; Secure/);
    } finally {
      await t.close();
    }
  });
});
