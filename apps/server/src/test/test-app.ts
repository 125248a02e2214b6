import type { FastifyInstance } from 'fastify';
import type { Role } from '@rustico/core';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createContext, type AppContext } from '../context.ts';
import { createDb, type DbDialect } from '../db/database.ts';
import { createUser } from '../users/service.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';

/** A clock the test moves by hand. */
export class TestClock {
  constructor(private current = new Date('2026-11-21T09:00:00.000Z')) {}
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  /** Mid-morning of `day` (ISO date) at the house, unless the clock is past it already. */
  advanceToDay(day: string): void {
    const target = new Date(`${day}T09:00:00.000Z`);
    if (target > this.current) this.current = target;
  }
}

/**
 * argon2id at its lowest cost: a test login hashes and verifies in microseconds instead of some
 * 35 ms. auth.test.ts checks the production cost itself.
 */
export const FAST_PASSWORD_HASH_ENV = { PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_ITERATIONS: '1' } as const;
export const FAST_PASSWORD_HASH = { memoryKib: 8, iterations: 1 } as const;

export const DAY = 24 * 60 * 60 * 1000;
export const MINUTE = 60 * 1000;

export interface TestApp {
  url: string;
  ctx: AppContext;
  clock: TestClock;
  app: FastifyInstance;
  database: TestDatabase;
  /** A logged-out HTTP client with its own cookie jar. */
  client: () => TestClient;
  /** Adds an account and returns a client logged in as it. */
  login: (role?: Role, overrides?: Partial<{ email: string; password: string; hidden: boolean }>) => Promise<TestClient>;
  close: () => Promise<void>;
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** fetch over real HTTP, keeping the session cookie like a browser would. */
export class TestClient {
  cookie: string | null = null;
  constructor(private readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' || body instanceof Uint8Array ? (body as string) : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    if (this.cookie) (init.headers as Record<string, string>).cookie = this.cookie;
    const response = await fetch(`${this.baseUrl}${path}`, init);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('rustico_session='));
    if (setCookie) {
      const value = setCookie.split(';')[0]!;
      this.cookie = value === 'rustico_session=' ? null : value;
    }
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, headers: response.headers, body: type.includes('json') && text ? JSON.parse(text) : text };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
}

let accountCounter = 0;

export async function startTestApp(dialect: DbDialect, env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  // Tests write far faster than people; the write limit's own test sets it low.
  const config: Config = loadConfig({ DATA_DIR: database.dataDir, LOG_LEVEL: 'silent', WRITE_LIMIT_PER_MINUTE: '100000', ...FAST_PASSWORD_HASH_ENV, ...env });
  const clock = new TestClock();
  const ctx = await createContext(config, database.db, { now: clock.now });
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  return {
    url,
    ctx,
    clock,
    app,
    database,
    client: () => new TestClient(url),
    login: async (role = 'member', overrides = {}) => {
      accountCounter += 1;
      const email = overrides.email ?? `${role}${accountCounter}@example.ch`;
      const password = overrides.password ?? 'correct horse battery';
      await createUser(ctx, { email, name: `${role} ${accountCounter}`, password, role, hidden: overrides.hidden });
      const client = new TestClient(url);
      const response = await client.post('/api/session', { email, password });
      if (response.status !== 200) throw new Error(`test login failed: ${JSON.stringify(response.body)}`);
      return client;
    },
    close: async () => {
      await closeServer(app, ctx);
      await database.drop();
    },
  };
}

async function closeServer(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // fetch keeps sockets alive for a few seconds; tests need not wait for them.
  app.server.closeAllConnections();
  await app.close();
  await ctx.tasks.idle();
  await ctx.push.idle();
  ctx.mailer.close();
  await ctx.events.close();
}

/** A second server on a test app's house: what the other process is to a race. */
export interface PeerServer {
  ctx: AppContext;
  url: string;
  /** The same member, logged in, asking this server. */
  as: (client: TestClient) => TestClient;
  close: () => Promise<void>;
}

/**
 * On PostgreSQL a second context and server on the same database, with the same clock: two
 * processes of one house. SQLite serves one process, so there the peer is the app itself.
 */
export async function startPeerServer(t: TestApp): Promise<PeerServer> {
  const as = (url: string) => (client: TestClient) => Object.assign(new TestClient(url), { cookie: client.cookie });
  if (!t.database.databaseUrl) return { ctx: t.ctx, url: t.url, as: as(t.url), close: async () => {} };
  const ctx = await createContext(t.ctx.config, createDb({ databaseUrl: t.database.databaseUrl, sqlitePath: '' }), { now: t.clock.now, log: t.ctx.log });
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  return {
    ctx,
    url,
    as: as(url),
    close: async () => {
      await closeServer(app, ctx);
      await ctx.db.destroy();
    },
  };
}

export interface EventStream {
  /** Resolves when the server closes the stream. */
  ended: Promise<void>;
  /** Resolves with the first event (parsed data) that matches, or rejects after the timeout. */
  next: (match: (event: any) => boolean, timeoutMs?: number) => Promise<any>;
  close: () => void;
}

/** Opens /api/events as a browser tab would and collects what arrives. */
export async function openEventStream(client: TestClient, baseUrl: string, lastEventId?: string): Promise<EventStream & { ids: string[] }> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (client.cookie) headers.cookie = client.cookie;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const response = await fetch(`${baseUrl}/api/events`, { headers, signal: controller.signal });
  if (response.status !== 200) throw new Error(`event stream refused: ${response.status}`);
  const received: { id: string; data: any }[] = [];
  const waiters = new Set<() => void>();
  const ids: string[] = [];
  const ended = (async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (id && data) {
            ids.push(id);
            received.push({ id, data: JSON.parse(data) });
            for (const wake of waiters) wake();
          }
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    ids,
    ended,
    next: (match, timeoutMs = 2000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find((r) => match(r.data));
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found.data);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(received.map((r) => r.data))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => controller.abort(),
  };
}
