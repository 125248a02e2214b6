import { z } from 'zod';
import { errorCodes } from '../errors.ts';

export const errorCodeSchema = z.enum(errorCodes);

export const apiErrorSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    /** The input that is wrong; READING_TOO_LOW and READING_TOO_HIGH name the register (none: both are). */
    field: z.string().optional(),
    retryAfterSeconds: z.number().int().optional(),
    /**
     * Figures the message needs, by code: QUOTA_EXCEEDED { year, quotaNights, usedNights,
     * remainingNights, requestedNights }, BOOKING_WINDOW { bookingWindowMonths, latestDay },
     * NOTICE_TOO_SHORT { noticeDays, earliestStart }, STAY_TOO_LONG { maxStayNights },
     * NOT_YOUR_TURN { roundId, currentMemberId, currentMemberName, turnEndsAt }.
     */
    details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
