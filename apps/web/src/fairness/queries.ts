import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type approvalResponseSchema,
  type competingRequestsSchema,
  type fairnessViewSchema,
  type houseRulesResponseSchema,
  type noticeListSchema,
  type peakPeriodListSchema,
  type peakPeriodResponseSchema,
  type pendingRequestsSchema,
  type quotaResponseSchema,
  type ruleHistorySchema,
  type suggestedOrderSchema,
  type turnRoundListSchema,
  type turnRoundResponseSchema,
  type Approval,
  type HouseRulesUpdate,
  type PeakPeriodInput,
  type SkipTurn,
  type TurnRoundInput,
} from '@rustico/core';
import { bookingKeys } from '../bookings/queries.ts';
import { api, ifMatch, type Answer } from '../lib/api.ts';
import { fairnessKeys, houseRulesKey } from './keys.ts';
import { FIRST_DATA, quotaAddress } from '../lib/api-paths.ts';
import { LOADED_BEFORE_MOUNT } from '../lib/first-data.ts';

const enc = encodeURIComponent;

// ---- House rules and peak periods -------------------------------------------

export type HouseRulesAnswer = Answer<typeof houseRulesResponseSchema>;

/** The house rules (prices, limits, the fair-booking rules) and their version; the calendar and the payment read them too. */
export const houseRulesQuery = queryOptions({
  queryKey: houseRulesKey,
  queryFn: ({ signal }) => api.get<HouseRulesAnswer>(FIRST_DATA.houseRules, { signal }),
  staleTime: 10 * 60_000,
});

const rulesOf = (answer: HouseRulesAnswer) => answer.rules;

export function useHouseRules() {
  return useQuery({ ...houseRulesQuery, select: rulesOf });
}

/** The rules with the version an admin's change is made on. */
export function useVersionedHouseRules() {
  return useQuery(houseRulesQuery);
}

export function useRuleHistory() {
  return useQuery({
    queryKey: fairnessKeys.ruleHistory,
    queryFn: ({ signal }) => api.get<Answer<typeof ruleHistorySchema>>('/house/rules/history', { signal }).then((data) => data.changes),
  });
}

export const peakPeriodsQuery = queryOptions({
  queryKey: fairnessKeys.peaks,
  queryFn: ({ signal }) => api.get<Answer<typeof peakPeriodListSchema>>('/peak-periods', { signal }).then((data) => data.peakPeriods),
  staleTime: 10 * 60_000,
});

export function usePeakPeriods() {
  return useQuery(peakPeriodsQuery);
}

/** A rule or a peak period changed: the rules, their history, what they decide (quotas, the fairness view). */
function useRulesChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: houseRulesKey });
    void queryClient.invalidateQueries({ queryKey: fairnessKeys.all });
  };
}

export function useSaveRules() {
  const changed = useRulesChanged();
  return useMutation({
    mutationFn: ({ update, version }: { update: HouseRulesUpdate; version: number }) =>
      api.put<HouseRulesAnswer>('/house/rules', update, ifMatch(version)).then((data) => data.rules),
    onSettled: changed,
  });
}

export function useSaveMemberQuota() {
  const changed = useRulesChanged();
  return useMutation({
    mutationFn: ({ memberId, quotaNights, version }: { memberId: string; quotaNights: number | null; version: number }) =>
      api.put<HouseRulesAnswer>(`/house/rules/quotas/${enc(memberId)}`, { quotaNights }, ifMatch(version)).then((data) => data.rules),
    onSettled: changed,
  });
}

export function useSavePeakPeriod() {
  const changed = useRulesChanged();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PeakPeriodInput }) =>
      (id ? api.put<Answer<typeof peakPeriodResponseSchema>>(`/peak-periods/${enc(id)}`, input) : api.post<Answer<typeof peakPeriodResponseSchema>>('/peak-periods', input)).then(
        (data) => data.peakPeriod,
      ),
    onSettled: changed,
  });
}

export function useDeletePeakPeriod() {
  const changed = useRulesChanged();
  return useMutation({ mutationFn: (id: string) => api.delete(`/peak-periods/${enc(id)}`), onSettled: changed });
}

// ---- Quota and the fairness view ---------------------------------------------

/** A member's nights used and left in a year (members: their own; admins: anyone's). */
/** The calendar's loader asks for my quota before the month is drawn. */
export function quotaQuery(memberId: string, year: number) {
  return queryOptions({
    queryKey: fairnessKeys.quota(memberId, year),
    queryFn: ({ signal }) => api.get<Answer<typeof quotaResponseSchema>>(quotaAddress(memberId, year), { signal }).then((data) => data.quota),
    staleTime: LOADED_BEFORE_MOUNT,
  });
}

