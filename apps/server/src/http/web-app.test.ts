import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PublicConfig } from '@rustico/core';
import { createContext } from '../context.ts';
import { createUser } from '../users/service.ts';
import { carryAnswers } from './page-data.ts';
import { readRoutePreloads, renderIndexHtml } from './web-app.ts';

const INDEX = '<!doctype html><html lang="it"><head><meta name="rustico-config" content=""><script type="module" src="/assets/app-abc123.js"></script></head><body></body></html>';

describe('serving the built web app', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let silentProvider: http.Server;
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
            wholeCatalog: true,
            js: ['/assets/home-page-6.js'],
            css: [],
            session: true,
            image: { type: 'image/avif', srcset: '/images/hero-640.avif 640w', sizes: '100vw' },
            data: ['/api/notices', '/api/turns'],
          },
          {
            path: '/app/calendario',
            wholeCatalog: true,
            js: ['/assets/shell-1.js', '/assets/calendar-page-2.js'],
            css: ['/assets/calendar-page-3.css'],
            session: true,
            data: ['/api/bookings?from={monthGridStart}&to={monthGridEnd}', '/api/quota?year={monthYear}&memberId={memberId}', '/api/turns'],
          },
          {
            path: '/app/tutorial/:tutorialId',
            wholeCatalog: true,
            js: ['/assets/tutorial-page-4.js'],
            css: [],
            session: true,
            data: ['/api/admin/statistics?year=2026', '/api/weather'],
          },
          { path: '/visitatore', js: ['/assets/visitor-page-5.js'], css: [], session: false },
        ],
        locales: { it: '/assets/it-9.js', de: '/assets/de-7.js', en: '/assets/en-8.js', fr: '/assets/fr-6.js' },
      }),
    );
    database = await createTestDatabase('sqlite');
    // A weather provider that takes its time: the page must not wait for it.
    silentProvider = http.createServer((_request, response) => {
      setTimeout(() => response.end(), 3_000).unref();
    });
    await new Promise<void>((resolve) => silentProvider.listen(0, '127.0.0.1', resolve));
    const providerUrl = `http://127.0.0.1:${(silentProvider.address() as AddressInfo).port}`;
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      WEB_DIST_DIR: dist,
      EMAIL_DOMAIN: 'famiglia.ch',
      HOUSE_NAME: 'Casa "Sasso" <Blenio>',
      OPEN_METEO_URL: providerUrl,
      OPENWEATHERMAP_URL: providerUrl,
    });
    const ctx = await createContext(config, database.db, { now: () => clock });
    await createUser(ctx, { email: 'ursula@famiglia.ch', name: 'Ursula', password: 'correct horse battery', role: 'member' });
    await ctx.db.updateTable('users').set({ language: 'de' }).where('email', '=', 'ursula@famiglia.ch').execute();
    await createUser(ctx, { email: 'luca@famiglia.ch', name: 'Luca', password: 'correct horse battery', role: 'member' });
    await ctx.db.updateTable('users').set({ language: 'it' }).where('email', '=', 'luca@famiglia.ch').execute();
    app = await buildApp(ctx, { serveWeb: true });
  });
  afterAll(async () => {
    await app.close();
    silentProvider.closeAllConnections();
    silentProvider.close();
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
    // The scripts first: they are the largest, and the screen can do nothing before them.
    expect(links(await page('/app/calendario'))).toEqual(['/assets/shell-1.js', '/assets/calendar-page-2.js', '/assets/calendar-page-3.css', '/api/session']);
    // Applied from the start, as the app would add it (with crossorigin: the app's own check finds it and adds none).
    expect(await page('/app/calendario')).toContain('<link rel="stylesheet" crossorigin href="/assets/calendar-page-3.css">');
    expect(await page('/app/calendario?mese=2027-01')).toContain('<link rel="modulepreload" crossorigin href="/assets/calendar-page-2.js">');
    expect(await page('/app/calendario')).toContain('<link rel="preload" href="/api/session" as="fetch" crossorigin>');
    expect(links(await page('/app/tutorial/casa'))).toEqual(['/assets/tutorial-page-4.js', '/api/session']);
    expect(links(await page('/visitatore'))).toEqual(['/assets/visitor-page-5.js']);
    expect(links(await page('/'))).toEqual(['/api/session']);
    // Paths the router has no screen for get the plain page (the 404 comes with the entry).
    for (const url of ['/app/calendario/altro', '/app/tutorial', '/qualcosa']) expect(links(await page(url)), url).toEqual([]);
    // Home's picture, the largest thing it paints.
    expect(await page('/app')).toContain('<link rel="preload" as="image" type="image/avif" imagesrcset="/images/hero-640.avif 640w" imagesizes="100vw" fetchpriority="high">');
  });

  it("preloads the catalog of the browser's language when it is German, English or French", async () => {
    const localeLinks = async (acceptLanguage: string) =>
      [...(await app.inject({ url: '/visitatore', headers: { 'accept-language': acceptLanguage } })).body.matchAll(/href="(\/assets\/(?:it|de|en|fr)-\d\.js)"/g)].map((match) => match[1]);
    expect(await localeLinks('de-CH,de;q=0.9,en;q=0.8')).toEqual(['/assets/de-7.js']);
    expect(await localeLinks('fr-CH, fr;q=0.9, en;q=0.5')).toEqual(['/assets/fr-6.js']);
    expect(await localeLinks('fr-FR')).toEqual(['/assets/fr-6.js']);
    expect(await localeLinks('rm-CH, en;q=0.5, it;q=0.9')).toEqual([]);
    expect(await localeLinks('rm-CH, en;q=0.5')).toEqual(['/assets/en-8.js']);
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
        catalogs: [...body.matchAll(/href="\/assets\/(it|de|en|fr)-\d\.js"/g)].map((match) => match[1]),
        vary: sent.vary,
      };
    };
    const ursula = await sessionOf('ursula@famiglia.ch');
    const luca = await sessionOf('luca@famiglia.ch');
    expect(await page('/app/calendario', ursula, 'en-US,en;q=0.9')).toEqual({ meta: 'de', catalogs: ['de'], vary: 'Accept-Language, Cookie' });
    // The app's whole Italian catalog, though the phone asks for English; the English one is not named.
    expect(await page('/app', luca, 'en-US')).toMatchObject({ meta: 'it', catalogs: ['it'] });
    expect(await page('/app', luca, 'fr-CH')).toMatchObject({ meta: 'it', catalogs: ['it'] });
    // A French browser before anyone chose: the French catalog, on /login's way too.
    expect(await page('/app', null, 'fr-CH,fr;q=0.9')).toMatchObject({ meta: null, catalogs: ['fr'] });
    // No session, or one that is not (any more): the browser's language, and nothing named.
    expect(await page('/app', null, 'en-US')).toMatchObject({ meta: null, catalogs: ['en'] });
    // Sent to /login, whose Italian is built into the entry.
    expect(await page('/app', null, 'it-CH')).toMatchObject({ meta: null, catalogs: [] });
    expect(await page('/app', 'not-a-session', 'en-US')).toMatchObject({ meta: null, catalogs: ['en'] });
    // Pages that never ask for the session do not look it up.
    expect(await page('/visitatore', ursula, 'en-US')).toMatchObject({ meta: null, catalogs: ['en'] });
  });

  /** The answers a page carries (address → answer) and the ones it only preloads. */
  const pageData = async (url: string, cookie: string | null) => {
    const { body, headers } = await app.inject({ url, headers: cookie ? { cookie: `rustico_session=${cookie}` } : {} });
    const json = /<script type="application\/json" id="rustico-answers">(.*?)<\/script>/.exec(body)?.[1];
    return {
      carried: json ? (JSON.parse(json) as Record<string, unknown>) : {},
      preloaded: [...body.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin>/g)].map((match) => match[1]!.replaceAll('&amp;', '&')),
      cacheControl: headers['cache-control'],
    };
  };
  const signIn = async (email: string) => {
    const login = await app.inject({ method: 'POST', url: '/api/session', payload: { email, password: 'correct horse battery' } });
    return login.cookies.find((cookie) => cookie.name === 'rustico_session')!.value;
  };

  it("carries in a member's page the session and the answers the screen first waits for; without a session only the session is preloaded", async () => {
    const luca = await signIn('luca@famiglia.ch');
    const home = await pageData('/app', luca);
    const asked = async (url: string) => (await app.inject({ url, headers: { cookie: `rustico_session=${luca}` } })).json();
    expect(home.carried).toEqual({ '/api/session': await asked('/api/session'), '/api/notices': await asked('/api/notices'), '/api/turns': await asked('/api/turns') });
    expect(home.carried['/api/session']).toMatchObject({ user: { email: 'luca@famiglia.ch' } });
    expect(home.preloaded).toEqual([]);
    // The member's own data: no shared cache may keep the page.
    expect(home.cacheControl).toBe('private, no-cache');
    for (const cookie of [null, 'not-a-session']) {
      expect(await pageData('/app', cookie)).toEqual({ carried: {}, preloaded: ['/api/session'], cacheControl: 'no-cache' });
    }
    expect(await pageData('/visitatore', luca)).toEqual({ carried: {}, preloaded: [], cacheControl: 'no-cache' });
  });

  it('sends on the session cookie the API renewed while answering for the page, as its own request would have got it', async () => {
    const luca = await signIn('luca@famiglia.ch');
    const page = async () => app.inject({ url: '/app', headers: { cookie: `rustico_session=${luca}` } });
    expect((await page()).headers['set-cookie']).toBeUndefined();
    // Two hours on, the first request slides the session forward.
    clock = new Date('2026-07-01T12:00:00Z');
    const renewed = (await page()).cookies.filter((cookie) => cookie.name === 'rustico_session');
    expect(renewed.length).toBeGreaterThan(0);
    for (const cookie of renewed) {
      expect(cookie.value).toBe(luca);
      expect(cookie.expires!.getTime()).toBeGreaterThan(new Date('2026-07-20T12:00:00Z').getTime());
    }
    // Behind HTTPS the renewed cookie is Secure, as the page's own request would have made it.
    clock = new Date('2026-07-01T14:00:00Z');
    const overHttps = { protocol: 'https', headers: { cookie: `rustico_session=${luca}` } } as unknown as FastifyRequest;
    const { cookies } = await carryAnswers(app, overHttps, ['/api/session']);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/^rustico_session=[^;]+;.*; Secure$/);
    clock = new Date('2026-07-01T10:00:00Z');
  });

  it('preloads instead an answer that is not a 200 or not there in time, and does not wait for it', async () => {
    // Luca is no admin: the statistics are refused. The weather provider never answers.
    const luca = await signIn('luca@famiglia.ch');
    const started = Date.now();
    const tutorial = await pageData('/app/tutorial/casa', luca);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(Object.keys(tutorial.carried)).toEqual(['/api/session']);
    expect(tutorial.preloaded).toEqual(['/api/admin/statistics?year=2026', '/api/weather']);
  });

  it('writes the answers so that no text in them ends the script element', async () => {
    const name = 'Luca </script><script>alert(1)</script><!--';
    await database.db.updateTable('users').set({ name }).where('email', '=', 'luca@famiglia.ch').execute();
    const luca = await signIn('luca@famiglia.ch');
    const { body } = await app.inject({ url: '/app', headers: { cookie: `rustico_session=${luca}` } });
    expect(body).not.toContain('<script>alert');
    expect(body).not.toContain('<!--');
    expect((await pageData('/app', luca)).carried['/api/session']).toMatchObject({ user: { name } });
    await database.db.updateTable('users').set({ name: 'Luca' }).where('email', '=', 'luca@famiglia.ch').execute();
  });

  it("fills in the member and the calendar's month in the addresses it carries: the month of the address, else the house's", async () => {
    const addresses = async (url: string, cookie: string) => {
      const { carried, preloaded } = await pageData(url, cookie);
      return [...Object.keys(carried), ...preloaded];
    };
    const idOf = async (email: string) => (await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const [luca, ursula] = [await signIn('luca@famiglia.ch'), await signIn('ursula@famiglia.ch')];
    const [lucaId, ursulaId] = [await idOf('luca@famiglia.ch'), await idOf('ursula@famiglia.ch')];
    // 1 July 2026 is a Wednesday: the grid runs from Monday 29 June for six weeks.
    expect(await addresses('/app/calendario', luca)).toEqual([
      '/api/session',
      '/api/bookings?from=2026-06-29&to=2026-08-09',
      `/api/quota?year=2026&memberId=${lucaId}`,
      '/api/turns',
    ]);
    expect(await addresses('/app/calendario', ursula)).toContain(`/api/quota?year=2026&memberId=${ursulaId}`);
    expect(await addresses('/app/calendario?mese=2027-01', luca)).toEqual([
      '/api/session',
      '/api/bookings?from=2026-12-28&to=2027-02-07',
      `/api/quota?year=2027&memberId=${lucaId}`,
      '/api/turns',
    ]);
    expect(await addresses('/app/calendario?mese=2027-13', luca)).toContain('/api/bookings?from=2026-06-29&to=2026-08-09');
    // 31 July, 23:30 in Corzoneso (21:30 UTC): still the house's July; an hour later its August.
    clock = new Date('2026-07-31T21:30:00Z');
    const later = await signIn('luca@famiglia.ch');
    expect(await addresses('/app/calendario', later)).toContain('/api/bookings?from=2026-06-29&to=2026-08-09');
    clock = new Date('2026-07-31T22:30:00Z');
    expect(await addresses('/app/calendario', later)).toContain('/api/bookings?from=2026-07-27&to=2026-09-06');
    clock = new Date('2026-07-01T10:00:00Z');
  });

  it('refuses at startup a build whose preloaded address names something the server does not fill', () => {
    const older = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-dist-'));
    const route = { path: '/app', js: [], css: [], session: true, data: ['/api/quota?year={year}'] };
    fs.writeFileSync(path.join(older, 'route-preloads.json'), JSON.stringify({ routes: [route] }));
    expect(() => readRoutePreloads(older)).toThrow(/the server fills only \{memberId\}, \{monthYear\}, \{monthGridStart\}, \{monthGridEnd\}/);
    fs.rmSync(older, { recursive: true, force: true });
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
    const html = renderIndexHtml(INDEX, { houseName: '"><script>alert(1)</script>', emailDomain: null, houseTimeZone: 'Europe/Zurich', version: '1', mailEnabled: false, passkeyOrigin: null });
    expect(html).not.toContain('<script>alert');
  });
});
