import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { firstWaitingSchema, memberDirectorySchema, offerListSchema, offerResponseSchema, swapListSchema, swapResponseSchema, OfferInput, SwapInput } from '@rustico/core';
import { api, type Answer } from '../lib/api.ts';
import { bookingKeys } from '../bookings/queries.ts';
import { LOADED_BEFORE_MOUNT } from '../lib/first-data.ts';

/** Open swaps («scambio») and stays given («cedi») I proposed or was proposed: Home's card and the booking panel. */
export const swapKeys = {
  all: ['swaps'] as const,
  swaps: ['swaps', 'swaps'] as const,
  offers: ['swaps', 'offers'] as const,
  directory: ['swaps', 'directory'] as const,
};

export const swapsQuery = queryOptions({
  queryKey: swapKeys.swaps,
  queryFn: ({ signal }) => api.get<Answer<typeof swapListSchema>>('/swaps', { signal }).then((data) => data.swaps),
  // Home's loader asks before the card mounts; live events keep it fresh after.
  staleTime: LOADED_BEFORE_MOUNT,
});

export const offersQuery = queryOptions({
  queryKey: swapKeys.offers,
  queryFn: ({ signal }) => api.get<Answer<typeof offerListSchema>>('/offers', { signal }).then((data) => data.offers),
  staleTime: LOADED_BEFORE_MOUNT,
});

export function useSwaps() {
  return useQuery(swapsQuery);
}

export function useOffers() {
  return useQuery(offersQuery);
}

/** Whom one may give a stay to: asked for when the «Cedi» dialog opens. */
export function useDirectory(enabled: boolean) {
  return useQuery({
    queryKey: swapKeys.directory,
    queryFn: ({ signal }) => api.get<Answer<typeof memberDirectorySchema>>('/members/directory', { signal }).then((data) => data.members),
    enabled,
  });
}

/** Who is first on my stay's waitlist (null: nobody), asked for when the «Cedi» dialog opens. */
export function useFirstWaiting(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...swapKeys.all, 'first-waiting', bookingId],
    queryFn: ({ signal }) => api.get<Answer<typeof firstWaitingSchema>>(`/bookings/${encodeURIComponent(bookingId)}/first-waiting`, { signal }).then((data) => data.first),
    enabled,
  });
}

/** An answer moves stays: the calendar refreshes with the proposals. */
function useChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: swapKeys.all });
    void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
  };
}

const path = (id: string) => encodeURIComponent(id);

export function useProposeSwap() {
  const changed = useChanged();
  return useMutation({ mutationFn: (input: SwapInput) => api.post<Answer<typeof swapResponseSchema>>('/swaps', input).then((data) => data.swap), onSettled: changed });
}

export function useAnswerSwap() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' | 'withdraw' }) =>
      answer === 'withdraw' ? api.delete(`/swaps/${path(id)}`) : api.post(`/swaps/${path(id)}/${answer}`, {}),
    onSettled: changed,
  });
}

export function useOfferStay() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ bookingId, ...input }: OfferInput & { bookingId: string }) => api.post<Answer<typeof offerResponseSchema>>(`/bookings/${path(bookingId)}/offer`, input).then((data) => data.offer),
    onSettled: changed,
  });
}

export function useAnswerOffer() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' | 'withdraw' }) =>
      answer === 'withdraw' ? api.delete(`/offers/${path(id)}`) : api.post(`/offers/${path(id)}/${answer}`, {}),
    onSettled: changed,
  });
}
