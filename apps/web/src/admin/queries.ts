import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type addedMemberSchema,
  type adminReadingListSchema,
  type adminReadingResponseSchema,
  type memberSchema,
  type memberWithPasswordSchema,
  type storageStatisticsSchema,
  type yearStatisticsSchema,
  type Member,
  type MemberUpdate,
  type MeterReadingInput,
  type NewMember,
} from '@rustico/core';
import { sessionQueryKey } from '../auth/queries.ts';
import { api, ifMatch, type Answer } from '../lib/api.ts';
import { membersKey } from '../members/queries.ts';
import { readingsKey, statisticsKey, storageKey } from './keys.ts';

/**
 * The statistics live under ['bookings'] (see bookings/queries.ts), so a live
 * booking event refreshes them like every other booking view.
 */

export function statisticsQuery(year: number) {
  return queryOptions({
    queryKey: statisticsKey(year),
    queryFn: ({ signal }) => api.get<Answer<typeof yearStatisticsSchema>>(`/admin/statistics?year=${year}`, { signal }),
  });
}

export function useStatistics(year: number, enabled: boolean) {
  return useQuery({ ...statisticsQuery(year), enabled });
}

/** The files stored against the budgets, whatever the year. */
export function useStorage(enabled: boolean) {
  return useQuery({
    queryKey: storageKey,
    queryFn: ({ signal }) => api.get<Answer<typeof storageStatisticsSchema>>('/admin/statistics/storage', { signal }),
    enabled,
  });
}

type MemberResponse = { user: Answer<typeof memberSchema> };
const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

/** Puts a changed member into the cached list and refreshes it (and the session when it is the viewer). */
function useMemberChanged() {
  const queryClient = useQueryClient();
  return (user: Member) => {
    queryClient.setQueryData<Member[]>(membersKey, (list) => {
      if (!list) return list;
      return list.some((m) => m.id === user.id) ? list.map((m) => (m.id === user.id ? user : m)) : [...list, user];
    });
    void queryClient.invalidateQueries({ queryKey: membersKey });
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };
}

export function useAddMember() {
  const changed = useMemberChanged();
  return useMutation({
    mutationFn: (input: NewMember) => api.post<Answer<typeof addedMemberSchema>>('/admin/users', input),
    onSuccess: (data) => changed(data.user),
  });
}

export function useUpdateMember() {
  const changed = useMemberChanged();
  return useMutation({
    mutationFn: ({ id, changes, version }: { id: string; changes: MemberUpdate; version: number }) =>
      api.patch<MemberResponse>(userPath(id), changes, ifMatch(version)).then((data) => data.user),
    onSuccess: changed,
  });
}

export function useResetPassword() {
  const changed = useMemberChanged();
  return useMutation({
    mutationFn: (id: string) => api.post<Answer<typeof memberWithPasswordSchema>>(`${userPath(id)}/password`, {}),
    onSuccess: (data) => changed(data.user),
  });
}

export function useRestoreVoucher() {
  const changed = useMemberChanged();
  return useMutation({
    mutationFn: (id: string) => api.post<MemberResponse>(`${userPath(id)}/voucher`, {}).then((data) => data.user),
    onSuccess: changed,
  });
}

/** Removes every passkey of a member (a lost phone); the sessions signed in with them end. */
export function useRemovePasskeys() {
  const changed = useMemberChanged();
  return useMutation({
    mutationFn: (id: string) => api.delete<MemberResponse>(`${userPath(id)}/passkeys`).then((data) => data.user),
    onSuccess: changed,
  });
}

export function useReadings(enabled: boolean) {
  return useQuery({
    queryKey: readingsKey,
    queryFn: ({ signal }) => api.get<Answer<typeof adminReadingListSchema>>('/admin/readings', { signal }).then((data) => data.readings),
    enabled,
  });
}

/** A corrected reading changes a stay's kWh and cost: every booking view is refreshed. */
export function useCorrectReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reading }: { id: string; reading: MeterReadingInput }) =>
      api.put<Answer<typeof adminReadingResponseSchema>>(`/admin/readings/${encodeURIComponent(id)}`, reading).then((data) => data.reading),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}
