import fc from 'fast-check';
import { isBlankText, isIsoDate, noticesReadSchema, normalizeText, stayDatesInRange, staysOverlap, todayIn, tutorialIds } from '@rustico/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDialects } from '../test/databases.ts';
import { startTestApp, type TestClient, type TestApp } from '../test/test-app.ts';
import { createUser } from '../users/service.ts';
import { nthStay } from './authorization-table.ts';
import { startWeatherStandIn } from './weather-stand-in.ts';
import { bodyFor, urlValueFor, type JsonSchema } from './fuzz-arbitraries.ts';

/** At least 5,000 per database in CI; FUZZ_REQUESTS runs more, FUZZ_SEED repeats a run. */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CONCURRENCY = 6;
const PASSWORD = 'fuzz password';
const ACCOUNTS: { email: string; role: 'member' | 'admin' | 'superadmin'; hidden?: boolean }[] = [
  { email: 'member1@fuzz.example.ch', role: 'member' },
  { email: 'member2@fuzz.example.ch', role: 'member' },
  { email: 'member3@fuzz.example.ch', role: 'member' },
  { email: 'admin@fuzz.example.ch', role: 'admin' },
  { email: 'super@fuzz.example.ch', role: 'superadmin' },
  { email: 'hidden@fuzz.example.ch', role: 'member', hidden: true },
];
/** Values worth trying for fields of these names: logins that work, among the ones that do not. */
const KNOWN: Record<string, string[]> = { email: ACCOUNTS.map((a) => a.email), password: [PASSWORD] };

interface Operation {
  method: string;
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema; required: boolean }[];
  jsonBody: JsonSchema | undefined;
  binaryBody: string[] | undefined;
}

type UrlValue = { pool: number } | { encoded: string };

interface Generated {
  op: number;
  actor: number;
  params: UrlValue[];
  query: { name: string; value: UrlValue }[];
  body: { raw: string } | null;
  binary: { type: string; bytes: Uint8Array | 'png' } | null;
  idempotencyKey: string | null;
}

function operationsOf(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const parameters: { in: string; name: string; schema: JsonSchema; required: boolean }[] = op.parameters ?? [];
      const content: Record<string, { schema: JsonSchema }> = op.requestBody?.content ?? {};
      const types = Object.keys(content);
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        jsonBody: content['application/json']?.schema,
        binaryBody: types.some((type) => type.startsWith('image/')) ? types : undefined,
      };
    }),
  );
}

function requestArbitrary(ops: Operation[], actors: number): fc.Arbitrary<Generated> {
  return fc.oneof(
    ...ops.map((op, index) => ({ weight: weightOf(op), arbitrary: fc.record({
        op: fc.constant(index),
        actor: fc.nat(actors - 1),
        params: fc.tuple(...op.pathParams.map((p) => urlValueFor(p.schema, p.name, KNOWN))),
        // Required parameters nearly always, optional ones often, and now and then one twice or one unknown.
        query: fc
          .tuple(
            ...[...op.queryParams, { name: 'x', schema: { type: 'string' }, required: false }].map((p) =>
              fc.option(
                fc
                  .oneof({ weight: 9, arbitrary: fc.tuple(urlValueFor(p.schema, p.name, KNOWN)) }, { weight: 1, arbitrary: fc.tuple(urlValueFor(p.schema, p.name, KNOWN), urlValueFor(p.schema, p.name, KNOWN)) })
                  .map((values) => values.map((value) => ({ name: p.name, value }))),
                { freq: p.required ? 20 : p.name === 'x' ? 1 : 3 },
              ),
            ),
          )
          .map((chosen) => chosen.flatMap((values) => values ?? [])),
        body: op.jsonBody ? bodyFor(op.jsonBody, KNOWN) : fc.option(bodyFor(undefined, KNOWN), { freq: 4 }),
        binary: op.binaryBody
          ? fc.record({
              type: fc.constantFrom(...op.binaryBody, 'application/octet-stream', 'image/svg+xml'),
              bytes: fc.oneof(fc.constant('png' as const), fc.uint8Array({ maxLength: 4096 })),
            })
          : fc.constant(null),
        // A few keys used again and again: replays, and the same key sent with another body.
        idempotencyKey: fc.option(
          fc.oneof(
            { weight: 1, arbitrary: fc.constantFrom('k1', 'k2', 'k3') },
            { weight: 3, arbitrary: fc.uuid() },
            { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 200 }) },
          ),
          { freq: 5 },
        ),
      }) })),
  );
}

