import { z } from 'zod';
import { expenseCategories } from '../expenses.ts';
import { isoDateSchema } from './dates.ts';
import { centimesSchema } from './money.ts';
import { memberIdSchema } from './roles.ts';
import { freeTextSchema } from './text.ts';
import { versionSchema } from './versions.ts';

export const expenseCategorySchema = z.enum(expenseCategories, { message: 'UNKNOWN_CATEGORY' });

export const expenseInputSchema = z.object({
  date: isoDateSchema,
  amountCentimes: centimesSchema.positive('AMOUNT_INVALID'),
  category: expenseCategorySchema,
  description: freeTextSchema({ max: 200, emptyCode: 'DESCRIPTION_REQUIRED' }),
  /** A member's id, or null when the house's own account paid. */
  paidById: memberIdSchema.nullable(),
  recurring: z.boolean(),
});
export type ExpenseInput = z.infer<typeof expenseInputSchema>;

export const receiptSchema = z.object({
  kind: z.enum(['image', 'pdf']),
  reference: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const expenseSchema = z.object({
  id: z.string(),
  date: isoDateSchema,
  amountCentimes: z.number().int(),
  category: expenseCategorySchema,
  description: z.string(),
  paidById: z.string().nullable(),
  paidByName: z.string().nullable(),
  recurring: z.boolean(),
  verified: z.boolean(),
  authorId: z.string(),
  authorName: z.string(),
  receipt: receiptSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type Expense = z.infer<typeof expenseSchema>;

export const expenseResponseSchema = z.object({ expense: expenseSchema });
export const expenseListSchema = z.object({ expenses: z.array(expenseSchema) });
export const expenseListQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
export const expenseUpdateSchema = expenseInputSchema.extend({ verified: z.boolean().optional() });
export type ExpenseUpdate = z.infer<typeof expenseUpdateSchema>;

