import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { prepareSetupToken } from './service.ts';

describe.each(testDialects)('first-run setup link (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('creates the first superadmin once, and is dead afterwards', async () => {
    const older = await prepareSetupToken(t.ctx);
    const token = await prepareSetupToken(t.ctx);
    expect(token).toBeTruthy();
    // A restart prints a new link; the older one stops working.
    expect((await t.client().get(`/api/setup/${older}`)).body).toEqual({ available: false });
    expect((await t.client().get(`/api/setup/${token}`)).body).toEqual({ available: true });

    const bad = await t.client().post('/api/setup', { token, name: 'Marco', email: 'marco@example.ch', password: 'short' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'VALIDATION', field: 'password' });

    const admin = t.client();
    const created = await admin.post('/api/setup', { token, name: ' Marco ', email: 'Marco@Example.ch', password: 'rustico-2026' });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ name: 'Marco', email: 'marco@example.ch', role: 'superadmin' });
    expect((await admin.get('/api/session')).body.user.role).toBe('superadmin');

    const again = await t.client().post('/api/setup', { token, name: 'Eve', email: 'eve@example.ch', password: 'rustico-2026' });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('SETUP_UNAVAILABLE');
    expect((await t.client().get(`/api/setup/${token}`)).body).toEqual({ available: false });
    expect(await prepareSetupToken(t.ctx)).toBeNull();
  });

  it('refuses a made-up token', async () => {
    const response = await t.client().post('/api/setup', { token: 'guess', name: 'Eve', email: 'eve@example.ch', password: 'rustico-2026' });
    expect(response.status).toBe(410);
  });
});
