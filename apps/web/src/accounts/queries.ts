import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type balancesResponseSchema,
  type contributionSchema,
  type contributionsResponseSchema,
  type historySchema,
  type expenseListSchema,
  type expenseResponseSchema,
  type settlementResponseSchema,
  type yearAccountSchema,
  type ContributionShares,
  type Expense,
  type ExpenseInput,
  type SettlementInput,
} from '@rustico/core';
import { api, ifMatch, upload, type Answer } from '../lib/api.ts';
import { moneyKeys } from './keys.ts';

export function useYearAccount(year: number) {
  return useQuery({ queryKey: moneyKeys.account(year), queryFn: ({ signal }) => api.get<Answer<typeof yearAccountSchema>>(`/accounts/${year}`, { signal }) });
}

export function useExpenses(year: number) {
  return useQuery({
    queryKey: moneyKeys.expenses(year),
    queryFn: ({ signal }) => api.get<Answer<typeof expenseListSchema>>(`/expenses?year=${year}`, { signal }).then((data) => data.expenses),
  });
}

export function useExpenseHistory(id: string) {
  return useQuery({
    queryKey: moneyKeys.history(id),
    queryFn: ({ signal }) => api.get<Answer<typeof historySchema>>(`/expenses/${encodeURIComponent(id)}/history`, { signal }).then((data) => data.changes),
  });
}

export function useBalances() {
  return useQuery({ queryKey: moneyKeys.balances, queryFn: ({ signal }) => api.get<Answer<typeof balancesResponseSchema>>('/accounts/balances', { signal }) });
}

export function useContributions(year: number) {
  return useQuery({
    queryKey: moneyKeys.contributions(year),
    queryFn: ({ signal }) => api.get<Answer<typeof contributionsResponseSchema>>(`/accounts/${year}/contributions`, { signal }),
  });
}

/** Every money view depends on every money write: refresh them all. */
function useMoneyChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
}

/** The browser's type for the file when it is one the server takes; the server still checks the content. */
function uploadType(file: File): string {
  if (file.type.startsWith('image/') || file.type === 'application/pdf') return file.type;
  return /\.pdf$/i.test(file.name) ? 'application/pdf' : 'application/octet-stream';
}

export async function uploadReceipt(id: string, file: File): Promise<Expense> {
  return (await upload<Answer<typeof expenseResponseSchema>>('PUT', `/expenses/${encodeURIComponent(id)}/receipt`, file, uploadType(file))).expense;
}

export function useSaveExpense() {
  const changed = useMoneyChanged();
  return useMutation({
    mutationFn: ({ id, input, verified, version }: { id: string | null; input: ExpenseInput; verified?: boolean; version?: number }) =>
      (id
        ? api.put<Answer<typeof expenseResponseSchema>>(`/expenses/${encodeURIComponent(id)}`, { ...input, ...(verified === undefined ? {} : { verified }) }, version === undefined ? undefined : ifMatch(version))
        : api.post<Answer<typeof expenseResponseSchema>>('/expenses', input)
      ).then((data) => data.expense),
    onSettled: changed,
  });
}

export function useUploadReceipt() {
  const changed = useMoneyChanged();
  return useMutation({ mutationFn: ({ id, file }: { id: string; file: File }) => uploadReceipt(id, file), onSettled: changed });
}

export function useDeleteExpense() {
  const changed = useMoneyChanged();
  return useMutation({ mutationFn: ({ id, version }: { id: string; version: number }) => api.delete(`/expenses/${encodeURIComponent(id)}`, ifMatch(version)), onSettled: changed });
}

export function useRecordSettlement() {
  const changed = useMoneyChanged();
  return useMutation({
    mutationFn: (input: SettlementInput) => api.post<Answer<typeof settlementResponseSchema>>('/accounts/settlements', input).then((data) => data.settlement),
    onSettled: changed,
  });
}

export function useSaveContributionSettings() {
  const changed = useMoneyChanged();
  return useMutation({
    mutationFn: async ({ budgetCentimes, shares }: { budgetCentimes: number; shares: ContributionShares }) => {
      await api.put('/accounts/budget', { budgetCentimes });
      await api.put('/accounts/shares', shares);
    },
    onSettled: changed,
  });
}

export function useIssueContributions() {
  const changed = useMoneyChanged();
  return useMutation({ mutationFn: (year: number) => api.post<Answer<typeof contributionsResponseSchema>>(`/accounts/${year}/contributions`, {}), onSettled: changed });
}

export function useMarkContributionPaid() {
  const changed = useMoneyChanged();
  return useMutation({
    mutationFn: (id: string) => api.post<{ contribution: Answer<typeof contributionSchema> }>(`/contributions/${encodeURIComponent(id)}/paid`, {}),
    onSettled: changed,
  });
}
