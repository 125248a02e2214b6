import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

/**
 * What an attacker (or a phone) can upload as a profile photo. The figures
 * (memory, time) are printed for docs/reliability-17a.md.
 */
const fixture = fs.readFileSync(path.join(import.meta.dirname, '../test/fixtures/photo.heic'));

/** The iPhone fixture with its declared size (the `ispe` boxes) raised: a few KB claiming gigabytes. */
function heicBomb(size: number): Buffer {
  const bomb = Buffer.from(fixture);
  for (let at = bomb.indexOf('ispe'); at >= 0; at = bomb.indexOf('ispe', at + 1)) {
    bomb.writeUInt32BE(size, at + 8);
    bomb.writeUInt32BE(size, at + 12);
  }
  return bomb;
}

/** A small PNG whose header claims width × height (with a valid checksum). */
async function pngBomb(size: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer());
  png.writeUInt32BE(size, 16);
  png.writeUInt32BE(size, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

async function jpegBomb(size: number): Promise<Buffer> {
  const jpeg = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).jpeg().toBuffer());
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(size, sof + 5);
  jpeg.writeUInt16BE(size, sof + 7);
  return jpeg;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

describe('uploads', () => {
  let t: TestApp;
  let anna: TestClient;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { WRITE_LIMIT_PER_MINUTE: '100000' });
    anna = await t.login('member');
  });
  afterAll(() => t.close());

  const upload = (data: Buffer | string, type: string) => anna.request('PUT', '/api/profile/photo', (typeof data === 'string' ? data : new Uint8Array(data)) as unknown as string, { 'content-type': type });

  it('removes EXIF and the GPS position', async () => {
    const camera = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a5a2b' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Rustico', Model: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 26/1 4679/100' } })
      .toBuffer();
    expect(exifReader((await sharp(camera).metadata()).exif!).GPSInfo?.GPSLatitude).toBeDefined();
    const uploaded = await upload(camera, 'image/jpeg');
    const stored = Buffer.from(await (await fetch(`${t.url}${uploaded.body.user.photoUrl}`, { headers: { cookie: anna.cookie! } })).arrayBuffer());
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from('SpyCam'))).toBe(false);
  });

  it('refuses oversized pictures and HEIC bombs from their header, with bounded memory, the server answering meanwhile', async () => {
    const bombs: [string, Buffer, string][] = [
      ['HEIC 16000×16000', heicBomb(16_000), 'image/heic'],
      ['HEIC 11000×11000', heicBomb(11_000), 'image/heic'],
      ['PNG 30000×30000', await pngBomb(30_000), 'image/png'],
      ['JPEG 15000×15000', await jpegBomb(15_000), 'image/jpeg'],
    ];
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    let slowestHealth = 0;
    const health = (async () => {
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        await t.client().get('/api/health');
        slowestHealth = Math.max(slowestHealth, performance.now() - started);
      }
    })();
    // Four of each at once, as the attack did.
    const answers = await Promise.all(bombs.flatMap(([name, data, type]) => Array.from({ length: 4 }, async () => ({ name, response: await upload(data, type) }))));
    await health;
    clearInterval(sampler);
    for (const { name, response } of answers) {
      expect({ name, status: response.status, code: response.body.error?.code }).toEqual({ name, status: 400, code: 'PHOTO_TOO_LARGE' });
    }
    const growth = mb(peak - before);
    console.info(`[uploads] 16 bombs (${bombs.map(([n, d]) => `${n} in ${Math.ceil(d.length / 1024)} KB`).join(', ')}), 4 of each at once: all 400 PHOTO_TOO_LARGE, RSS +${growth} MB, slowest /api/health ${Math.round(slowestHealth)} ms`);
    expect(growth).toBeLessThan(150);
    expect(slowestHealth).toBeLessThan(2000);
  });

  it('still reads a real HEIC, decoded in a worker', async () => {
    const response = await upload(fixture, 'image/heic');
    expect(response.status).toBe(200);
  });

  it('refuses SVG, however it is declared, and script polyglots', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    for (const type of ['image/svg+xml', 'image/png', 'image/jpeg']) {
      const response = await upload(svg, type);
      expect({ type, status: response.status, code: response.body.error.code }).toEqual({ type, status: 400, code: 'PHOTO_INVALID' });
    }
    // A GIF header in front of a script (GIFAR-style), and HTML with a PNG signature.
    const gifScript = Buffer.concat([Buffer.from('GIF89a/*'), Buffer.from('*/=alert(document.cookie);<script>alert(1)</script>')]);
    const pngHtml = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><script>alert(1)</script></html>')]);
    for (const [name, data] of [['GIF+script', gifScript], ['PNG+HTML', pngHtml]] as const) {
      const response = await upload(data, 'image/gif');
      expect({ name, status: response.status, code: response.body.error.code }).toEqual({ name, status: 400, code: 'PHOTO_INVALID' });
    }
  });

  it('keeps nothing but the re-encoded picture of a real image with a script appended', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from('<script>alert(document.cookie)</script>')]);
    const response = await upload(polyglot, 'image/jpeg');
    expect(response.status).toBe(200);
    const served = await fetch(`${t.url}${response.body.user.photoUrl}`, { headers: { cookie: anna.cookie! } });
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).includes(Buffer.from('<script>'))).toBe(false);
  });

  it('answers a 50 MB upload with 413 before its body is read', async () => {
    const url = new URL(`${t.url}/api/profile/photo`);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    let sent = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'PUT', headers: { 'content-type': 'image/jpeg', 'content-length': String(50 * 1024 * 1024), cookie: anna.cookie! } },
        (response) => {
          response.resume();
          resolve(response.statusCode!);
          request.destroy();
        },
      );
      request.on('error', (error) => (sent > 0 ? undefined : reject(error)));
      // Only the first 64 KB are ever sent: the answer must come without the rest.
      request.write(Buffer.alloc(64 * 1024), () => (sent += 64 * 1024));
    });
    const elapsed = Math.round(performance.now() - started);
    console.info(`[uploads] 50 MB declared, 64 KB sent: ${status} after ${elapsed} ms, RSS +${mb(process.memoryUsage().rss - before)} MB`);
    expect(status).toBe(413);
  });
});
