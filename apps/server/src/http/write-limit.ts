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
  app.addHook('onRequest', async (request) => {
    if (!request.user || !WRITES.has(request.method) || !request.url.startsWith('/api/') || request.url.startsWith('/api/session')) return;
    const now = ctx.now().getTime();
    const windowStart = now - (now % WINDOW_MS);
    const count = await countWrite(ctx.db, `writes:${request.user.id}`, new Date(windowStart).toISOString());
    if (count > ctx.config.writeLimitPerMinute) {
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
      throw new AppError(429, 'TOO_MANY_WRITES', 'Too many changes in a short time, try again in a moment', undefined, retryAfterSeconds);
    }
  });
}

/** Housekeeping: counters of past windows are of no use. */
export async function pruneWriteCounters(ctx: AppContext): Promise<void> {
  await deleteWriteCountersBefore(ctx.db, new Date(ctx.now().getTime() - WINDOW_MS).toISOString());
}

/** HSTS only means something over HTTPS (directly or through a trusted proxy). */
export function registerHsts(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000');
  });
}