/** Writes more often than reads, and the booking rules most of all. */
function weightOf(op: Operation): number {
  if (op.path === '/api/bookings' && op.method === 'POST') return 12;
  if (op.path.startsWith('/api/bookings/{id}')) return 4;
  return op.method === 'GET' ? 1 : 3;
}

/** Ids the server has handed out, by kind, for parameters that should often hit something real. */
class Pools {
  readonly bookings = new Set<string>();
  readonly notes = new Set<string>();
  /** The actors' accounts and '0' (everyone's history); never the target of the superadmin's routes. */
  readonly users = new Set<string>(['0']);
  /** Accounts only the superadmin's routes change: the actors keep their roles and passwords. */
  readonly subjects = new Set<string>();
  readonly feeds = new Set<string>();
  readonly tutorials = new Set<string>(tutorialIds);
  readonly years = new Set<string>(['2026', '2027']);
  readonly supplies = new Set<string>();
  readonly tasks = new Set<string>();
  readonly completions = new Set<string>();
  readonly holds = new Set<string>();
  readonly swaps = new Set<string>();
  readonly offers = new Set<string>();

  /** A value for the parameter `name` of the route `path`, already encoded. */
  pick(path: string, name: string, index: number): string {
    const pool = path.includes('/admin/users/')
      ? this.subjects
      : path.includes('/calendar/')
        ? this.feeds
        : path.includes('/tutorials/')
          ? this.tutorials
          : name === 'year'
            ? this.years
            : path.startsWith('/api/bookings/')
              ? this.bookings
              : path.startsWith('/api/notes')
                ? this.notes
                : path.startsWith('/api/supplies/')
                  ? this.supplies
                  : path.startsWith('/api/tasks/')
                    ? this.tasks
                    : path.startsWith('/api/task-completions/')
                      ? this.completions
                      : path.startsWith('/api/holds/')
                        ? this.holds
                        : path.startsWith('/api/swaps/')
                          ? this.swaps
                          : path.startsWith('/api/offers/')
                            ? this.offers
                            : this.users;
    const values = [...pool];
    return values.length ? encodeURIComponent(values[index % values.length]!) : 'none';
  }

  harvest(body: any, path: string): void {
    if (!body || typeof body !== 'object') return;
    for (const booking of [body.booking, ...(Array.isArray(body.bookings) ? body.bookings : [])]) if (booking?.id) this.bookings.add(booking.id);
    for (const note of [body.note, ...(Array.isArray(body.notes) ? body.notes : [])]) if (note?.id) this.notes.add(note.id);
    if (body.user?.id && path === '/api/admin/users') this.subjects.add(body.user.id);
    for (const supply of [body.supply, ...(Array.isArray(body.supplies) ? body.supplies : [])]) if (supply?.id) this.supplies.add(supply.id);
    for (const task of [body.task, ...(Array.isArray(body.tasks) ? body.tasks : [])]) if (task?.id) this.tasks.add(task.id);
    if (typeof body.completionId === 'string') this.completions.add(body.completionId);
    for (const hold of [body.hold, ...(Array.isArray(body.holds) ? body.holds : [])]) if (hold?.id) this.holds.add(hold.id);
    for (const swap of [body.swap, ...(Array.isArray(body.swaps) ? body.swaps : [])]) if (swap?.id) this.swaps.add(swap.id);
    for (const offer of [body.offer, ...(Array.isArray(body.offers) ? body.offers : [])]) if (offer?.id) this.offers.add(offer.id);
    if (typeof body.url === 'string' && body.url.endsWith('.ics')) this.feeds.add(body.url.split('/').pop()!);
  }
}

describe('the fuzzing generators', () => {
  it('put NUL inside the items of string lists, as in the ids of POST /api/notices/read', () => {
    const schema = z.toJSONSchema(noticesReadSchema, { io: 'input' }) as JsonSchema;
    const bodies = fc.sample(bodyFor(schema), { numRuns: 1000, seed: 39 }).map(({ raw }) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        return null;
      }
    });
    const nulIds = bodies.filter((body) => {
      const ids = (body as { ids?: unknown } | null)?.ids;
      return Array.isArray(ids) && ids.some((id) => typeof id === 'string' && id.includes('\u0000'));
    });
    expect(nulIds.length).toBeGreaterThan(10);
  });
});

