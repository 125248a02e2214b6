import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from './errors.ts';
import { deleteFullBuckets, takeToken } from './rate-limit-repository.ts';

const WINDOW_MS = 60 * 1000;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes per user: a token bucket of WRITE_LIMIT_PER_MINUTE writes that refills over a minute,
 * so a person never comes near the limit and a script posting a thousand notes a second stops
 * at it, at any moment (fixed minutes let twice the limit through across a minute's end). The
 * bucket lives in the database, so several server processes share it. Logging in and out has
 * its own rules (the login limit) and is not counted.
 */
export function registerWriteLimit(app: FastifyInstance, ctx: AppContext): void {
  // A callback hook: reads pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const user = request.user;
    if (!user || !WRITES.has(request.method) || !request.url.startsWith('/api/') || request.url.startsWith('/api/session')) return done();
    const limit = ctx.config.writeLimitPerMinute;
    takeToken(ctx.db, `writes:${user.id}`, ctx.now().getTime(), limit, WINDOW_MS).then((taken) => {
      if (taken) return done();
      // The next token comes within one interval.
      const retryAfterSeconds = Math.max(1, Math.ceil(WINDOW_MS / limit / 1000));
      done(new AppError(429, 'TOO_MANY_WRITES', 'Too many changes in a short time, try again in a moment', undefined, retryAfterSeconds));
    }, done);
  });
}

/** Housekeeping: a full bucket (of writes, of password resets) is the same as none. */
export async function pruneRateLimits(ctx: AppContext): Promise<void> {
  await deleteFullBuckets(ctx.db, ctx.now().getTime());
}

/** HSTS only means something over HTTPS (directly or through a trusted proxy). */
export function registerHsts(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000');
    done(null, payload);
  });
}
