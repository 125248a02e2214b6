import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

describe.each(testDialects)('HTTP conventions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers health and serves the OpenAPI document of every route', async () => {
    expect((await t.client().get('/api/health')).body).toMatchObject({ status: 'ok' });
    const doc = (await t.client().get('/api/openapi.json')).body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/session', '/api/setup', '/api/setup/{token}', '/api/users', '/api/users/{id}/photo', '/api/health']),
    );
    expect(doc.paths['/api/session'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    // The document is built on first request from the routes noted at registration: each one it lists is served.
    const listed = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1') })));
    expect(listed.length).toBeGreaterThan(100);
    expect(listed.filter((route) => !t.app.hasRoute(route as Parameters<typeof t.app.hasRoute>[0]))).toEqual([]);
    expect((await t.client().get('/api/openapi.json')).body).toEqual(doc);
  });

  it('answers health without looking at the session cookie: a stale one is neither cleared nor slid there', async () => {
    const stale = t.client();
    stale.cookie = 'rustico_session=not-a-session';
    const health = await stale.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers.getSetCookie()).toEqual([]);
    // Any other route looks it up, and ends it.
    expect((await stale.get('/api/session')).headers.getSetCookie().some((c) => c.startsWith('rustico_session=;'))).toBe(true);
  });

  it('keeps members out of admin routes and strangers out of member routes', async () => {
    expect((await t.client().get('/api/users')).status).toBe(401);
    const member = await t.login('member');
    const refused = await member.get('/api/users');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    const admin = await t.login('admin');
    const allowed = await admin.get('/api/users');
    expect(allowed.status).toBe(200);
    expect(allowed.body.users.length).toBeGreaterThanOrEqual(2);
  });

  it('hides a hidden account from the member list of everyone but superadmins', async () => {
    const hidden = await t.login('superadmin', { email: 'ghost@example.ch', hidden: true });
    const admin = await t.login('admin');
    const seenByAdmin = (await admin.get('/api/users')).body.users.map((u: { email: string }) => u.email);
    expect(seenByAdmin).not.toContain('ghost@example.ch');
    const seenByHidden = (await hidden.get('/api/users')).body.users.map((u: { email: string }) => u.email);
    expect(seenByHidden).toContain('ghost@example.ch');
    // Superadmins manage every account, hidden ones included.
    const superadmin = await t.login('superadmin');
    expect((await superadmin.get('/api/users')).body.users.map((u: { email: string }) => u.email)).toContain('ghost@example.ch');
  });

  it('refuses bad JSON, oversize bodies and other content types cleanly', async () => {
    const client = t.client();
    const badJson = await client.post('/api/session', '{"email": "anna@', { 'content-type': 'application/json' });
    expect(badJson.status).toBe(400);
    expect(badJson.body.error.code).toBe('INVALID_JSON');

    const huge = await client.post('/api/session', { email: 'anna@example.ch', password: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('BODY_TOO_LARGE');

    const form = await client.post('/api/session', 'email=a&password=b', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const wrongShape = await client.post('/api/session', [1, 2, 3]);
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.body.error.code).toBe('VALIDATION');
  });

  it('refuses writes from another site', async () => {
    const body = { email: 'anna@example.ch', password: 'x' };
    const fromElsewhere = await t.client().post('/api/session', body, { origin: 'https://evil.example' });
    expect(fromElsewhere.status).toBe(403);
    expect(fromElsewhere.body.error.code).toBe('CROSS_ORIGIN');
    const crossSite = await t.client().post('/api/session', body, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.client().get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });

  it("sends the API's security headers: nothing in an answer runs, is framed, sniffed or read by other sites", async () => {
    for (const url of ['/api/health', '/api/nothing-here']) {
      const response = await t.client().get(url);
      expect(response.headers.get('content-security-policy'), url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
  });
});
