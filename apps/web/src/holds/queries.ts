import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { bookingResponseSchema, holdListSchema, holdResponseSchema, HoldInput, IsoDate, Purpose } from '@rustico/core';
import { bookingKeys } from '../bookings/queries.ts';
import { api, type Answer } from '../lib/api.ts';
import { LOADED_BEFORE_MOUNT } from '../lib/first-data.ts';

/** Holds («opzione») live under ['holds']: the calendar's months and Home's «Le tue opzioni». */
export const holdKeys = {
  all: ['holds'] as const,
  range: (from: IsoDate, to: IsoDate) => [...holdKeys.all, 'range', from, to] as const,
  mine: () => [...holdKeys.all, 'mine'] as const,
};

export function holdRangeQuery(from: IsoDate, to: IsoDate) {
  return queryOptions({
    queryKey: holdKeys.range(from, to),
    queryFn: ({ signal }) => api.get<Answer<typeof holdListSchema>>(`/holds?from=${from}&to=${to}`, { signal }).then((data) => data.holds),
    // The calendar's loader asks for the month it opens on, as it does for the bookings.
    staleTime: LOADED_BEFORE_MOUNT,
  });
}

/** The holds touching a month grid's days, everyone's, drawn hatched on the calendar. */
export function useHoldsBetween(from: IsoDate, to: IsoDate) {
  return useQuery({ ...holdRangeQuery(from, to), placeholderData: keepPreviousData });
}

export function useMyHolds() {
  return useQuery({
    queryKey: holdKeys.mine(),
    queryFn: ({ signal }) => api.get<Answer<typeof holdListSchema>>('/holds/mine', { signal }).then((data) => data.holds),
  });
}

function useHoldsChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: holdKeys.all });
}

export function useCreateHold() {
  const changed = useHoldsChanged();
  return useMutation({
    mutationFn: (input: HoldInput) => api.post<Answer<typeof holdResponseSchema>>('/holds', input).then((data) => data.hold),
    onSettled: changed,
  });
}

export function useConfirmHold() {
  const changed = useHoldsChanged();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, purpose }: { id: string; purpose: Purpose }) =>
      api.post<Answer<typeof bookingResponseSchema>>(`/holds/${encodeURIComponent(id)}/confirm`, { purpose }).then((data) => data.booking),
    onSettled: () => {
      changed();
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}

export function useReleaseHold() {
  const changed = useHoldsChanged();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      api.delete(`/holds/${encodeURIComponent(id)}${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`),
    onSettled: changed,
  });
}
