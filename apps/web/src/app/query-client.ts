import { MutationCache, QueryCache, QueryClient, timeoutManager } from '@tanstack/react-query';
import { coalescedTimers } from '../lib/coalesced-timers.ts';
import { isApiError } from '../lib/api-error.ts';
import { rememberSession } from '../auth/session.ts';
import { sessionQueryKey } from '../auth/queries.ts';

/** Fired when a call answers 401 while we thought we were logged in; the shell sends the user to /login. */
export const sessionExpired = new EventTarget();

/** Forgets the session we thought we had (it answered 401, or another tab logged out) and sends the user to /login. */
export function endSession(): void {
  queryClient.setQueryData(sessionQueryKey, null);
  rememberSession(null);
  sessionExpired.dispatchEvent(new Event('expired'));
}

function handleError(error: unknown): void {
  if (isApiError(error) && error.status === 401 && queryClient.getQueryData(sessionQueryKey)) endSession();
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
