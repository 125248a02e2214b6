import fs from 'node:fs';
import path from 'node:path';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { MAX_FAILURES_PER_ACCOUNT } from '../auth/service.ts';
import { MINUTE, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

/** A camera JPEG with its GPS position in the EXIF, as phones write them. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8a5a2b' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Rustico', Model: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 26/1 4679/100', GPSLongitudeRef: 'E', GPSLongitude: '8/1 56/1 358/100' },
    })
    .toBuffer();
}

describe.each(testDialects)('my profile (%s)', (dialect) => {
  let t: TestApp;
  let anna: TestClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    anna = await t.login('member');
  });
  afterAll(() => t.close());

  it('changes my name, trimmed, and refuses an empty one', async () => {
    const renamed = await anna.request('PUT', '/api/profile', { name: '  Anna Maria ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.user.name).toBe('Anna Maria');
    expect((await anna.get('/api/session')).body.user.name).toBe('Anna Maria');
    const empty = await anna.request('PUT', '/api/profile', { name: '   ' });
    expect({ status: empty.status, code: empty.body.error.code, field: empty.body.error.field }).toEqual({ status: 400, code: 'NAME_REQUIRED', field: 'name' });
    expect((await anna.get('/api/profile')).body.user.name).toBe('Anna Maria');
  });

  it('keeps my language with me: every new session of mine starts in it', async () => {
    expect((await anna.get('/api/session')).body.user.language).toBeNull();
    const chosen = await anna.request('PUT', '/api/profile/language', { language: 'de' });
    expect({ status: chosen.status, language: chosen.body.user.language }).toEqual({ status: 200, language: 'de' });
    const email = (await anna.get('/api/session')).body.user.email;
    const otherDevice = t.client();
    const login = await otherDevice.post('/api/session', { email, password: 'correct horse battery' });
    expect(login.body.user.language).toBe('de');
    const unknown = await anna.request('PUT', '/api/profile/language', { language: 'rm' });
    expect({ status: unknown.status, code: unknown.body.error.code, field: unknown.body.error.field }).toMatchObject({ status: 400, field: 'language' });
    expect((await otherDevice.get('/api/session')).body.user.language).toBe('de');
    // French is kept as the others are.
    expect((await anna.request('PUT', '/api/profile/language', { language: 'fr' })).body.user.language).toBe('fr');
    expect((await otherDevice.get('/api/session')).body.user.language).toBe('fr');
    expect((await t.client().request('PUT', '/api/profile/language', { language: 'en' })).status).toBe(401);
  });

  it('changes my own password: the other sessions end, this one stays', async () => {
    const phone = await t.login('member', { email: 'pia@example.ch', password: 'castagne-2026' });
    const laptop = t.client();
    expect((await laptop.post('/api/session', { email: 'pia@example.ch', password: 'castagne-2026' })).status).toBe(200);
    const short = await phone.request('PUT', '/api/profile/password', { currentPassword: 'castagne-2026', newPassword: 'corto' });
    expect({ status: short.status, field: short.body.error.field }).toEqual({ status: 400, field: 'newPassword' });
    const changed = await phone.request('PUT', '/api/profile/password', { currentPassword: 'castagne-2026', newPassword: 'polenta-e-funghi' });
    expect(changed.status).toBe(204);
    expect((await phone.get('/api/session')).status).toBe(200);
    expect((await laptop.get('/api/session')).status).toBe(401);
    expect((await t.client().post('/api/session', { email: 'pia@example.ch', password: 'castagne-2026' })).body.error.code).toBe('WRONG_PASSWORD');
    expect((await t.client().post('/api/session', { email: 'pia@example.ch', password: 'polenta-e-funghi' })).status).toBe(200);
  });

  it('refuses a wrong current password with WRONG_PASSWORD, counted toward the login limit', async () => {
    const phone = await t.login('member', { email: 'ugo@example.ch', password: 'castagne-2026' });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      const wrong = await phone.request('PUT', '/api/profile/password', { currentPassword: `guess-${i}`, newPassword: 'polenta-e-funghi' });
      expect({ status: wrong.status, code: wrong.body.error.code, field: wrong.body.error.field }).toEqual({ status: 400, code: 'WRONG_PASSWORD', field: 'currentPassword' });
    }
    // The guesses count like failed logins: the account is locked for logins and for further guesses.
    expect((await t.client().post('/api/session', { email: 'ugo@example.ch', password: 'castagne-2026' })).status).toBe(429);
    expect((await phone.request('PUT', '/api/profile/password', { currentPassword: 'castagne-2026', newPassword: 'polenta-e-funghi' })).status).toBe(429);
    t.clock.advance(16 * MINUTE);
    expect((await t.client().post('/api/session', { email: 'ugo@example.ch', password: 'castagne-2026' })).status).toBe(200);
  });

  it('keeps a photo as a square 512 px WebP without the GPS position', async () => {
    const original = await jpegWithGps();
    expect(exifReader((await sharp(original).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual([46, 26, 46.79]);

    const uploaded = await anna.request('PUT', '/api/profile/photo', new Uint8Array(original) as unknown as string, { 'content-type': 'image/jpeg' });
    expect(uploaded.status).toBe(200);
    const photoUrl: string = uploaded.body.user.photoUrl;
    expect(photoUrl).toMatch(/^\/api\/users\/.+\/photo\?v=/);

    const served = await fetch(`${t.url}${photoUrl}`, { headers: { cookie: anna.cookie! } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toMatch(/private/);
    const stored = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({ format: 'webp', width: 512, height: 512, exif: undefined });
    expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
    // The photo lives in the database, not in the data folder.
    expect(fs.existsSync(path.join(t.ctx.config.dataDir, 'photos'))).toBe(false);
    expect(await t.ctx.db.selectFrom('files').select(['key', 'contentType', 'size']).execute()).toEqual([
      { key: `photos/${photoUrl.split('?v=')[1]}`, contentType: 'image/webp', size: stored.length },
    ]);
    expect((await t.client().get(photoUrl)).status).toBe(401);
  });

  it('refuses a text file named .jpg and a file over 15 MB, keeping the photo it had', async () => {
    const before = (await anna.get('/api/profile')).body.user.photoUrl;
    const fake = await anna.request('PUT', '/api/profile/photo', 'ciao, non sono una foto', { 'content-type': 'image/jpeg' });
    expect({ status: fake.status, code: fake.body.error.code }).toEqual({ status: 400, code: 'PHOTO_INVALID' });
    const svg = await anna.request('PUT', '/api/profile/photo', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', { 'content-type': 'image/svg+xml' });
    expect(svg.body.error.code).toBe('PHOTO_INVALID');
    const huge = await anna.request('PUT', '/api/profile/photo', new Uint8Array(16 * 1024 * 1024) as unknown as string, { 'content-type': 'image/png' });
    expect({ status: huge.status, code: huge.body.error.code }).toEqual({ status: 413, code: 'BODY_TOO_LARGE' });
    const wrongType = await anna.request('PUT', '/api/profile/photo', 'x', { 'content-type': 'text/plain' });
    expect(wrongType.status).toBe(415);
    expect((await anna.get('/api/profile')).body.user.photoUrl).toBe(before);
  });

  it('reads PNG, WebP, GIF and the HEIC an iPhone sends', async () => {
    const base = sharp({ create: { width: 300, height: 200, channels: 3, background: '#3d6b4f' } });
    for (const [type, data] of [
      ['image/png', await base.clone().png().toBuffer()],
      ['image/webp', await base.clone().webp().toBuffer()],
      ['image/gif', await base.clone().gif().toBuffer()],
      ['image/heic', fs.readFileSync(path.join(import.meta.dirname, '../test/fixtures/photo.heic'))],
    ] as const) {
      const response = await anna.request('PUT', '/api/profile/photo', new Uint8Array(data) as unknown as string, { 'content-type': type });
      expect(response.status, type).toBe(200);
    }
    // Each new photo replaces the stored one: the old versions are gone.
    const photoUrl: string = (await anna.get('/api/profile')).body.user.photoUrl;
    expect((await t.ctx.db.selectFrom('files').select('key').execute()).map((f) => f.key)).toEqual([`photos/${photoUrl.split('?v=')[1]}`]);
  });
});
