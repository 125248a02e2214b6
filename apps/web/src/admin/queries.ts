import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addedMemberSchema,
  adminReadingListSchema,
  adminReadingResponseSchema,
  memberListSchema,
  memberSchema,
  memberWithPasswordSchema,
  yearStatisticsSchema,
  type Member,
  type MemberUpdate,
  type MeterReadingInput,
  type NewMember,
} from '@rustico/core';
import { z } from 'zod';
import { sessionQueryKey } from '../auth/queries.ts';
import { api } from '../lib/api.ts';
import { membersKey, readingsKey, statisticsKey } from './keys.ts';

/**
 * The statistics live under ['bookings'] (see bookings/queries.ts), so a live
 * booking event refreshes them like every other booking view.
 */

export function statisticsQuery(year: number) {
  return queryOptions({
    queryKey: statisticsKey(year),
    queryFn: ({ signal }) => api.get(`/admin/statistics?year=${year}`, yearStatisticsSchema, { signal }),
  });
}

export function useStatistics(year: number, enabled: boolean) {
  return useQuery({ ...statisticsQuery(year), enabled });
}

export const membersQuery = queryOptions({
  queryKey: membersKey,
  queryFn: ({ signal }) => api.get('/users', memberListSchema, { signal }).then((data) => data.users),
});

export function useMembers(enabled: boolean) {
  return useQuery({ ...membersQuery, enabled });
}

const memberResponseSchema = z.object({ user: memberSchema });
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
    mutationFn: (input: NewMember) => api.post('/admin/users', input, addedMemberSchema),
    onSuccess: (data) => changed(data.user),
  });
}

export function useUpdateMember() {
  const changed = useMemberChanged();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: MemberUpdate }) =>
      api.patch(userPath(id), changes, memberResponseSchema).then((data) => data.user),
    onSuccess: changed,
  });
}

export function useResetPassword() {
  const changed = useMemberChanged();
  return useMutation({
    mutationFn: (id: string) => api.post(`${userPath(id)}/password`, {}, memberWithPasswordSchema),
    onSuccess: (data) => changed(data.user),
  });
}

export function useRestoreVoucher() {
  const changed = useMemberChanged();
  return useMutation({
    mutationFn: (id: string) => api.post(`${userPath(id)}/voucher`, {}, memberResponseSchema).then((data) => data.user),
    onSuccess: changed,
  });
}

export function useReadings(enabled: boolean) {
  return useQuery({
    queryKey: readingsKey,
    queryFn: ({ signal }) => api.get('/admin/readings', adminReadingListSchema, { signal }).then((data) => data.readings),
    enabled,
  });
}

/** A corrected reading changes a stay's kWh and cost: every booking view is refreshed. */
export function useCorrectReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reading }: { id: string; reading: MeterReadingInput }) =>
      api.put(`/admin/readings/${encodeURIComponent(id)}`, reading, adminReadingResponseSchema).then((data) => data.reading),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}
