import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import type { FastifyInstance } from 'fastify';
import { createContext } from '../context.ts';
import { renderIndexHtml } from './web-app.ts';

const INDEX = '<!doctype html><html lang="it"><head><meta name="rustico-config" content=""><script type="module" src="/assets/app-abc123.js"></script></head><body></body></html>';

describe('serving the built web app', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    const js = `console.log(${JSON.stringify('x'.repeat(2000))});`;
    fs.writeFileSync(path.join(dist, 'assets/app-abc123.js'), js);
    fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    database = await createTestDatabase('sqlite');
    const config = loadConfig({ DATA_DIR: database.dataDir, WEB_DIST_DIR: dist, EMAIL_DOMAIN: 'famiglia.ch', HOUSE_NAME: 'Casa "Sasso" <Blenio>' });
    app = await buildApp(await createContext(config, database.db), { serveWeb: true });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends index.html with the public settings filled in, for every app route', async () => {
    for (const url of ['/', '/login', '/app/tutorial/casa', '/qualcosa/che/non/esiste', '/index.html']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      const content = /<meta name="rustico-config" content="([^"]*)">/.exec(response.body)![1]!;
      const decoded = content.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
      expect(JSON.parse(decoded)).toMatchObject({ emailDomain: 'famiglia.ch', houseName: 'Casa "Sasso" <Blenio>' });
    }
  });

  it('caches hashed assets for a year, sends brotli when asked, and revalidates the service worker', async () => {
    const asset = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    const sw = await app.inject({ url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown API paths and non-GET requests as JSON 404s', async () => {
    for (const [method, url] of [['GET', '/api/nope'], ['POST', '/qualcosa']] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('escapes the settings so they cannot break out of the attribute', () => {
    const html = renderIndexHtml(INDEX, { houseName: '"><script>alert(1)</script>', emailDomain: null, houseTimeZone: 'Europe/Zurich', version: '1' });
    expect(html).not.toContain('<script>alert');
  });
});
