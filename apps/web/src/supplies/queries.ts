import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Supply, SupplyState, supplyListSchema, supplyResponseSchema } from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import { api, ifMatch, type Answer } from '../lib/api.ts';
import { sendOrQueue } from '../offline/outbox.ts';

/** Everything between stays lives under ['upkeep']: a live `upkeep` event refreshes it all. */
export const upkeepKey = ['upkeep'] as const;
export const supplyKeys = { all: [...upkeepKey, 'supplies'] as const };

export function useSupplies() {
  return useQuery({
    queryKey: supplyKeys.all,
    queryFn: ({ signal }) => api.get<Answer<typeof supplyListSchema>>('/supplies', { signal }).then((data) => data.supplies),
  });
}

type SupplyAnswer = Answer<typeof supplyResponseSchema>;

/** Shows a supply's new state at once; the refetch (and the live event) follow. */
function useSupplyChanged() {
  const queryClient = useQueryClient();
  return {
    optimistic: (id: string, change: (supply: Supply) => Supply) =>
      queryClient.setQueryData<Supply[]>(supplyKeys.all, (list) => list?.map((supply) => (supply.id === id ? change(supply) : supply))),
    settled: () => void queryClient.invalidateQueries({ queryKey: upkeepKey }),
  };
}

/** Marks ok, poco or finito: at the house without signal it waits in the outbox. Ok ends the claim (brought). */
export function useMarkSupply() {
  const user = useCurrentUser();
  const changed = useSupplyChanged();
  return useMutation({
    mutationFn: ({ id, state }: { id: string; state: SupplyState }) =>
      sendOrQueue<SupplyAnswer>({ userId: user.id, kind: 'supply', method: 'PUT', path: `/supplies/${encodeURIComponent(id)}`, body: { state } }),
    onMutate: ({ id, state }) => changed.optimistic(id, (supply) => ({ ...supply, state, ...(state === 'ok' ? { claimedById: null, claimedByName: null } : {}) })),
    onSettled: changed.settled,
  });
}

/** «Lo porto io» and taking it back. */
export function useClaimSupply() {
  const changed = useSupplyChanged();
  return useMutation({
    mutationFn: ({ id, claim }: { id: string; claim: boolean }) =>
      (claim ? api.post<SupplyAnswer>(`/supplies/${encodeURIComponent(id)}/claim`, {}) : api.delete<SupplyAnswer>(`/supplies/${encodeURIComponent(id)}/claim`)).then((data) => data.supply),
    onSettled: changed.settled,
  });
}

export function useAddSupply() {
  const changed = useSupplyChanged();
  return useMutation({
    mutationFn: (name: string) => api.post<SupplyAnswer>('/supplies', { name }).then((data) => data.supply),
    onSettled: changed.settled,
  });
}

export function useRenameSupply() {
  const changed = useSupplyChanged();
  return useMutation({
    mutationFn: ({ supply, name }: { supply: Supply; name: string }) =>
      api.put<SupplyAnswer>(`/supplies/${encodeURIComponent(supply.id)}`, { name }, ifMatch(supply.version)).then((data) => data.supply),
    onSettled: changed.settled,
  });
}

export function useArchiveSupply() {
  const changed = useSupplyChanged();
  return useMutation({
    mutationFn: (supply: Supply) => api.put<SupplyAnswer>(`/supplies/${encodeURIComponent(supply.id)}`, { archived: true }, ifMatch(supply.version)).then((data) => data.supply),
    onSettled: changed.settled,
  });
}
