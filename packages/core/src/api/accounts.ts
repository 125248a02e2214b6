import { z } from 'zod';
import { paymentMethodSchema } from './bookings.ts';
import { expenseCategorySchema } from './expenses.ts';
import { centimesSchema } from './money.ts';
import { memberIdSchema } from './roles.ts';

export const yearParamsSchema = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

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

export const budgetInputSchema = z.object({
  budgetCentimes: centimesSchema,
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