/**
 * Suite 2 of the hardening issue: requests generated from the API's schemas
 * (through /api/openapi.json) and mutated, from every kind of caller at once.
 * No answer may be a 5xx, and afterwards the house's rules still hold.
 */
describe.each(testDialects)('fuzzing (%s)', (dialect) => {
  it(`answers ${REQUESTS} generated and mutated requests without a 5xx, and the rules hold afterwards`, async () => {
    const weather = await startWeatherStandIn();
    const t: TestApp = await startTestApp(dialect, { OPEN_METEO_URL: weather.url, PUSH_ALLOW_LOOPBACK: 'true' });
    const started = Date.now();
    try {
      const pools = new Pools();
      const png = new Uint8Array(await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } }).png().toBuffer());
      const accounts = ACCOUNTS;
      // Two sessions per account, and the anonymous caller as actor 0.
      const clients: (TestClient & { email?: string })[] = [t.client()];
      let stay = 0;
      for (const account of accounts) {
        const user = await createUser(t.ctx, { ...account, name: account.email.split('@')[0]!, password: PASSWORD });
        pools.users.add(user.id);
        for (let session = 0; session < 2; session += 1) {
          const client = Object.assign(t.client(), { email: account.email });
          await client.post('/api/session', { email: account.email, password: PASSWORD });
          clients.push(client);
        }
        const own = clients.at(-1)!;
        for (let i = 0; i < 3; i += 1) pools.harvest((await own.post('/api/bookings', nthStay(++stay))).body, '/api/bookings');
        pools.harvest((await own.post('/api/notes', { text: `Nota di ${account.email}` })).body, '/api/notes');
        pools.harvest((await own.post('/api/supplies', { name: `Scorta di ${account.email}` })).body, '/api/supplies');
        pools.harvest((await own.post('/api/tasks', { title: `Lavoro di ${account.email}`, yearly: true, from: '2026-12-01', to: '2026-12-31' })).body, '/api/tasks');
        pools.harvest((await own.get('/api/profile/calendar-feed')).body, '');
        const held = nthStay(++stay);
        pools.harvest((await own.post('/api/holds', { start: held.start, end: held.end })).body, '/api/holds');
      }
      for (let i = 0; i < 10; i += 1) {
        pools.subjects.add((await createUser(t.ctx, { email: `subject${i}@fuzz.example.ch`, name: `Subject ${i}`, password: null, role: 'member' })).id);
      }

      // Booking on someone's behalf names real members now and then, so admins' bookings get through.
      KNOWN.ownerId = [...pools.users, ...pools.subjects];
      // Swaps and stays given name real stays and members now and then, so some get through.
      KNOWN.bookingId = KNOWN.withBookingId = [...pools.bookings];
      KNOWN.toMemberId = [...pools.users];
      const doc = (await t.client().get('/api/openapi.json')).body;
      const ops = operationsOf(doc);
      const generated = fc.sample(requestArbitrary(ops, clients.length), { numRuns: REQUESTS, seed: SEED });

      const statuses = new Map<number, number>();
      /** Routes that answered 2xx at least once: the generator reached past validation there. */
      const passed = new Set<string>();
      const failures: string[] = [];
      let next = 0;
      let bookingsCreated = 0;
      // New stays the booking rules themselves turned down (overlap, quota): 409s.
      let bookingsRefusedByRules = 0;
      const send = async (g: Generated) => {
        const op = ops[g.op]!;
        let index = 0;
        const path = op.path.replace(/\{\w+\}/g, () => {
          const value = g.params[index++]!;
          return 'pool' in value ? pools.pick(op.path, op.pathParams[index - 1]!.name, value.pool) : value.encoded;
        });
        const query = g.query.map(({ name, value }) => `${name}=${'pool' in value ? pools.pick(op.path, name, value.pool) : value.encoded}`).join('&');
        const url = `${t.url}${path}${query ? `?${query}` : ''}`;
        // Logging in and out runs without a session: the actors keep theirs.
        const client: TestClient & { email?: string } = op.path === '/api/session' && op.method !== 'GET' ? t.client() : clients[g.actor]!;
        const headers: Record<string, string> = client.cookie ? { cookie: client.cookie } : {};
        if (g.idempotencyKey !== null) headers['idempotency-key'] = g.idempotencyKey;
        let body: string | Uint8Array | undefined;
        if (g.binary) {
          headers['content-type'] = g.binary.type;
          body = g.binary.bytes === 'png' ? png : g.binary.bytes;
        } else if (g.body && op.method !== 'GET' && op.method !== 'DELETE') {
          headers['content-type'] = 'application/json';
          body = g.body.raw;
        }
        const described = `${g.idempotencyKey === null ? '' : `[Idempotency-Key: ${g.idempotencyKey}] `}${op.method} ${path}${query ? `?${query}` : ''} ${body instanceof Uint8Array ? `<${body.length} bytes>` : (body ?? '').slice(0, 300)}`;
        const stream = op.path === '/api/events';
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), 30_000);
        try {
          const response = await fetch(url, { method: op.method, headers, body: body as RequestInit['body'], signal: controller.signal });
          if (stream) controller.abort();
          const text = stream ? '' : await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status < 300) passed.add(`${op.method} ${op.path}`);
          if (response.status === 201 && op.path === '/api/bookings') bookingsCreated += 1;
          if (response.status === 409 && op.path === '/api/bookings' && op.method === 'POST') bookingsRefusedByRules += 1;
          if (response.status >= 500) failures.push(`${response.status} ${described} → ${text.slice(0, 200)}`);
          if (response.headers.get('content-type')?.includes('json') && text) pools.harvest(JSON.parse(text), op.path);
          // A session ended by the fuzzing (never expected) is renewed so that the run goes on as planned.
          if (response.status === 401 && client.email && !stream) await client.post('/api/session', { email: client.email, password: PASSWORD });
        } catch (error) {
          if (!stream || !controller.signal.aborted) failures.push(`no answer: ${described}: ${String(error)}`);
          else statuses.set(200, (statuses.get(200) ?? 0) + 1);
        } finally {
          clearTimeout(timer);
        }
      };
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < generated.length) await send(generated[next++]!);
        }),
      );

      const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
      const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(', ');
      console.info(
        `fuzzing ${dialect}: seed ${SEED}, ${answered} answers in ${((Date.now() - started) / 1000).toFixed(1)} s (${summary}); ` +
          `${passed.size} of ${ops.length} routes answered 2xx at least once; ${bookingsCreated} bookings created, ${bookingsRefusedByRules} refused by the rules; ` +
          `never 2xx: ${ops.map((op) => `${op.method} ${op.path}`).filter((route) => !passed.has(route)).join(', ')}`,
      );
      expect(failures, `seed ${SEED} (FUZZ_SEED=${SEED} repeats it)`).toEqual([]);
      expect(answered).toBeGreaterThanOrEqual(REQUESTS);

      // The rules that no request may break.
      expect((await t.client().get('/api/health')).status).toBe(200);
      const today = todayIn(t.ctx.config.houseTimeZone, t.ctx.now());
      const bookings = await t.ctx.db.selectFrom('bookings').select(['id', 'startDate as start', 'endDate as end']).execute();
      // The generator must reach the rules, not only the validation in front of them: stays made,
      // and stays the rules refused (some seeds make only two; seed 551656517 made 2 and had 7 refused).
      // Lowered when the email, money and booking-on-behalf routes came: secrets in links, email off
      // in this house and check-in only from the arrival day keep some routes from any 2xx here.
      expect(bookingsCreated).toBeGreaterThan(0);
      expect(bookingsCreated + bookingsRefusedByRules).toBeGreaterThan(REQUESTS / 2500);
      expect(passed.size).toBeGreaterThan(ops.length * (REQUESTS >= 5000 ? 0.6 : 0.5));
      const badDates = bookings.filter((b) => !isIsoDate(b.start) || !isIsoDate(b.end) || b.end < b.start || !stayDatesInRange(b, today));
      expect(badDates, 'bookings with invalid or unbounded dates').toEqual([]);
      const shared = bookings.flatMap((a, i) => bookings.slice(i + 1).filter((b) => staysOverlap(a, b)).map((b) => `${a.id} ${a.start}–${a.end} / ${b.id} ${b.start}–${b.end}`));
      expect(shared, 'bookings sharing a night').toEqual([]);
      const notes = await t.ctx.db.selectFrom('notes').select(['id', 'text']).execute();
      expect(notes.filter((n) => isBlankText(n.text) || normalizeText(n.text, { multiline: true }) !== n.text), 'notes blank or not normalised').toEqual([]);
      const users = await t.ctx.db.selectFrom('users').select(['id', 'name']).execute();
      expect(users.filter((u) => isBlankText(u.name) || normalizeText(u.name) !== u.name), 'names blank or not normalised').toEqual([]);
    } finally {
      await t.close();
      await weather.close();
    }
  }, 600_000);
});
