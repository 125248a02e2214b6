import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from './errors.ts';
import { countWrite, deleteWriteCountersBefore } from './write-limit-repository.ts';

const WINDOW_MS = 60 * 1000;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes per user and minute: a person never comes near the limit, a script
 * posting a thousand notes a second stops at it. The count lives in the
 * database, so several server processes share it. Logging in and out has its
 * own rules (the login limit) and is not counted.
 */
export function registerWriteLimit(app: FastifyInstance, ctx: AppContext): void {
  // A callback hook: reads pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const user = request.user;
    if (!user || !WRITES.has(request.method) || !request.url.startsWith('/api/') || request.url.startsWith('/api/session')) return done();
    const now = ctx.now().getTime();
    const windowStart = now - (now % WINDOW_MS);
    countWrite(ctx.db, `writes:${user.id}`, new Date(windowStart).toISOString()).then((count) => {
      if (count <= ctx.config.writeLimitPerMinute) return done();
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
      done(new AppError(429, 'TOO_MANY_WRITES', 'Too many changes in a short time, try again in a moment', undefined, retryAfterSeconds));
    }, done);
  });
}

/** Housekeeping: counters of past windows are of no use. */
export async function pruneWriteCounters(ctx: AppContext): Promise<void> {
  await deleteWriteCountersBefore(ctx.db, new Date(ctx.now().getTime() - WINDOW_MS).toISOString());
}

/** HSTS only means something over HTTPS (directly or through a trusted proxy). */
export function registerHsts(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000');
    done(null, payload);
  });
}
