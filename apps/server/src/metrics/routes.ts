import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Reading } from './meter.ts';

export interface GaugeSpec {
  name: string;
  help: string;
  read: Reading;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time: the digests have one length whatever was sent. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/** Requests that never end by design: counted, but kept out of the latency histogram. */
const isStream = (type: unknown) => typeof type === 'string' && type.startsWith('text/event-stream');

/**
 * `GET /metrics` in Prometheus's text format, only with METRICS_TOKEN set (else 404, as if it did
 * not exist) and only to a request carrying it as a bearer token (401): behind a reverse proxy
 * every request comes from loopback, so the address proves nothing. Counts every request answered
 * by its route pattern (`/api/bookings/:id`, never the address asked, which would make a series
 * per booking), `(unmatched)` for a 404 of no route.
 */
export async function registerMetrics(app: FastifyInstance, ctx: AppContext, gauges: GaugeSpec[]): Promise<void> {
  const { metrics } = ctx;
  const token = ctx.config.metricsToken;
  if (!metrics.enabled || token === null) return;
  for (const gauge of gauges) await metrics.gauge(gauge.name, gauge.help, gauge.read);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? '(unmatched)';
    if (route === '/metrics') return;
    const seconds = isStream(reply.getHeader('content-type')) ? null : reply.elapsedTime / 1000;
    metrics.request(request.method, route, reply.statusCode, seconds);
  });
  app.get('/metrics', { schema: { hide: true }, config: { withoutSession: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ error: { code: 'UNAUTHENTICATED', message: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>' } });
    }
    const { contentType, text } = await metrics.exposition();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  });
}
