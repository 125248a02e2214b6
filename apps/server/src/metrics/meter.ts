import type { Counter, Histogram, Registry } from 'prom-client';

/** A number read when Prometheus scrapes (the database's size, the last backup's age); null: unknown, not reported. */
export type Reading = () => Promise<number | null> | number | null;

export type DeliveryResult = 'sent' | 'retry' | 'failed' | 'skipped' | 'undeliverable' | 'merged';

/**
 * What /metrics reports, counted in this process. prom-client is loaded only when METRICS_TOKEN
 * is set (Meter.create): a house without monitoring pays nothing, and every recording is then a
 * call that does nothing. Counters are per process, as Prometheus expects: with several server
 * processes, scrape each one and sum in the query.
 */
export class Meter {
  private constructor(
    private readonly parts: {
      registry: Registry;
      requests: Counter<'method' | 'route' | 'status'>;
      latency: Histogram<'method' | 'route'>;
      deliveries: Counter<'kind' | 'result'>;
      mails: Counter<'result'>;
    } | null,
  ) {}

  /** A meter that records nothing (no METRICS_TOKEN). */
  static off(): Meter {
    return new Meter(null);
  }

  /** A meter of its own registry (so test apps in one process never mix their counts). */
  static async create(enabled: boolean): Promise<Meter> {
    if (!enabled) return Meter.off();
    const client = await import('prom-client');
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry, prefix: 'rustico_' });
    const requests = new client.Counter({
      name: 'rustico_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern (not the address asked) and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const latency = new client.Histogram({
      name: 'rustico_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern (live streams not counted)',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const deliveries = new client.Counter({
      name: 'rustico_deliveries_total',
      help: 'Messages to members that this process tried: reminders, merged notices of bookings and notes, fair-booking notices, by kind and result',
      labelNames: ['kind', 'result'] as const,
      registers: [registry],
    });
    const mails = new client.Counter({
      name: 'rustico_mails_total',
      help: 'Emails this process handed to the SMTP server, by result (sent: accepted, failed: refused or unreachable)',
      labelNames: ['result'] as const,
      registers: [registry],
    });
    for (const result of ['sent', 'failed']) mails.inc({ result }, 0);
    return new Meter({ registry, requests, latency, deliveries, mails });
  }

  get enabled(): boolean {
    return this.parts !== null;
  }

  request(method: string, route: string, status: number, seconds: number | null): void {
    if (!this.parts) return;
    this.parts.requests.inc({ method, route, status: String(status) });
    if (seconds !== null) this.parts.latency.observe({ method, route }, seconds);
  }

  delivery(kind: string, result: DeliveryResult): void {
    this.parts?.deliveries.inc({ kind, result });
  }

  mail(result: 'sent' | 'failed'): void {
    this.parts?.mails.inc({ result });
  }

  /** A gauge whose value is read at each scrape. */
  async gauge(name: string, help: string, read: Reading): Promise<void> {
    if (!this.parts) return;
    const { Gauge } = await import('prom-client');
    new Gauge({
      name,
      help,
      registers: [this.parts.registry],
      async collect() {
        const value = await read();
        if (value === null) this.reset();
        else this.set(value);
      },
    });
  }

  /** The Prometheus text format of everything recorded. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    if (!this.parts) throw new Error('metrics are off');
    return { contentType: this.parts.registry.contentType, text: await this.parts.registry.metrics() };
  }
}
