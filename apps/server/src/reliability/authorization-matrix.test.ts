import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContributions, setShares } from '../accounts/service.ts';
import { testDialects } from '../test/databases.ts';
import { SoftwareAuthenticator } from '../test/software-authenticator.ts';
import { openEventStream, startTestApp, type TestClient, type EventStream, type TestApp } from '../test/test-app.ts';
import { createUser, setUserPhoto } from '../users/service.ts';
import { startWeatherStandIn } from './weather-stand-in.ts';
import { authorizationTable, expectedStatuses, nthStay, turnDates, viewers, type Call, type Fixtures, type Row, type Viewer } from './authorization-table.ts';

const PASSWORD = 'matrix password';

interface Account {
  id: string;
  email: string;
  client: TestClient;
}

/**
 * Suite 1 of the hardening issue: every route and method of the OpenAPI
 * document, called by each kind of viewer, answers what authorization-table.ts
 * declares; and the live stream delivers each change to exactly its audience.
 */
describe.each(testDialects)('authorization matrix (%s)', (dialect) => {
  let t: TestApp;
  const accounts = {} as Record<Exclude<Viewer, 'anonymous'> | 'herald' | 'partner', Account>;
  let counter = 0;
  let png: Uint8Array;

  async function account(name: string, options: { role?: 'member' | 'admin' | 'superadmin'; hidden?: boolean } = {}): Promise<Account> {
    const email = `${name.toLowerCase()}@matrix.example.ch`;
    const user = await createUser(t.ctx, { email, name, password: PASSWORD, role: options.role ?? 'member', hidden: options.hidden });
    const client = t.client();
    const login = await client.post('/api/session', { email, password: PASSWORD });
    if (login.status !== 200) throw new Error(`login of ${name} failed`);
    return { id: user.id, email, client };
  }

  let weather: Awaited<ReturnType<typeof startWeatherStandIn>>;

  beforeAll(async () => {
    weather = await startWeatherStandIn();
    // The push row subscribes a loopback address, which only tests may allow.
    // Fixtures move the house's clock to their stays' arrival days: sessions must outlast that.
    t = await startTestApp(dialect, { OPEN_METEO_URL: weather.url, PUSH_ALLOW_LOOPBACK: 'true', SESSION_DAYS: '730' });
    png = new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#8a5a2b' } }).png().toBuffer());
    accounts.owner = await account('Owner');
    accounts.member = await account('Member');
    accounts.otherMember = await account('Other');
    accounts.admin = await account('Admin', { role: 'admin' });
    accounts.superadmin = await account('Super', { role: 'superadmin' });
    accounts.hidden = await account('Hidden', { hidden: true });
    accounts.herald = await account('Herald');
    // Who swaps with the owner or gives the owner a stay.
    accounts.partner = await account('Partner');
    await setUserPhoto(t.ctx, accounts.owner.id, Buffer.from(png));
  });
  afterAll(async () => {
    await t.close();
    await weather.close();
  });

  function fixtures(): Fixtures {
    const owner = accounts.owner.client;
    const unique = () => ++counter;
    const must = async (promise: Promise<{ status: number; body: any }>, what: string) => {
      const response = await promise;
      if (response.status >= 300) throw new Error(`fixture ${what} failed: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body;
    };
    return {
      ownerId: accounts.owner.id,
      ownerEmail: accounts.owner.email,
      ownerPassword: PASSWORD,
      png,
      unique,
      booking: async (step = 'checkin') => {
        const created = (await must(owner.post('/api/bookings', nthStay(unique())), 'booking')).booking;
        const id = created.id;
        // Check-in opens on the arrival day: the house's clock goes there (later stays are later still).
        t.clock.advanceToDay(created.start);
        if (step === 'checkin') return id;
        await must(owner.post(`/api/bookings/${id}/checkin`, { dayKwh: 1000 + unique(), nightKwh: 500 }), 'checkin');
        if (step === 'checkout') return id;
        await must(owner.post(`/api/bookings/${id}/checkout`, { dayKwh: 1000 + unique(), nightKwh: 500, checklistDone: true }), 'checkout');
        if (step === 'payment') return id;
        await must(owner.post(`/api/bookings/${id}/payment`, { method: 'twint' }), 'payment');
        return id;
      },
      reading: async () => {
        const bookingId = await fixtures().booking('checkout');
        return t.ctx.db
          .selectFrom('meterReadings')
          .select(['id', 'dayKwh', 'nightKwh'])
          .where('bookingId', '=', bookingId)
          .where('kind', '=', 'checkin')
          .executeTakeFirstOrThrow();
      },
      note: async () => (await must(owner.post('/api/notes', { text: `Nota ${unique()}` }), 'note')).note.id,
      newMember: async () =>
        (await createUser(t.ctx, { email: `subject${unique()}@matrix.example.ch`, name: 'Subject', password: null, role: 'member' })).id,
      feedFile: async () => new URL((await must(owner.get('/api/profile/calendar-feed'), 'feed')).url).pathname.split('/').pop()!,
      expense: async ({ receipt = false } = {}) => {
        const body = { date: '2026-10-05', amountCentimes: 12_000, category: 'repairs', description: `Spesa ${unique()}`, paidById: accounts.owner.id, recurring: false };
        const id = (await must(owner.post('/api/expenses', body), 'expense')).expense.id as string;
        if (receipt) await must(owner.request('PUT', `/api/expenses/${id}/receipt`, png as unknown as string, { 'content-type': 'image/png' }), 'receipt');
        return id;
      },
      supply: async ({ claimed = false } = {}) => {
        const id = (await must(owner.post('/api/supplies', { name: `Sale ${randomUUID().slice(0, 8)}` }), 'supply')).supply.id as string;
        if (claimed) await must(owner.post(`/api/supplies/${id}/claim`), 'claim');
        return id;
      },
      task: async ({ photo = false } = {}) => {
        const id = (await must(owner.post('/api/tasks', { title: `Lavoro ${randomUUID().slice(0, 8)}`, yearly: false, from: '2026-12-01', to: '2026-12-31' }), 'task')).task.id as string;
        if (photo) await must(owner.request('PUT', `/api/tasks/${id}/photo`, png as unknown as string, { 'content-type': 'image/png' }), 'task photo');
        return id;
      },
      completion: async () => {
        const task = await fixtures().task();
        const id = (await must(owner.post(`/api/tasks/${task}/done`, {}), 'done')).completionId as string;
        await must(owner.request('PUT', `/api/task-completions/${id}/photo`, png as unknown as string, { 'content-type': 'image/png' }), 'completion photo');
        return id;
      },
      contribution: async () => {
        const id = randomUUID();
        await insertContributions(t.ctx.db, [{ id, year: 2100 + unique(), userId: accounts.owner.id, amountCentimes: 10_000, paid: 0, paidAt: null, createdAt: new Date().toISOString() }]);
        return id;
      },
      coOwner: () => setShares(t.ctx, { mode: 'equal', shares: [{ userId: accounts.owner.id }] }),
      request: async () => {
        const id = await fixtures().booking();
        await t.ctx.db.updateTable('bookings').set({ status: 'requested' }).where('id', '=', id).execute();
        const row = await t.ctx.db.selectFrom('bookings').select(['startDate', 'endDate']).where('id', '=', id).executeTakeFirstOrThrow();
        return { id, start: row.startDate, end: row.endDate };
      },
      peakPeriod: async () =>
        (await must(accounts.admin.client.post('/api/peak-periods', { name: `Punta ${unique()}`, from: '01-10', to: '01-12', year: 2095 }), 'peak period')).peakPeriod.id,
      turnRound: async () =>
        (await must(accounts.admin.client.post('/api/turns', { ...turnDates(unique()), order: [accounts.owner.id], nightsPerTurn: 3, windowHours: 24 }), 'turns')).round.id,
      takenStay: async () => {
        const created = (await must(owner.post('/api/bookings', nthStay(unique())), 'booking')).booking;
        return { start: created.start, end: created.end };
      },
      waitlistEntry: async () => (await must(owner.post('/api/waitlist', await fixtures().takenStay()), 'waitlist')).entry.id,
      hold: async () => {
        for (const hold of (await must(owner.get('/api/holds/mine'), 'my holds')).holds) await must(owner.delete(`/api/holds/${hold.id}`), 'release');
        const { start, end } = nthStay(unique());
        return (await must(owner.post('/api/holds', { start, end }), 'hold')).hold.id;
      },
      partnerId: accounts.partner.id,
      swap: async (by) => {
        const [proposer, other] = by === 'owner' ? [owner, accounts.partner.client] : [accounts.partner.client, owner];
        const mine = (await must(proposer.post('/api/bookings', nthStay(unique())), 'booking')).booking.id;
        const theirs = (await must(other.post('/api/bookings', nthStay(unique())), 'booking')).booking.id;
        return (await must(proposer.post('/api/swaps', { bookingId: mine, withBookingId: theirs }), 'swap')).swap.id;
      },
      offer: async (by) => {
        const [giver, to] = by === 'owner' ? [owner, accounts.partner.id] : [accounts.partner.client, accounts.owner.id];
        const stayId = (await must(giver.post('/api/bookings', nthStay(unique())), 'booking')).booking.id;
        return (await must(giver.post(`/api/bookings/${stayId}/offer`, { toMemberId: to }), 'offer')).offer.id;
      },
      ownStay: async () => (await must(owner.post('/api/bookings', nthStay(unique())), 'booking')).booking.id,
      partnerStay: async () => (await must(accounts.partner.client.post('/api/bookings', nthStay(unique())), 'booking')).booking.id,
      passkey: async () => {
        const options = await must(owner.post('/api/profile/passkeys/options', {}), 'passkey options');
        return (await must(owner.post('/api/profile/passkeys', { name: `Telefono ${unique()}`, credential: new SoftwareAuthenticator('http://localhost:8080').create(options) }), 'passkey')).passkey.id;
      },
    };
  }

  async function clientFor(viewer: Viewer, row: Row): Promise<TestClient> {
    if (viewer === 'anonymous') return t.client();
    if (row.mode !== 'spare') return accounts[viewer].client;
    const spare = t.client();
    await spare.post('/api/session', { email: accounts[viewer].email, password: PASSWORD });
    return spare;
  }

  async function call(route: string, row: Row, viewer: Viewer, request: Call): Promise<number> {
    const [method, template] = route.split(' ') as [string, string];
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? `missing-${name}`));
    const url = request.query ? `${path}?${request.query}` : path;
    const client = await clientFor(viewer, row);
    if (row.mode === 'stream') {
      const controller = new AbortController();
      const response = await fetch(`${t.url}${url}`, { headers: client.cookie ? { cookie: client.cookie } : {}, signal: controller.signal });
      controller.abort();
      return response.status;
    }
    const headers: Record<string, string> = request.contentType ? { 'content-type': request.contentType } : {};
    return (await client.request(method, url, request.body, headers)).status;
  }

  it('has a row for every route of the OpenAPI document, and no row without a route', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((route) => !(route in authorizationTable));
    expect(missing, `routes without a row in reliability/authorization-table.ts: ${missing.join(', ')}`).toEqual([]);
    const stale = Object.keys(authorizationTable).filter((route) => !routes.includes(route));
    expect(stale, `rows of reliability/authorization-table.ts for routes that no longer exist: ${stale.join(', ')}`).toEqual([]);
  });

  it('answers every viewer of every route as the table declares', async () => {
    const mismatches: string[] = [];
    let calls = 0;
    for (const [route, row] of Object.entries(authorizationTable)) {
      const expected = expectedStatuses(row);
      const reads = route.startsWith('GET ');
      let request: Call | null = null;
      for (const viewer of viewers) {
        request ??= (await row.request?.(fixtures())) ?? {};
        const status = await call(route, row, viewer, request);
        // A read or a refusal leaves the fixture as it was, so the next viewer asks about the same
        // thing; a write that went through used it up (a fixture costs up to four requests).
        if (!reads && status < 300) request = null;
        calls += 1;
        if (status !== expected[viewer]) mismatches.push(`${route} as ${viewer}: ${status}, expected ${expected[viewer]}`);
      }
    }
    expect(calls).toBe(Object.keys(authorizationTable).length * viewers.length);
    expect(mismatches).toEqual([]);
  }, 180_000);

  it('delivers each change on the live stream to exactly the viewers who may see it', async () => {
    const loggedIn = viewers.filter((v): v is Exclude<Viewer, 'anonymous'> => v !== 'anonymous');
    const visibleToAll = [...loggedIn];
    const onlyHidden: Viewer[] = ['hidden'];
    const c = (viewer: Exclude<Viewer, 'anonymous'>) => accounts[viewer].client;
    // What each viewer's open stream receives: `act` makes the change and returns the event it should cause.
    const streamTable: { what: string; act: () => Promise<{ type: string; action: string; id: string }>; receivedBy: Viewer[] }[] = [
      {
        what: "a member's new booking",
        act: async () => ({ type: 'booking', action: 'created', id: (await c('owner').post('/api/bookings', nthStay(++counter))).body.booking.id }),
        receivedBy: visibleToAll,
      },
      {
        what: "the hidden account's new booking",
        act: async () => ({ type: 'booking', action: 'created', id: (await c('hidden').post('/api/bookings', nthStay(++counter))).body.booking.id }),
        receivedBy: onlyHidden,
      },
      { what: "a member's note", act: async () => ({ type: 'note', action: 'created', id: (await c('owner').post('/api/notes', { text: 'Ciao a tutti' })).body.note.id }), receivedBy: visibleToAll },
      { what: "the hidden account's note", act: async () => ({ type: 'note', action: 'created', id: (await c('hidden').post('/api/notes', { text: 'Segreto' })).body.note.id }), receivedBy: onlyHidden },
      {
        what: "a member's new name",
        act: async () => ({ type: 'user', action: 'updated', id: (await c('owner').request('PUT', '/api/profile', { name: 'Owner Rinominato' })).body.user.id }),
        receivedBy: visibleToAll,
      },
      {
        what: "the hidden account's new name",
        act: async () => ({ type: 'user', action: 'updated', id: (await c('hidden').request('PUT', '/api/profile', { name: 'Hidden Rinominato' })).body.user.id }),
        receivedBy: onlyHidden,
      },
      {
        what: "the hidden account's thumbs-up on a member's note",
        act: async () => {
          const id = (await c('owner').post('/api/notes', { text: 'Chi viene sabato?' })).body.note.id;
          await c('hidden').request('PUT', `/api/notes/${id}/reactions/me`);
          return { type: 'note', action: 'reacted', id };
        },
        receivedBy: onlyHidden,
      },
      {
        what: "a member's thumbs-up on a member's note",
        act: async () => {
          const id = (await c('owner').post('/api/notes', { text: 'Legna finita' })).body.note.id;
          await c('otherMember').request('PUT', `/api/notes/${id}/reactions/me`);
          return { type: 'note', action: 'reacted', id };
        },
        receivedBy: visibleToAll,
      },
    ];
    const streams = new Map<Viewer, EventStream>();
    for (const viewer of loggedIn) streams.set(viewer, await openEventStream(c(viewer), t.url));
    try {
      const mismatches: string[] = [];
      for (const entry of streamTable) {
        const event = await entry.act();
        // A note from an ordinary member reaches everyone; the stream keeps order, so once it is
        // there, anything the change caused would be there too.
        const herald = (await accounts.herald.client.post('/api/notes', { text: `Fatto: ${entry.what}` })).body.note.id;
        for (const viewer of loggedIn) {
          const stream = streams.get(viewer)!;
          await stream.next((e) => e.type === 'note' && e.id === herald, 5000);
          const received = await stream.next((e) => e.type === event.type && e.action === event.action && e.id === event.id, 1).then(
            () => true,
            () => false,
          );
          if (received !== entry.receivedBy.includes(viewer)) mismatches.push(`${entry.what}: ${viewer} ${received ? 'received it' : 'did not receive it'}`);
        }
      }
      expect(mismatches).toEqual([]);
    } finally {
      for (const stream of streams.values()) stream.close();
    }
  }, 60_000);
  // Last: its fixtures move the house's clock on by years, past the other tests' sessions.
  /**
   * The house's whole state, for telling whether a request changed anything: every table but
   * the bookkeeping of requests themselves (keys, rate limits, sessions), and without the moment
   * a member was last seen. Work a request left to run after its answer (emails) is waited for.
   */
  async function houseState(): Promise<string> {
    await t.ctx.tasks.idle();
    const bookkeeping = new Set(['idempotency_keys', 'rate_limits', 'login_failures', 'sessions', 'kysely_migration', 'kysely_migration_lock']);
    const parts: string[] = [];
    for (const table of await t.ctx.db.introspection.getTables()) {
      if (bookkeeping.has(table.name)) continue;
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(t.ctx.db)).rows;
      const plain = rows.map((row) => JSON.stringify({ ...row, lastSeenAt: undefined, last_seen_at: undefined })).sort();
      parts.push(`${table.name}:${createHash('sha256').update(plain.join('\n')).digest('hex')}`);
    }
    return parts.join(' ');
  }

  it('answers every write sent twice with one Idempotency-Key alike and does it once; the key with another request is refused', async () => {
    const mismatches: string[] = [];
    let writes = 0;
    for (const [route, row] of Object.entries(authorizationTable)) {
      const [method, template] = route.split(' ') as [string, string];
      if (method === 'GET' || row.mode === 'stream') continue;
      const expected = expectedStatuses(row);
      // The first viewer the route lets through (else one it refuses: a refusal is kept too).
      const viewer = (['owner', 'member', 'admin', 'superadmin', 'hidden'] as const).find((v) => expected[v] < 300) ?? 'member';
      const request = (await row.request?.(fixtures())) ?? {};
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? `missing-${name}`));
      const url = request.query ? `${path}?${request.query}` : path;
      const client = await clientFor(viewer, row);
      const key = `matrix-${++counter}`;
      const headers = { 'idempotency-key': key, ...(request.contentType ? { 'content-type': request.contentType } : {}) };
      const first = await client.request(method, url, request.body, headers);
      // Logging in (with a password or a passkey) or out has nobody's key to keep: no session before, or none after.
      if (template.startsWith('/api/session')) continue;
      writes += 1;
      const before = await houseState();
      const again = await client.request(method, url, request.body, headers);
      const after = await houseState();
      if (again.status !== first.status || JSON.stringify(again.body) !== JSON.stringify(first.body)) {
        mismatches.push(`${route}: ${first.status} then ${again.status}`);
      }
      if (after !== before) mismatches.push(`${route}: the resend changed the house`);
      if (again.headers.get('idempotent-replayed') !== 'true' && first.status !== 401) mismatches.push(`${route}: the resend was not a replay`);
      const other = await client.request(method, `${url}${url.includes('?') ? '&' : '?'}other=1`, request.body, headers);
      if (first.status !== 401 && (other.status !== 422 || other.body?.error?.code !== 'IDEMPOTENCY_MISMATCH')) mismatches.push(`${route}: another request with the key got ${other.status}`);
    }
    expect(writes).toBeGreaterThan(40);
    expect(mismatches).toEqual([]);
  }, 240_000);
});
