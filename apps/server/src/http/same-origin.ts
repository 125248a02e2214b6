import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes must come from our own pages. Browsers say where a request comes from
 * (Sec-Fetch-Site, Origin); non-browser callers such as the tests send neither.
 */
export function registerSameOriginWrites(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/') || sameOrigin(request) ? undefined : new AppError(403, 'CROSS_ORIGIN', 'Cross-site request refused'));
  });
}

function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (origin === 'null') return false;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}
