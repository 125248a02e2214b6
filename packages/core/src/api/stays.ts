import { z } from 'zod';
import { NOTE_MAX_LENGTH } from '../notes.ts';
import { MAX_READING_KWH } from '../stays.ts';
import { paymentMethodSchema } from './bookings.ts';
import { optionalFreeTextSchema } from './text.ts';
import { handoverInputSchema } from './upkeep.ts';

/** What a register of the meter can show, and so what a stay can use, in kWh. */
export const kwhSchema = z.number().finite().min(0).max(MAX_READING_KWH);

/** A meter reading: the day-rate and night-rate registers, in kWh. */
export const meterReadingInputSchema = z.object({ dayKwh: kwhSchema, nightKwh: kwhSchema });
export type MeterReadingInput = z.infer<typeof meterReadingInputSchema>;

export const checkinRequestSchema = meterReadingInputSchema.extend({
  note: optionalFreeTextSchema({ max: NOTE_MAX_LENGTH, tooLongCode: 'NOTE_TOO_LONG' }),
});
export type CheckinRequest = z.infer<typeof checkinRequestSchema>;

export const checkoutRequestSchema = meterReadingInputSchema.extend({
  /** The person confirms the cleaning checklist was done. */
  checklistDone: z.literal(true, { message: 'CHECKLIST_NOT_DONE' }),
  note: optionalFreeTextSchema({ max: NOTE_MAX_LENGTH, tooLongCode: 'NOTE_TOO_LONG' }),
  /** «Per chi arriva»: written with the reading, or nothing is. */
  handover: handoverInputSchema.optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const paymentRequestSchema = z.object({ method: paymentMethodSchema });

export const meterReadingSchema = z.object({
  dayKwh: z.number(),
  nightKwh: z.number(),
  totalKwh: z.number(),
  recordedAt: z.string(),
});
export type MeterReading = z.infer<typeof meterReadingSchema>;

export const latestReadingSchema = z.object({ reading: meterReadingSchema.nullable() });

/** A reading as admins see it to correct it: whose stay, which step, and its corrections. */
export const adminReadingSchema = meterReadingSchema.extend({
  id: z.string(),
  kind: z.enum(['checkin', 'checkout']),
  bookingId: z.string(),
  ownerName: z.string(),
  start: z.string(),
  end: z.string(),
  corrections: z.array(
    z.object({
      previousDayKwh: z.number(),
      previousNightKwh: z.number(),
      correctedByName: z.string(),
      correctedAt: z.string(),
    }),
  ),
});
export type AdminReading = z.infer<typeof adminReadingSchema>;
export const adminReadingListSchema = z.object({ readings: z.array(adminReadingSchema) });
export const readingCorrectionSchema = meterReadingInputSchema;
export const adminReadingResponseSchema = z.object({ reading: adminReadingSchema });
