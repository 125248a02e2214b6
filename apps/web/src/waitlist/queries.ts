import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Stay, waitlistEntryResponseSchema, waitlistSchema } from '@rustico/core';
import { api, type Answer } from '../lib/api.ts';

/** "Tell me when these nights free up": my entries, shown with my bookings and on a taken booking. */
export const waitlistKey = ['waitlist'] as const;

export function useWaitlist() {
  return useQuery({
    queryKey: waitlistKey,
    queryFn: ({ signal }) => api.get<Answer<typeof waitlistSchema>>('/waitlist', { signal }).then((data) => data.entries),
  });
}

function useWaitlistChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: waitlistKey });
}

export function useJoinWaitlist() {
  const changed = useWaitlistChanged();
  return useMutation({
    mutationFn: (stay: Stay) => api.post<Answer<typeof waitlistEntryResponseSchema>>('/waitlist', { start: stay.start, end: stay.end }).then((data) => data.entry),
    onSettled: changed,
  });
}

export function useLeaveWaitlist() {
  const changed = useWaitlistChanged();
  return useMutation({ mutationFn: (id: string) => api.delete(`/waitlist/${encodeURIComponent(id)}`), onSettled: changed });
}
