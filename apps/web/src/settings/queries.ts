import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  type backupOverviewSchema,
  type calendarFeedSchema,
  type notificationSettingsSchema,
  type passkeyCreationOptionsSchema,
  type passkeyListSchema,
  type passkeySchema,
  type sessionResponseSchema,
  type NotificationChoicesInput,
  type SessionUser,
} from '@rustico/core';
import { sessionQueryKey } from '../auth/queries.ts';
import { rememberSession } from '../auth/session.ts';
import { bookingKeys } from '../bookings/queries.ts';
import { api, ifMatch, upload, type Answer } from '../lib/api.ts';
import { FIRST_DATA } from '../lib/api-paths.ts';
import { LOADED_BEFORE_MOUNT } from '../lib/first-data.ts';

/** Sends the picked file as it is (its own Content-Type); the server checks the content. */
export async function uploadPhoto(file: File): Promise<SessionUser> {
  return (await upload<Answer<typeof sessionResponseSchema>>('PUT', '/profile/photo', file, file.type || 'application/octet-stream')).user;
}

/** A new name, made on the version of the profile `version` (another device may have changed it since). */
export async function updateName(name: string, version: number): Promise<SessionUser> {
  return (await api.put<Answer<typeof sessionResponseSchema>>('/profile', { name }, ifMatch(version))).user;
}

/**
 * A new name or photo shows everywhere at once: the shell reads the session
 * query; calendars, histories and notes carry names and photos, so they refetch.
 */
export function showUpdatedUser(queryClient: QueryClient, user: SessionUser): void {
  rememberSession(user);
  queryClient.setQueryData(sessionQueryKey, user);
  void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['notes'] });
}

const calendarFeedKey = ['profile', 'calendar-feed'] as const;

/** My private iCalendar address (made on first use). */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) => api.get<Answer<typeof calendarFeedSchema>>('/profile/calendar-feed', { signal }),
    enabled,
    staleTime: Infinity,
  });
}

/** A new address; the old one stops working. */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Answer<typeof calendarFeedSchema>>('/profile/calendar-feed/renew', {}),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}

const notificationSettingsKey = ['profile', 'notifications'] as const;

/** My channel for each kind of message, and whether the server sends email at all; Impostazioni's loader asks first. */
export const notificationSettingsQuery = queryOptions({
  queryKey: notificationSettingsKey,
  queryFn: ({ signal }) => api.get<Answer<typeof notificationSettingsSchema>>(FIRST_DATA.notificationSettings, { signal }),
  staleTime: LOADED_BEFORE_MOUNT,
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery);
}

export function useSaveNotificationChoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationChoicesInput) => api.put<Answer<typeof notificationSettingsSchema>>('/profile/notifications', input),
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsKey, settings),
  });
}

const passkeysKey = ['profile', 'passkeys'] as const;

/** My passkeys, the one this session signed in with marked. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: ({ signal }) => api.get<Answer<typeof passkeyListSchema>>('/profile/passkeys', { signal }).then((data) => data.passkeys),
  });
}

/** This device makes a passkey (its own dialog: fingerprint, face, screen lock) and the house keeps it under a name. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const [{ createPasskey }, options] = await Promise.all([
        import('../lib/webauthn.ts'),
        api.post<Answer<typeof passkeyCreationOptionsSchema>>('/profile/passkeys/options', {}),
      ]);
      const credential = await createPasskey(options);
      return (await api.post<{ passkey: Answer<typeof passkeySchema> }>('/profile/passkeys', { name, credential })).passkey;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

/** Removes one of my passkeys: whoever signed in with it is logged out. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/profile/passkeys/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

/** The daily backups, for an admin's Impostazioni (asked only for admins; its loader brings them). */
export const backupOverviewQuery = queryOptions({
  queryKey: ['admin', 'backups'],
  queryFn: ({ signal }) => api.get<Answer<typeof backupOverviewSchema>>('/admin/backups', { signal }),
  staleTime: LOADED_BEFORE_MOUNT,
});

export function useBackupOverview() {
  return useQuery(backupOverviewQuery);
}
