import { addDays, type IsoDate } from './dates.ts';
import { roundTo5Centimes, type Centimes } from './money.ts';
import { isAdmin, type Role } from './roles.ts';

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
export type ExpenseCategory = (typeof expenseCategories)[number];

/** Receipts: a phone photo or a scanned PDF, never more. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

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
