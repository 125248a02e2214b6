import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes must come from our own pages. Browsers say where a request comes from
 * (Sec-Fetch-Site, Origin); non-browser callers such as the tests send neither.
 */
export function registerSameOriginWrites(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const site = request.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') {
      throw new AppError(403, 'CROSS_ORIGIN', 'Cross-site request refused');
    }
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        throw new AppError(403, 'CROSS_ORIGIN', 'Cross-site request refused');
      }
      if (host !== request.host) throw new AppError(403, 'CROSS_ORIGIN', 'Cross-site request refused');
    } else if (origin === 'null') {
      throw new AppError(403, 'CROSS_ORIGIN', 'Cross-site request refused');
    }
  });
}
