import { z } from 'zod';
import { addDays, isoDateSchema, type IsoDate } from './dates.ts';
import { roundTo5Centimes, type Centimes } from './money.ts';
import { isAdmin, memberIdSchema, type Role } from './roles.ts';
import { freeTextSchema } from './text.ts';

/** What the house spends on; the Italian names live in the i18n catalogs. */
export const expenseCategories = [
  'insurance',
  'taxes',
  'maintenance',
  'repairs',
  'energy',
  'water',
  'firewood',
  'cleaning',
  'other',
] as const;
export const expenseCategorySchema = z.enum(expenseCategories, { message: 'UNKNOWN_CATEGORY' });
export type ExpenseCategory = z.infer<typeof expenseCategorySchema>;


/** 1,000,000 CHF: anything larger is a typing mistake, not a house expense. */
export const MAX_EXPENSE_CENTIMES = 100_000_000;
/** Receipts: a phone photo or a scanned PDF, never more. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

export const expenseInputSchema = z.object({
  date: isoDateSchema,
  amountCentimes: z
    .number({ message: 'AMOUNT_INVALID' })
    .int('AMOUNT_INVALID')
    .positive('AMOUNT_INVALID')
    .max(MAX_EXPENSE_CENTIMES, 'AMOUNT_TOO_LARGE'),
  category: expenseCategorySchema,
  description: freeTextSchema({ max: 200, emptyCode: 'DESCRIPTION_REQUIRED' }),
  /** A member's id, or null when the house's own account paid. */
  paidById: memberIdSchema.nullable(),
  recurring: z.boolean(),
});
export type ExpenseInput = z.infer<typeof expenseInputSchema>;

/** An expense may be dated up to a year ahead (a premium paid in advance), not further. */
export function expenseDateTooFar(date: IsoDate, today: IsoDate): boolean {
  return date > addDays(today, 366);
}

/** Amounts are kept rounded to 5 centimes, as every other sum in the house. */
export function expenseAmount(centimes: number): Centimes {
  return roundTo5Centimes(centimes);
}

/** The author may change their expense until an admin verifies it; admins may change any. */
export function canEditExpense(user: { id: string; role: Role }, expense: { authorId: string; verified: boolean }): boolean {
  return isAdmin(user.role) || (expense.authorId === user.id && !expense.verified);
}

/** The short reference printed on the statement and written on the paper receipt. */
export function receiptReference(expenseId: string): string {
  return `R-${expenseId.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

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
});
export type Expense = z.infer<typeof expenseSchema>;

export const expenseResponseSchema = z.object({ expense: expenseSchema });
export const expenseListSchema = z.object({ expenses: z.array(expenseSchema) });
export const expenseListQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
export const expenseUpdateSchema = expenseInputSchema.extend({ verified: z.boolean().optional() });
export type ExpenseUpdate = z.infer<typeof expenseUpdateSchema>;

export const expenseChangeSchema = z.object({
  action: z.enum(['created', 'updated', 'verified', 'receipt', 'deleted']),
  byId: z.string(),
  byName: z.string(),
  at: z.string(),
});
export type ExpenseChange = z.infer<typeof expenseChangeSchema>;
export const expenseHistorySchema = z.object({ changes: z.array(expenseChangeSchema) });
