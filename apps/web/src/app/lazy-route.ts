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
          // The module was evaluated in this task: its loader and the render start in the next,
          // so that a phone's main thread is free for a moment in between.
          window.setTimeout(() => resolve(module), 0);
        },
        (error: unknown) => {
          window.clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}
