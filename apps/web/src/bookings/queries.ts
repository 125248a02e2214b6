import { queryOptions, useQuery } from '@tanstack/react-query';
import { bookingListSchema, nextBookingSchema, type IsoDate } from '@rustico/core';
import { api } from '../lib/api.ts';

/**
 * Every bookings query lives under ['bookings'], so one invalidation of
 * `bookingKeys.all` (e.g. on a live event) refreshes the calendar, the next
 * booking and every history.
 */
export const bookingKeys = {
  all: ['bookings'] as const,
  ranges: () => [...bookingKeys.all, 'range'] as const,
  range: (from: IsoDate, to: IsoDate) => [...bookingKeys.ranges(), from, to] as const,
  next: () => [...bookingKeys.all, 'next'] as const,
  histories: () => [...bookingKeys.all, 'history'] as const,
  history: (userId: string) => [...bookingKeys.histories(), userId] as const,
};

export const nextBookingQuery = queryOptions({
  queryKey: bookingKeys.next(),
  queryFn: ({ signal }) => api.get('/bookings/next', nextBookingSchema, { signal }).then((data) => data.booking),
});

export function useNextBooking() {
  return useQuery(nextBookingQuery);
}

export function bookingHistoryQuery(userId: string) {
  return queryOptions({
    queryKey: bookingKeys.history(userId),
    queryFn: ({ signal }) =>
      api.get(`/users/${encodeURIComponent(userId)}/bookings`, bookingListSchema, { signal }).then((data) => data.bookings),
  });
}

export function useBookingHistory(userId: string, enabled = true) {
  return useQuery({ ...bookingHistoryQuery(userId), enabled });
}
