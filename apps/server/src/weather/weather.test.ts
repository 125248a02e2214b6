import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MINUTE, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

/** A stand-in for OpenWeatherMap and Open-Meteo on loopback, counting the calls it gets. */
function fakeProviders() {
  const state = { calls: [] as string[], status: 200, delayMs: 0, owmIcon: '13d', owmTemp: -3.4, wmoCode: 3, isDay: 1, temp: 4.2 };
  const server = http.createServer((request, response) => {
    state.calls.push(request.url!);
    setTimeout(() => {
      if (state.status !== 200) {
        response.writeHead(state.status).end('{"cod":500}');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      if (request.url!.startsWith('/data/2.5/weather')) {
        response.end(JSON.stringify({ weather: [{ id: 600, main: 'Snow', description: 'light snow', icon: state.owmIcon }], main: { temp: state.owmTemp } }));
      } else {
        response.end(JSON.stringify({ current: { time: '2026-11-21T10:00', temperature_2m: state.temp, weather_code: state.wmoCode, is_day: state.isDay } }));
      }
    }, state.delayMs);
  });
  return {
    state,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    reset: () => Object.assign(state, { calls: [], status: 200, delayMs: 0 }),
  };
}

describe('weather at the house', () => {
  const fake = fakeProviders();
  let url: string;
  beforeAll(async () => {
    url = await fake.start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  describe('with an OpenWeatherMap key', () => {
    let t: TestApp;
    let member: TestClient;
    beforeAll(async () => {
      t = await startTestApp('sqlite', { OPENWEATHERMAP_API_KEY: 'secret-key', OPENWEATHERMAP_URL: url, OPEN_METEO_URL: url });
      member = await t.login('member');
    });
    afterAll(() => t.close());

    it("maps main/icon/temp, asks in metric units at the house's coordinates, and never shows the key", async () => {
      const response = await member.get('/api/weather');
      expect(response.status).toBe(200);
      expect(response.body.weather).toMatchObject({ condition: 'snow', temperatureC: -3.4, isDay: true, stale: false });
      expect(JSON.stringify(response.body)).not.toContain('secret-key');
      const call = new URL(fake.state.calls[0]!, url);
      expect(call.pathname).toBe('/data/2.5/weather');
      expect(Object.fromEntries(call.searchParams)).toEqual({ lat: '46.4463', lon: '8.9344', units: 'metric', appid: 'secret-key' });
    });

    it('asks the provider once for many requests within 10 minutes', async () => {
      t.clock.advance(11 * MINUTE);
      const others = await Promise.all([t.login('member'), t.login('admin')]);
      const responses = await Promise.all([member, ...others, member, member].map((client) => client.get('/api/weather')));
      expect(responses.every((r) => r.status === 200)).toBe(true);
      t.clock.advance(9 * MINUTE);
      await member.get('/api/weather');
      expect(fake.state.calls).toHaveLength(1);
      t.clock.advance(2 * MINUTE);
      await member.get('/api/weather');
      expect(fake.state.calls).toHaveLength(2);
    });

    it('keeps showing the last good value, marked stale, when the provider fails', async () => {
      t.clock.advance(11 * MINUTE);
      fake.state.status = 500;
      const response = await member.get('/api/weather');
      expect(response.status).toBe(200);
      expect(response.body.weather).toMatchObject({ condition: 'snow', stale: true });
    });

    it('is for members only', async () => {
      expect((await t.client().get('/api/weather')).status).toBe(401);
    });
  });

  describe('without a key (Open-Meteo)', () => {
    let t: TestApp;
    let member: TestClient;
    beforeAll(async () => {
      t = await startTestApp('sqlite', { OPENWEATHERMAP_URL: url, OPEN_METEO_URL: url });
      member = await t.login('member');
    });
    afterAll(() => t.close());

    it('answers 503 WEATHER_UNAVAILABLE when the provider fails and nothing is cached', async () => {
      fake.state.status = 502;
      const response = await member.get('/api/weather');
      expect({ status: response.status, code: response.body.error.code }).toEqual({ status: 503, code: 'WEATHER_UNAVAILABLE' });
    });

    it('gives up after 5 seconds on a provider that does not answer', async () => {
      fake.state.delayMs = 6000;
      const started = Date.now();
      const response = await member.get('/api/weather');
      expect(response.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(5900);
    });

    it("maps Open-Meteo's current weather code, temperature and day flag", async () => {
      t.clock.advance(11 * MINUTE);
      const response = await member.get('/api/weather');
      expect(response.body.weather).toMatchObject({ condition: 'broken clouds', temperatureC: 4.2, isDay: true, stale: false });
      const call = new URL(fake.state.calls.at(-1)!, url);
      expect(call.pathname).toBe('/v1/forecast');
      expect(call.searchParams.get('current')).toBe('temperature_2m,weather_code,is_day');
    });
  });
});
