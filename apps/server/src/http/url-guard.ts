import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * No route takes a NUL in its path or query: PostgreSQL cannot store one in
 * text and fails the whole query. Refused before any route sees it.
 */
export function registerUrlGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(/%00|\0/i.test(request.url) ? new AppError(400, 'VALIDATION', 'The address contains a NUL character') : undefined);
  });
}
