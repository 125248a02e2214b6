import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error.ts';
import { rememberSession } from '../auth/session.ts';
import { sessionQueryKey } from '../auth/queries.ts';

/** Fired when a call answers 401 while we thought we were logged in; the shell sends the user to /login. */
export const sessionExpired = new EventTarget();

function handleError(error: unknown): void {
  if (isApiError(error) && error.status === 401 && queryClient.getQueryData(sessionQueryKey)) {
    queryClient.setQueryData(sessionQueryKey, null);
    rememberSession(null);
    sessionExpired.dispatchEvent(new Event('expired'));
  }
}

/**
 * The app's one QueryClient. It lives in the lazily loaded /app layout: the
 * public pages (login, setup, visitor) do not download TanStack Query.
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: handleError }),
  mutationCache: new MutationCache({ onError: handleError }),
  defaultOptions: {
    queries: {
      retry: (failureCount, error) =>
        isApiError(error) && error.status >= 400 && error.status < 500 ? false : failureCount < 2,
    },
    mutations: { retry: false },
  },
});
