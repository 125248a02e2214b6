import type { ContributionShares, YearAccount } from './api/accounts.ts';
import { paymentMethods, type PaymentMethod } from './bookings.ts';
import { expenseCategories, type ExpenseCategory } from './expenses.ts';
import type { Centimes } from './money.ts';

/** The house letter's "about 3000 CHF a year" until the admins set their own. */
export const DEFAULT_BUDGET_CENTIMES = 300_000;

export interface AccountFacts {
  /** Stays with their departure date; paid ones are income in the month they end. */
  stays: readonly { end: string; costCentimes: Centimes; paid: boolean; paymentMethod: PaymentMethod | null }[];
  expenses: readonly { date: string; amountCentimes: Centimes; category: ExpenseCategory; recurring: boolean }[];
  /** Paid contributions of the year, counted in the month they were paid (January when paid before the year). */
  contributions: readonly { year: number; amountCentimes: Centimes; paid: boolean; paidAt: string | null }[];
  budgetCentimes: Centimes;
}

function monthOf(date: string): number {
  return Number(date.slice(5, 7));
}

/** The year's account: income by payment method, expenses by category, the result and each month. */
export function yearAccount(facts: AccountFacts, year: number): YearAccount {
  const prefix = String(year);
  const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, incomeCentimes: 0, expensesCentimes: 0 }));
  const byMethod = new Map<PaymentMethod, number>();
  for (const stay of facts.stays) {
    if (!stay.paid || !stay.end.startsWith(prefix) || !stay.paymentMethod || stay.costCentimes <= 0) continue;
    byMethod.set(stay.paymentMethod, (byMethod.get(stay.paymentMethod) ?? 0) + stay.costCentimes);
    months[monthOf(stay.end) - 1]!.incomeCentimes += stay.costCentimes;
  }
  let contributionsCentimes = 0;
  for (const contribution of facts.contributions) {
    if (contribution.year !== year || !contribution.paid) continue;
    contributionsCentimes += contribution.amountCentimes;
    const month = contribution.paidAt?.startsWith(prefix) ? monthOf(contribution.paidAt) : 1;
    months[month - 1]!.incomeCentimes += contribution.amountCentimes;
  }
  const byCategory = new Map<ExpenseCategory, number>();
  let fixedSpentCentimes = 0;
  for (const expense of facts.expenses) {
    if (!expense.date.startsWith(prefix)) continue;
    byCategory.set(expense.category, (byCategory.get(expense.category) ?? 0) + expense.amountCentimes);
    months[monthOf(expense.date) - 1]!.expensesCentimes += expense.amountCentimes;
    if (expense.recurring) fixedSpentCentimes += expense.amountCentimes;
  }
  const incomeTotal = [...byMethod.values()].reduce((a, b) => a + b, 0) + contributionsCentimes;
  const expensesTotal = [...byCategory.values()].reduce((a, b) => a + b, 0);
  return {
    year,
    income: {
      byMethod: paymentMethods.filter((m) => byMethod.has(m)).map((method) => ({ method, centimes: byMethod.get(method)! })),
      contributionsCentimes,
      totalCentimes: incomeTotal,
    },
    expenses: {
      byCategory: expenseCategories.filter((c) => byCategory.has(c)).map((category) => ({ category, centimes: byCategory.get(category)! })),
      totalCentimes: expensesTotal,
    },
    resultCentimes: incomeTotal - expensesTotal,
    budget: { budgetCentimes: facts.budgetCentimes, fixedSpentCentimes },
    months,
  };
}

export function shareWeights(shares: ContributionShares): number[] {
  return shares.shares.map((share) => (shares.mode === 'equal' ? 1 : (share.percent ?? 0)));
}
