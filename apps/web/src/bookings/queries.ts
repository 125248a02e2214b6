import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOADED_BEFORE_MOUNT } from '../lib/first-data.ts';
import {
  type bookingListSchema,
  type bookingPageSchema,
  type bookingResponseSchema,
  type bookingYearsSchema,
  type nextBookingSchema,
  type Booking,
  type BookingInput,
  type IsoDate,
} from '@rustico/core';
import { api, ifMatch, type Answer } from '../lib/api.ts';
import { bookingsBetweenAddress, FIRST_DATA } from '../lib/api-paths.ts';

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

export function bookingRangeQuery(from: IsoDate, to: IsoDate) {
  return queryOptions({
    queryKey: bookingKeys.range(from, to),
    queryFn: ({ signal }) =>
      api.get<Answer<typeof bookingListSchema>>(bookingsBetweenAddress(from, to), { signal }).then((data) => data.bookings),
    // The calendar's loader asks for the month it opens on.
    staleTime: LOADED_BEFORE_MOUNT,
  });
}

/** The bookings touching the days of a month grid; the previous month's stay on screen while the next loads. */
export function useBookingsBetween(from: IsoDate, to: IsoDate) {
  return useQuery({ ...bookingRangeQuery(from, to), placeholderData: keepPreviousData });
}

export const nextBookingQuery = queryOptions({
  queryKey: bookingKeys.next(),
  queryFn: ({ signal }) => api.get<Answer<typeof nextBookingSchema>>(FIRST_DATA.nextBooking, { signal }).then((data) => data.booking),
  // Home's loader asks before the card mounts; live events keep it fresh after.
  staleTime: LOADED_BEFORE_MOUNT,
});

export function useNextBooking() {
  return useQuery(nextBookingQuery);
}

/** What the server narrows a history to; null is "all". */
export interface HistoryFilter {
  year: string | null;
  memberId: string | null;
}

/** A history a page at a time, newest first: the screen asks for the next page as the list's end comes into view. */
export function useBookingHistory(userId: string, filter: HistoryFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...bookingKeys.history(userId), 'pages', filter.year, filter.memberId],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (filter.year) query.set('year', filter.year);
      if (filter.memberId) query.set('userId', filter.memberId);
      if (pageParam) query.set('before', pageParam);
      const search = query.size ? `?${query.toString()}` : '';
      return api.get<Answer<typeof bookingPageSchema>>(`/users/${encodeURIComponent(userId)}/bookings${search}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
    // A new filter keeps the list (and the filter's focus) on screen until its first page arrives.
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The years a history has stays in (newest first), for the year filter. */
export function useBookingYears(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...bookingKeys.history(userId), 'years'],
    queryFn: ({ signal }) => api.get<Answer<typeof bookingYearsSchema>>(`/users/${encodeURIComponent(userId)}/bookings/years`, { signal }).then((data) => data.years),
    enabled,
  });
}

/** Puts a saved booking into every cached calendar range at once (the refetch follows). */
function upsertInRanges(queryClient: ReturnType<typeof useQueryClient>, booking: Booking) {
  queryClient.setQueriesData<Booking[]>({ queryKey: bookingKeys.ranges() }, (list) =>
    list ? [...list.filter((item) => item.id !== booking.id), booking] : list,
  );
}

function removeFromRanges(queryClient: ReturnType<typeof useQueryClient>, id: string) {
  queryClient.setQueriesData<Booking[]>({ queryKey: bookingKeys.ranges() }, (list) =>
    list ? list.filter((item) => item.id !== id) : list,
  );
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingInput) => api.post<Answer<typeof bookingResponseSchema>>('/bookings', input).then((data) => data.booking),
    onSuccess: (booking) => {
      upsertInRanges(queryClient, booking);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}

export function useUpdateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: BookingInput; version: number }) =>
      api.put<Answer<typeof bookingResponseSchema>>(`/bookings/${encodeURIComponent(id)}`, input, ifMatch(version)).then((data) => data.booking),
    onSuccess: (booking) => {
      upsertInRanges(queryClient, booking);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}

export function useDeleteBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => api.delete(`/bookings/${encodeURIComponent(id)}`, ifMatch(version)),
    onSuccess: (_data, { id }) => {
      removeFromRanges(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}
