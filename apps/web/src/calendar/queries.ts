import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type bookingListSchema,
  type bookingResponseSchema,
  type houseRulesResponseSchema,
  type Booking,
  type BookingInput,
  type IsoDate,
} from '@rustico/core';
import { api, type Answer } from '../lib/api.ts';
import { bookingsBetweenAddress, FIRST_DATA } from '../lib/api-paths.ts';
import { bookingKeys } from '../bookings/queries.ts';
import { houseRulesKey } from '../fairness/keys.ts';
import { LOADED_BEFORE_MOUNT } from '../app/first-data.ts';

export { bookingKeys };

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


export const houseRulesQuery = queryOptions({
  queryKey: houseRulesKey,
  queryFn: ({ signal }) => api.get<Answer<typeof houseRulesResponseSchema>>(FIRST_DATA.houseRules, { signal }).then((data) => data.rules),
  staleTime: 10 * 60_000,
});

export function useHouseRules() {
  return useQuery(houseRulesQuery);
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
    mutationFn: ({ id, input }: { id: string; input: BookingInput }) =>
      api.put<Answer<typeof bookingResponseSchema>>(`/bookings/${encodeURIComponent(id)}`, input).then((data) => data.booking),
    onSuccess: (booking) => {
      upsertInRanges(queryClient, booking);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}

export function useDeleteBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/bookings/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      removeFromRanges(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}