export function useQuota(memberId: string, year: number, enabled = true) {
  return useQuery({ ...quotaQuery(memberId, year), enabled });
}

export function useFairnessView(year: number) {
  return useQuery({ queryKey: fairnessKeys.view(year), queryFn: ({ signal }) => api.get<Answer<typeof fairnessViewSchema>>(`/fairness?year=${year}`, { signal }) });
}

// ---- Requests and approval ---------------------------------------------------

/** Home's loader asks for the requests, turns and notices before their cards mount (lib/first-data.ts). */
export const pendingRequestsQuery = queryOptions({
  queryKey: fairnessKeys.requests,
  queryFn: ({ signal }) => api.get<Answer<typeof pendingRequestsSchema>>(FIRST_DATA.pendingRequests, { signal }).then((data) => data.bookings),
  staleTime: LOADED_BEFORE_MOUNT,
});

export function usePendingRequests() {
  return useQuery(pendingRequestsQuery);
}

export function useCompetingRequests(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: fairnessKeys.competing(bookingId),
    queryFn: ({ signal }) => api.get<Answer<typeof competingRequestsSchema>>(`/bookings/${enc(bookingId)}/competing`, { signal }).then((data) => data.requests),
    enabled,
  });
}

/** A decision changes bookings, requests, quotas and the fairness view. */
function useBookingsChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    void queryClient.invalidateQueries({ queryKey: fairnessKeys.all });
  };
}

/** The approval carries the request's dates as shown (decisions.ts); refused or not, what the page shows is loaded again. */
export function useDecideRequest() {
  const changed = useBookingsChanged();
  return useMutation({
    mutationFn: ({ bookingId, approval }: { bookingId: string; approval: Approval }) =>
      api.post<Answer<typeof approvalResponseSchema>>(`/bookings/${enc(bookingId)}/approval`, approval),
    onSettled: changed,
  });
}

// ---- Picking turns -----------------------------------------------------------

export const turnRoundsQuery = queryOptions({
  queryKey: fairnessKeys.turns,
  queryFn: ({ signal }) => api.get<Answer<typeof turnRoundListSchema>>(FIRST_DATA.turnRounds, { signal }).then((data) => data.rounds),
  staleTime: LOADED_BEFORE_MOUNT,
});

export function useTurnRounds() {
  return useQuery({
    ...turnRoundsQuery,
    // A turn also ends when its window runs out: look again every minute while one runs.
    refetchInterval: (query) => (query.state.data?.some((round) => round.status === 'running') ? 60_000 : false),
  });
}

export function useSuggestedOrder(from: string | null, enabled: boolean) {
  return useQuery({
    queryKey: fairnessKeys.suggestedOrder(from ?? ''),
    queryFn: ({ signal }) => api.get<Answer<typeof suggestedOrderSchema>>(`/turns/suggested-order${from ? `?from=${enc(from)}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useTurnsChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: fairnessKeys.turns });
}

export function useOpenRound() {
  const changed = useTurnsChanged();
  return useMutation({
    mutationFn: (input: TurnRoundInput) => api.post<Answer<typeof turnRoundResponseSchema>>('/turns', input).then((data) => data.round),
    onSettled: changed,
  });
}

/** The skip names whose turn was shown running (decisions.ts); refused or not, the queue is loaded again. */
export function useSkipTurn() {
  const changed = useTurnsChanged();
  return useMutation({
    mutationFn: ({ roundId, memberId }: { roundId: string } & SkipTurn) =>
      api.post<Answer<typeof turnRoundResponseSchema>>(`/turns/${enc(roundId)}/skip`, { memberId } satisfies SkipTurn).then((data) => data.round),
    onSettled: changed,
  });
}

export function useCloseRound() {
  const changed = useTurnsChanged();
  return useMutation({ mutationFn: (roundId: string) => api.delete(`/turns/${enc(roundId)}`), onSettled: changed });
}

// ---- Notices ----------------------------------------------------

export const noticesQuery = queryOptions({
  queryKey: fairnessKeys.notices,
  queryFn: ({ signal }) => api.get<Answer<typeof noticeListSchema>>(FIRST_DATA.notices, { signal }),
  staleTime: LOADED_BEFORE_MOUNT,
});

export function useNotices() {
  return useQuery(noticesQuery);
}

export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => api.post<Answer<typeof noticeListSchema>>('/notices/read', ids ? { ids } : {}),
    onSuccess: (data) => queryClient.setQueryData(fairnessKeys.notices, data),
  });
}
