import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@rustico/core';
import { createContext } from '../context.ts';
import { createUser } from '../users/service.ts';
import { renderIndexHtml } from './web-app.ts';

const INDEX = '<!doctype html><html lang="it"><head><meta name="rustico-config" content=""><script type="module" src="/assets/app-abc123.js"></script></head><body></body></html>';

describe('serving the built web app', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let clock = new Date('2026-07-01T10:00:00Z');
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    const js = `console.log(${JSON.stringify('x'.repeat(2000))});`;
    fs.writeFileSync(path.join(dist, 'assets/app-abc123.js'), js);
    fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({
        routes: [
          { path: '/', js: [], css: [], session: true },
          {
            path: '/app',
            js: ['/assets/home-page-6.js'],
            css: [],
            session: true,
            image: { type: 'image/avif', srcset: '/images/hero-640.avif 640w', sizes: '100vw' },
            data: ['/api/notices', '/api/turns'],
          },
          { path: '/app/calendario', js: ['/assets/shell-1.js', '/assets/calendar-page-2.js'], css: ['/assets/calendar-page-3.css'], session: true },
          { path: '/app/tutorial/:tutorialId', js: ['/assets/tutorial-page-4.js'], css: [], session: true },
          { path: '/visitatore', js: ['/assets/visitor-page-5.js'], css: [], session: false },
        ],
        locales: { de: '/assets/de-7.js', en: '/assets/en-8.js' },
      }),
    );
    database = await createTestDatabase('sqlite');
    const config = loadConfig({ DATA_DIR: database.dataDir, WEB_DIST_DIR: dist, EMAIL_DOMAIN: 'famiglia.ch', HOUSE_NAME: 'Casa "Sasso" <Blenio>' });
    const ctx = await createContext(config, database.db, { now: () => clock });
    await createUser(ctx, { email: 'ursula@famiglia.ch', name: 'Ursula', password: 'correct horse battery', role: 'member' });
    await ctx.db.updateTable('users').set({ language: 'de' }).where('email', '=', 'ursula@famiglia.ch').execute();
    await createUser(ctx, { email: 'luca@famiglia.ch', name: 'Luca', password: 'correct horse battery', role: 'member' });
    await ctx.db.updateTable('users').set({ language: 'it' }).where('email', '=', 'luca@famiglia.ch').execute();
    app = await buildApp(ctx, { serveWeb: true });
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

  it("gives the page the house zone's offset until its clocks next change, and a new one after", async () => {
    const spanOf = async (url: string) => {
      const content = /<meta name="rustico-config" content="([^"]*)">/.exec((await app.inject({ url })).body)![1]!;
      return (JSON.parse(content.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')) as PublicConfig).houseZoneSpan;
    };
    expect(await spanOf('/app/calendario')).toEqual({ offsetMinutes: 120, from: '2026-03-29T01:00:00.000Z', until: '2026-10-25T01:00:00.000Z' });
    clock = new Date('2026-10-25T01:00:00Z');
    expect(await spanOf('/app/calendario')).toEqual({ offsetMinutes: 60, from: '2026-10-25T01:00:00.000Z', until: '2027-03-28T01:00:00.000Z' });
    expect(await spanOf('/login')).toMatchObject({ offsetMinutes: 60 });
    clock = new Date('2026-07-01T10:00:00Z');
  });

  it("names a screen's chunks, its style sheets and the session request in the page sent for it", async () => {
    const page = async (url: string) => (await app.inject({ url })).body;
    const links = (html: string) => [...html.matchAll(/<link rel="(?:modulepreload|preload|stylesheet)"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
    expect(links(await page('/app/calendario'))).toEqual(['/api/session', '/assets/shell-1.js', '/assets/calendar-page-2.js', '/assets/calendar-page-3.css']);
    // Applied from the start, as the app would add it (with crossorigin: the app's own check finds it and adds none).
    expect(await page('/app/calendario')).toContain('<link rel="stylesheet" crossorigin href="/assets/calendar-page-3.css">');
    expect(await page('/app/calendario?mese=2027-01')).toContain('<link rel="modulepreload" crossorigin href="/assets/calendar-page-2.js">');
    expect(await page('/app/calendario')).toContain('<link rel="preload" href="/api/session" as="fetch" crossorigin>');
    expect(links(await page('/app/tutorial/casa'))).toEqual(['/api/session', '/assets/tutorial-page-4.js']);
    expect(links(await page('/visitatore'))).toEqual(['/assets/visitor-page-5.js']);
    expect(links(await page('/'))).toEqual(['/api/session']);
    // Paths the router has no screen for get the plain page (the 404 comes with the entry).
    for (const url of ['/app/calendario/altro', '/app/tutorial', '/qualcosa']) expect(links(await page(url)), url).toEqual([]);
    // Home's picture, the largest thing it paints.
    expect(await page('/app')).toContain('<link rel="preload" as="image" type="image/avif" imagesrcset="/images/hero-640.avif 640w" imagesizes="100vw" fetchpriority="high">');
  });

  it("preloads the catalog of the browser's language when it is German or English", async () => {
    const localeLinks = async (acceptLanguage: string) =>
      [...(await app.inject({ url: '/visitatore', headers: { 'accept-language': acceptLanguage } })).body.matchAll(/href="(\/assets\/(?:de|en)-\d\.js)"/g)].map((match) => match[1]);
    expect(await localeLinks('de-CH,de;q=0.9,en;q=0.8')).toEqual(['/assets/de-7.js']);
    expect(await localeLinks('fr-CH, en;q=0.5, it;q=0.9')).toEqual([]);
    expect(await localeLinks('fr-CH, en;q=0.5')).toEqual(['/assets/en-8.js']);
    expect(await localeLinks('it-CH')).toEqual([]);
    expect(await localeLinks('')).toEqual([]);
    expect((await app.inject({ url: '/visitatore' })).headers.vary).toBe('Accept-Language, Cookie');
  });

  it("speaks a logged-in member's language from the first paint, whatever the browser asks for", async () => {
    const sessionOf = async (email: string) => {
      const login = await app.inject({ method: 'POST', url: '/api/session', payload: { email, password: 'correct horse battery' }});
      expect(login.statusCode, login.body).toBe(200);
      return login.cookies.find((cookie) => cookie.name === 'rustico_session')!.value;
    };
    const page = async (url: string, cookie: string | null, acceptLanguage: string) => {
      const headers = { 'accept-language': acceptLanguage, ...(cookie ? { cookie: `rustico_session=${cookie}` } : {}) };
      const { body, headers: sent } = await app.inject({ url, headers });
      return {
        meta: /<meta name="rustico-language" content="(\w+)">/.exec(body)?.[1] ?? null,
        catalogs: [...body.matchAll(/href="\/assets\/(de|en)-\d\.js"/g)].map((match) => match[1]),
        vary: sent.vary,
      };
    };
    const ursula = await sessionOf('ursula@famiglia.ch');
    const luca = await sessionOf('luca@famiglia.ch');
    expect(await page('/app/calendario', ursula, 'en-US,en;q=0.9')).toEqual({ meta: 'de', catalogs: ['de'], vary: 'Accept-Language, Cookie' });
    // Italian is built in: no catalog to fetch, though the phone asks for English.
    expect(await page('/app', luca, 'en-US')).toMatchObject({ meta: 'it', catalogs: [] });
    // No session, or one that is not (any more): the browser's language, and nothing named.
    expect(await page('/app', null, 'en-US')).toMatchObject({ meta: null, catalogs: ['en'] });
    expect(await page('/app', 'not-a-session', 'en-US')).toMatchObject({ meta: null, catalogs: ['en'] });
    // Pages that never ask for the session do not look it up.
    expect(await page('/visitatore', ursula, 'en-US')).toMatchObject({ meta: null, catalogs: ['en'] });
  });

  it('preloads the answers a screen first waits for, for a member only: without a session the screen goes to /login', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/session', payload: { email: 'luca@famiglia.ch', password: 'correct horse battery' } });
    const luca = login.cookies.find((cookie) => cookie.name === 'rustico_session')!.value;
    const answers = async (url: string, cookie: string | null) =>
      [...(await app.inject({ url, headers: cookie ? { cookie: `rustico_session=${cookie}` } : {} })).body.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin>/g)].map((match) => match[1]);
    expect(await answers('/app', luca)).toEqual(['/api/session', '/api/notices', '/api/turns']);
    expect(await answers('/app', null)).toEqual(['/api/session']);
    expect(await answers('/app', 'not-a-session')).toEqual(['/api/session']);
    expect(await answers('/app/calendario', luca)).toEqual(['/api/session']);
  });

  it("sends the pages helmet's headers, with a CSP that allows no inline script", async () => {
    for (const url of ['/app', '/assets/app-abc123.js']) {
      const response = await app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
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

  it('keeps unknown API paths, missing assets and non-GET requests as JSON 404s', async () => {
    for (const [method, url] of [['GET', '/api/nope'], ['POST', '/qualcosa'], ['GET', '/assets/app-older1.js']] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('escapes the settings so they cannot break out of the attribute', () => {
    const html = renderIndexHtml(INDEX, { houseName: '"><script>alert(1)</script>', emailDomain: null, houseTimeZone: 'Europe/Zurich', version: '1', mailEnabled: false });
    expect(html).not.toContain('<script>alert');
  });
});
