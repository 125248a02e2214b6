import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { instantOfLocal } from '@rustico/core';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking } from '../bookings/service.ts';
import { runReminders } from '../reminders/service.ts';
import { testDialects } from '../test/databases.ts';
import { startTestMailServer, type TestMailServer } from '../test/mail-server.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { createUser } from '../users/service.ts';
import { bearerMatches } from './routes.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

/** Opens a live stream with the session cookie and resolves once its headers arrived. */
function openStream(url: string, cookie: string): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/api/events`, { headers: { cookie, accept: 'text/event-stream' } }, (response) => {
      expect(response.statusCode).toBe(200);
      response.on('error', () => undefined);
      resolve(request);
    });
    request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

const family = (families: MetricFamily[], name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name} in ${families.map((f) => f.name).join(', ')}`);
  return found;
};
const sample = (f: MetricFamily, labels: Record<string, string>) => f.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

describe('the bearer check', () => {
  it('takes only the exact token, however it is wrong', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const wrong of [undefined, '', 'Bearer', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, TOKEN, `Bearer  ${TOKEN}`]) {
      expect(bearerMatches(wrong, TOKEN), String(wrong)).toBe(false);
    }
  });
});

describe.each(testDialects)('GET /metrics (%s)', (dialect) => {
  let t: TestApp;
  let mail: TestMailServer;

  beforeAll(async () => {
    mail = await startTestMailServer();
    t = await startTestApp(dialect, { METRICS_TOKEN: TOKEN, SMTP_URL: mail.url, PUBLIC_URL: 'https://rustico.example.ch', HOUSE_TIME_ZONE: 'Europe/Zurich' });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  it('is refused without the token or with a wrong one, and answers Prometheus text with it', async () => {
    const client = t.client();
    expect((await client.get('/metrics')).status).toBe(401);
    expect((await client.request('GET', '/metrics', undefined, { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(401);
    const refused = await client.request('GET', '/metrics', undefined, { authorization: `Basic ${TOKEN}` });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);

    const member = await t.login('member');
    const admin = await t.login('admin');
    const annaId = (await member.get('/api/session')).body.user.id as string;
    const stream = await openStream(t.url, member.cookie!);
    // Two bookings asked by id: one series for the route, not one per booking.
    for (const id of [randomUUID(), randomUUID()]) expect((await member.get(`/api/bookings/${id}/history`)).status).toBe(404);
    expect((await member.get('/api/does-not-exist')).status).toBe(404);
    await admin.get('/api/admin/statistics');

    // A reminder by email (sent), and one email the SMTP server refuses (failed, retried later).
    const anna = await createUser(t.ctx, { email: 'anna.metrics@example.ch', name: 'Anna', password: null, role: 'member' });
    for (const [start, end] of [['2027-03-10', '2027-03-12'], ['2027-03-20', '2027-03-22']] as const) {
      await insertBooking(t.ctx.db, { id: randomUUID(), userId: anna.id, purpose: 'personal', costCentimes: 100, checkedIn: 0, checkedOut: 0, paid: 0, createdBy: null, kwhUsed: null, paymentMethod: null, paidAt: null, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z', startDate: start, endDate: end });
    }
    await runReminders(t.ctx, instantOfLocal('2027-03-09T10:00', 'Europe/Zurich')!);
    mail.refuseNext(1);
    await runReminders(t.ctx, instantOfLocal('2027-03-19T10:00', 'Europe/Zurich')!);

    const scraped = await client.request('GET', '/metrics', undefined, { authorization: `Bearer ${TOKEN}` });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheusTextFormat(scraped.body as string);

    const requests = family(families, 'rustico_http_requests_total');
    expect(requests.type).toBe('COUNTER');
    expect(sample(requests, { method: 'GET', route: '/api/bookings/:id/history', status: '404' })?.value).toBe('2');
    expect(sample(requests, { route: '(unmatched)', status: '404' })?.value).toBe('1');
    expect(sample(requests, { method: 'POST', route: '/api/session', status: '200' })?.value).toBe('2');
    expect(sample(requests, { route: '/api/admin/statistics' })).toBeDefined();
    // No address with an id in it, and /metrics does not count itself.
    expect(requests.metrics.filter((m) => /[0-9a-f]{8}-/.test(m.labels?.route ?? '') || m.labels?.route === '/metrics')).toEqual([]);

    const latency = family(families, 'rustico_http_request_duration_seconds');
    expect(latency.type).toBe('HISTOGRAM');
    // The parser folds a histogram's labelled series into one (it keeps only `le`): read one route's series alone, without its labels.
    const oneSeries = (scraped.body as string)
      .split('\n')
      .filter((line) => line.startsWith('# ') ? line.includes('rustico_http_request_duration_seconds ') : line.startsWith('rustico_http_request_duration_seconds') && line.includes('route="/api/bookings/:id/history"'))
      .map((line) => line.replace(/,?method="GET",route="[^"]*"/, '').replace('{}', ''))
      .join('\n');
    const bookingLatency = family(parsePrometheusTextFormat(`${oneSeries}\n`), 'rustico_http_request_duration_seconds').metrics[0]!;
    expect(bookingLatency.count).toBe('2');
    expect(Number(bookingLatency.buckets!['+Inf'])).toBe(2);
    expect(Object.keys(bookingLatency.buckets!)).toContain('0.005');
    expect(Number(bookingLatency.sum)).toBeGreaterThan(0);

    expect(family(families, 'rustico_live_streams').metrics[0]!.value).toBe('1');
    expect(Number(family(families, 'rustico_database_bytes').metrics[0]!.value)).toBeGreaterThan(10_000);
    // No backup yet on SQLite: infinitely old, which any alert on the age catches; on PostgreSQL pg_dump's, not reported.
    if (dialect === 'sqlite') expect(family(families, 'rustico_backup_age_seconds').metrics[0]!.value).toBe('+Inf');
    else expect(families.find((f) => f.name === 'rustico_backup_age_seconds')).toBeUndefined();
    const deliveries = family(families, 'rustico_deliveries_total');
    expect(sample(deliveries, { kind: 'reminders', result: 'sent' })?.value).toBe('1');
    expect(sample(deliveries, { kind: 'reminders', result: 'retry' })?.value).toBe('1');
    const mails = family(families, 'rustico_mails_total');
    expect(sample(mails, { result: 'sent' })?.value).toBe('1');
    expect(sample(mails, { result: 'failed' })?.value).toBe('1');
    // prom-client's process figures come along, under the app's prefix.
    expect(family(families, 'rustico_process_resident_memory_bytes').type).toBe('GAUGE');
    expect(annaId).toBeTruthy();

    stream.destroy();
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no /metrics at all', async () => {
    const t = await startTestApp('sqlite');
    try {
      expect((await t.client().request('GET', '/metrics', undefined, { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
      expect(t.ctx.metrics.enabled).toBe(false);
    } finally {
      await t.close();
    }
  });
});
