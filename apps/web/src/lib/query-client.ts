import { MutationCache, QueryCache, QueryClient, timeoutManager } from '@tanstack/react-query';
import { coalescedTimers } from './coalesced-timers.ts';
import { isApiError } from './api-error.ts';

let unauthorized: () => void = () => undefined;

/**
 * What the app does when a call answers 401: the session it thought it had is gone. The app
 * layer sets it (app/shell.tsx), as this shared client knows no feature.
 */
export function whenUnauthorized(handler: () => void): void {
  unauthorized = handler;
}

function handleError(error: unknown): void {
  if (isApiError(error) && error.status === 401) unauthorized();
}

// Before any query exists: timers of two providers cannot clear each other.
timeoutManager.setTimeoutProvider(coalescedTimers());

/**
 * The app's one QueryClient. It lives in the lazily loaded /app layout: the
 * public pages (login, setup, visitor) do not download TanStack Query.
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: handleError }),
  mutationCache: new MutationCache({ onError: handleError }),
  defaultOptions: {
    // Offline, reads still ask: the service worker answers with what it last saw. Writes are never
    // paused: those that can wait go to the outbox, the others fail and say so.
    queries: {
      networkMode: 'offlineFirst',
      retry: (failureCount, error) =>
        isApiError(error) && error.status >= 400 && error.status < 500 ? false : failureCount < 2,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
