import { z } from 'zod';
import { bookingStatuses, overriddenRules, paymentMethods, purposes } from '../bookings.ts';
import { isoDateSchema, stayDateSchema } from './dates.ts';
import { memberIdSchema } from './roles.ts';
import { freeTextSchema } from './text.ts';
import { versionSchema } from './versions.ts';

export const purposeSchema = z.enum(purposes);
export const paymentMethodSchema = z.enum(paymentMethods);
export const bookingStatusSchema = z.enum(bookingStatuses);
export const overriddenRuleSchema = z.enum(overriddenRules);

/** An administrator's decision on a request. */
export const bookingDecisionSchema = z.object({
  decision: z.enum(['approved', 'declined']),
  at: z.string(),
  /** The administrator who decided (for a request declined by another's approval: who approved that). */
  byName: z.string().nullable(),
  reason: z.string().nullable(),
  /** The request that was approved instead of this one. */
  inFavourOf: z.object({ bookingId: z.string(), ownerName: z.string() }).nullable(),
});
export type BookingDecision = z.infer<typeof bookingDecisionSchema>;

/** An administrator set a rule aside for this booking: everyone sees why. */
export const bookingOverrideSchema = z.object({
  reason: z.string(),
  byName: z.string(),
  at: z.string(),
  /** The rules the booking would have broken (empty when it broke none). */
  rules: z.array(overriddenRuleSchema),
});
export type BookingOverride = z.infer<typeof bookingOverrideSchema>;

export const bookingSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  ownerColour: z.string(),
  start: isoDateSchema,
  end: isoDateSchema,
  purpose: purposeSchema,
  nights: z.number().int(),
  costCentimes: z.number().int(),
  checkedIn: z.boolean(),
  checkedOut: z.boolean(),
  paid: z.boolean(),
  /** Set at check-out: the electricity the stay used. */
  kwhUsed: z.number().nullable(),
  paymentMethod: paymentMethodSchema.nullable(),
  createdAt: z.string(),
  /** The administrator who booked on the owner's behalf ("prenotata da Marco"); null when the owner booked. */
  createdByName: z.string().nullable(),
  status: bookingStatusSchema,
  /** The approval or decline of a request; null while undecided and for instant bookings. */
  decision: bookingDecisionSchema.nullable(),
  override: bookingOverrideSchema.nullable(),
  version: versionSchema,
});
export type Booking = z.infer<typeof bookingSchema>;

/** An administrator sets the fairness rules aside for one booking, saying why (everyone sees it). */
export const overrideInputSchema = z.object({ reason: freeTextSchema({ max: 500, emptyCode: 'REASON_REQUIRED' }) });

export const bookingInputSchema = z.object({
  start: stayDateSchema,
  end: stayDateSchema,
  purpose: purposeSchema,
  /** Administrators only (403 otherwise). */
  override: overrideInputSchema.optional(),
});
export type BookingInput = z.infer<typeof bookingInputSchema>;

/** A new booking; `ownerId` books for another member (administrators only). */
export const newBookingSchema = bookingInputSchema.extend({ ownerId: memberIdSchema.optional() });
export type NewBooking = z.infer<typeof newBookingSchema>;

export const bookingRangeQuerySchema = z.object({ from: isoDateSchema, to: isoDateSchema });

export const bookingResponseSchema = z.object({ booking: bookingSchema });
export const bookingListSchema = z.object({ bookings: z.array(bookingSchema) });
export const bookingPageSchema = z.object({ bookings: z.array(bookingSchema), nextCursor: z.string().nullable() });
/** The years in which a history has stays, newest first, for its year filter. */
export const bookingYearsSchema = z.object({ years: z.array(z.number().int()) });
export const nextBookingSchema = z.object({ booking: bookingSchema.nullable() });
