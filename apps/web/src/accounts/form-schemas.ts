import { expenseInputSchema } from '@rustico/core';
import { z } from 'zod';

/** The form's amount is text in francs ("120.50" or "120,50"); the API takes centimes. */
export const expenseFormSchema = expenseInputSchema.omit({ amountCentimes: true, paidById: true }).extend({
  amount: z.string().trim().regex(/^\d{1,7}([.,]\d{1,2})?$/, 'AMOUNT_INVALID'),
  paidBy: z.string(),
});
