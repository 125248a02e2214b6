import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { activityPageSchema, HistorySubject, historySchema } from '@rustico/core';
import { api, type Answer } from '../lib/api.ts';

/** Under ['bookings'] and ['history']: a booking's live events and any change refresh them. */
export const historyKeys = {
  all: ['history'] as const,
  booking: (id: string) => ['bookings', 'changes', id] as const,
  activity: (memberId: string | null, kind: HistorySubject | null) => ['history', 'activity', memberId, kind] as const,
};

/** A booking's changes, oldest first, once asked for (the detail's «Cronologia»). */
export function useBookingChanges(id: string, enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.booking(id),
    queryFn: ({ signal }) => api.get<Answer<typeof historySchema>>(`/bookings/${encodeURIComponent(id)}/history`, { signal }).then((data) => data.changes),
    enabled,
  });
}

/** The house's changes, newest first, a page at a time (administrators' «Attività»). */
export function useActivity(memberId: string | null, kind: HistorySubject | null) {
  return useInfiniteQuery({
    queryKey: historyKeys.activity(memberId, kind),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (memberId) query.set('memberId', memberId);
      if (kind) query.set('kind', kind);
      if (pageParam) query.set('before', pageParam);
      return api.get<Answer<typeof activityPageSchema>>(`/activity${query.size ? `?${query.toString()}` : ''}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}
