import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local Open-Meteo that always answers, so that /api/weather is a 200 in the suites. */
export async function startWeatherStandIn(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ current: { time: '2026-11-21T10:00', temperature_2m: 7.5, weather_code: 3, is_day: 1 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
