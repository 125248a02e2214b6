import { z } from 'zod';
import { bookingSchema, purposeSchema } from './bookings.ts';
import { isoDateSchema, stayDateSchema } from './dates.ts';
import { freeTextSchema } from './text.ts';

/** A member's hold («opzione») on free nights, as every member sees it on the calendar. */
export const holdSchema = bookingSchema.pick({ id: true, ownerId: true, ownerName: true, ownerColour: true, start: true, end: true, createdAt: true }).extend({
  /** The moment it ends by itself: «opzione fino al» the day before this moment on the house's clock. */
  expiresAt: z.string(),
  /** The last day it lasts, on the house's clock. */
  lastDay: isoDateSchema,
});
export type Hold = z.infer<typeof holdSchema>;

export const holdInputSchema = z.object({ start: stayDateSchema, end: stayDateSchema });
export type HoldInput = z.infer<typeof holdInputSchema>;

export const holdConfirmSchema = z.object({ purpose: purposeSchema });
export type HoldConfirm = z.infer<typeof holdConfirmSchema>;

/** DELETE /api/holds/{id}: an administrator releasing another's hold says why (everyone sees it). */
export const holdReleaseSchema = z.object({ reason: freeTextSchema({ max: 500, emptyCode: 'REASON_REQUIRED' }).optional() });

export const holdResponseSchema = z.object({ hold: holdSchema });
export const holdListSchema = z.object({ holds: z.array(holdSchema) });
