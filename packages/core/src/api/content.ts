import { z } from 'zod';
import { languageSchema } from './auth.ts';

/**
 * A house text (content/*.md) rendered to safe HTML by the server; null while the house has not
 * written it. In the reader's language when the house wrote it so, else in the house's own:
 * `language` says which, so the page can say it is the house's text in its original.
 */
export const contentPageSchema = z.object({ html: z.string().nullable(), language: languageSchema });

/** The cleaning checklist of the check-out, from the house's content folder. */
export const checklistSchema = z.object({
  groups: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        items: z.array(z.object({ id: z.string(), text: z.string() })).min(1),
      }),
    )
    .min(1),
});
export type Checklist = z.infer<typeof checklistSchema>;

/** The cleaning checklist as the reader gets it: in their language when the house wrote it so, else in the house's. */
export const checklistResponseSchema = checklistSchema.extend({ language: languageSchema });

/** Where and how to pay: the account for bank transfers (and its QR-bill) and the Twint number. */
export const paymentDetailsSchema = z.object({
  accountHolder: z.string().min(1).max(70),
  street: z.string().min(1).max(70),
  buildingNumber: z.string().max(16).optional(),
  zip: z.string().min(1).max(16),
  city: z.string().min(1).max(35),
  country: z.string().length(2),
  iban: z.string().min(15).max(42),
  twintPhone: z.string().min(6).max(30),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

export const houseContentSchema = z.object({ payment: paymentDetailsSchema });
