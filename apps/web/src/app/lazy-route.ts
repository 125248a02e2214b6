import type { RouteObject } from 'react-router';

/** Time after which a lazy route module that has not arrived counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super('Route module load timed out');
    this.name = 'ChunkLoadTimeoutError';
  }
}

type LazyRoute = () => Promise<Partial<Pick<RouteObject, 'Component' | 'loader' | 'ErrorBoundary' | 'handle'>>>;

/** Wraps a route module import with the load time-out; failures reach the error page. */
export function lazyRoute(load: LazyRoute): LazyRoute {
  return () =>
    new Promise((resolve, reject) => {
      const timer = window.setTimeout(() => reject(new ChunkLoadTimeoutError()), CHUNK_LOAD_TIMEOUT_MS);
      load().then(
        (module) => {
          window.clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          window.clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}
