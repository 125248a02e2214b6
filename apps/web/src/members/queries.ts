import { queryOptions, useQuery } from '@tanstack/react-query';
import type { memberListSchema } from '@rustico/core';
import { api, type Answer } from '../lib/api.ts';

/**
 * The house's members (names, colours, photos), which every screen that picks or shows a member
 * reads: the admin's users page changes them, the forms of bookings, expenses and quotas choose
 * among them.
 */
export const membersKey = ['members'] as const;

export const membersQuery = queryOptions({
  queryKey: membersKey,
  queryFn: ({ signal }) => api.get<Answer<typeof memberListSchema>>('/users', { signal }).then((data) => data.users),
});

export function useMembers(enabled: boolean) {
  return useQuery({ ...membersQuery, enabled });
}
