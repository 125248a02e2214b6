import { z } from 'zod';
import { errorCodes } from '../errors.ts';

export const errorCodeSchema = z.enum(errorCodes);

/** A figure a refusal's message needs, or the thing a refusal is about (STALE_EDIT's `current`). */
const errorDetailSchema = z.union([z.string(), z.number(), z.null(), z.record(z.string(), z.unknown())]);
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

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
     * NOT_YOUR_TURN { roundId, currentMemberId, currentMemberName, turnEndsAt }, STALE_EDIT
     * { current (the thing as it is now), changedByName, changedAt }.
     */
    details: z.record(z.string(), errorDetailSchema).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
