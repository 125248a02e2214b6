import { z } from 'zod';
import { paymentMethodSchema, type PaymentMethod } from './bookings.ts';
import { expenseCategories, expenseCategorySchema, type ExpenseCategory } from './expenses.ts';
import { memberIdSchema } from './roles.ts';
import type { Centimes } from './money.ts';

export const yearParamsSchema = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

/** The house letter's "about 3000 CHF a year" until the admins set their own. */
export const DEFAULT_BUDGET_CENTIMES = 300_000;

export const yearAccountSchema = z.object({
  year: z.number().int(),
  income: z.object({
    byMethod: z.array(z.object({ method: paymentMethodSchema, centimes: z.number().int() })),
    contributionsCentimes: z.number().int(),
    totalCentimes: z.number().int(),
  }),
  expenses: z.object({
    byCategory: z.array(z.object({ category: expenseCategorySchema, centimes: z.number().int() })),
    totalCentimes: z.number().int(),
  }),
  resultCentimes: z.number().int(),
  /** The budget of the fixed (recurring) costs against the recurring expenses of the year. */
  budget: z.object({ budgetCentimes: z.number().int(), fixedSpentCentimes: z.number().int() }),
  months: z.array(z.object({ month: z.number().int(), incomeCentimes: z.number().int(), expensesCentimes: z.number().int() })),
});
export type YearAccount = z.infer<typeof yearAccountSchema>;

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
      byMethod: paymentMethodSchema.options.filter((m) => byMethod.has(m)).map((method) => ({ method, centimes: byMethod.get(method)! })),
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

export const budgetInputSchema = z.object({
  budgetCentimes: z.number({ message: 'AMOUNT_INVALID' }).int('AMOUNT_INVALID').min(0, 'AMOUNT_INVALID').max(100_000_000, 'AMOUNT_TOO_LARGE'),
});

/** Co-owners' shares of the fixed costs: equal, or percentages that add up to 100. */
export const contributionSharesSchema = z
  .object({
    mode: z.enum(['equal', 'percent']),
    shares: z
      .array(z.object({ userId: memberIdSchema, percent: z.number().min(0).max(100).optional() }))
      .min(1, 'SHARES_INVALID')
      .max(50),
  })
  .refine((value) => new Set(value.shares.map((s) => s.userId)).size === value.shares.length, { message: 'SHARES_INVALID', path: ['shares'] })
  .refine((value) => value.mode === 'equal' || Math.abs(value.shares.reduce((total, s) => total + (s.percent ?? 0), 0) - 100) < 1e-9, {
    message: 'SHARES_INVALID',
    path: ['shares'],
  });
export type ContributionShares = z.infer<typeof contributionSharesSchema>;

export function shareWeights(shares: ContributionShares): number[] {
  return shares.shares.map((share) => (shares.mode === 'equal' ? 1 : (share.percent ?? 0)));
}

export const contributionSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  userId: z.string(),
  name: z.string(),
  amountCentimes: z.number().int(),
  paid: z.boolean(),
  paidAt: z.string().nullable(),
});
export type Contribution = z.infer<typeof contributionSchema>;

export const contributionsResponseSchema = z.object({
  year: z.number().int(),
  budgetCentimes: z.number().int(),
  shares: contributionSharesSchema.nullable(),
  contributions: z.array(contributionSchema),
});
export type ContributionsResponse = z.infer<typeof contributionsResponseSchema>;
