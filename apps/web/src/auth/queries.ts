import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { redirect, useRouteLoaderData } from 'react-router';
import type { SessionUser } from '@rustico/core';
import { api, isApiError } from '../lib/api.ts';
import { API_CACHE_NAME } from '../lib/freshness-header.ts';
import { endLiveEventsEverywhere } from '../lib/events.ts';
import { APP_ROUTE_ID, probeSession, rememberSession } from './session.ts';

export const sessionQueryKey = ['session'] as const;

/** The logged-in user, or null when nobody is (401). */
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }): Promise<SessionUser | null> => probeSession(signal),
  staleTime: 5 * 60_000,
});

/** Loader of `/app/*`: only for logged-in users; returns the user as loader data. */
export async function requireSession(queryClient: QueryClient): Promise<SessionUser> {
  // A cached "logged out" is never trusted: the login page logs in without this client.
  const cached = queryClient.getQueryData(sessionQuery.queryKey);
  const user = cached ?? (await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 }));
  if (!user) throw redirect('/login');
  return user;
}

export function useSession() {
  return useQuery(sessionQuery);
}

/** The logged-in user inside /app (guaranteed by the /app loader, kept fresh by the query). */
export function useCurrentUser(): SessionUser {
  const loaderUser = useRouteLoaderData(APP_ROUTE_ID) as SessionUser;
  const { data } = useQuery(sessionQuery);
  return data ?? loaderUser;
}

/** Fired when the session we thought we had ended elsewhere; the shell sends the user to /login. */
export const sessionExpired = new EventTarget();

/** Forgets the session we thought we had (a call answered 401, or another tab logged out) and sends the user to /login. */
export function endSession(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionQueryKey, null);
  rememberSession(null);
  sessionExpired.dispatchEvent(new Event('expired'));
}

/** Ends the session; a session that had already expired counts as logged out. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.delete('/session');
      } catch (error) {
        if (!(isApiError(error) && error.status === 401)) throw error;
      }
    },
    onSuccess: () => {
      endLiveEventsEverywhere();
      queryClient.clear();
      // What the worker kept for reading offline belongs to this member, not the next one.
      if ('caches' in window) void caches.delete(API_CACHE_NAME);
      queryClient.setQueryData(sessionQueryKey, null);
      rememberSession(null);
    },
  });
}

