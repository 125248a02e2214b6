import { z } from 'zod';
import { noticeKinds } from '../fairness.ts';
import { bookingSchema } from './bookings.ts';
import { isoDateSchema, stayDateSchema } from './dates.ts';
import { freeTextSchema } from './text.ts';

// ---- Quota, approval, competing requests -----------------------------------

export const quotaQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2099).optional(),
  /** Another member's (administrators). */
  memberId: z.string().max(100).optional(),
});

export const quotaSchema = z.object({
  memberId: z.string(),
  year: z.number().int(),
  /** Null: the house has no quota. */
  quotaNights: z.number().int().nullable(),
  /** Personal nights of confirmed and requested stays in the year. */
  usedNights: z.number().int(),
  remainingNights: z.number().int().nullable(),
});
export type Quota = z.infer<typeof quotaSchema>;
export const quotaResponseSchema = z.object({ quota: quotaSchema });

export const approvalSchema = z.object({
  decision: z.enum(['approve', 'decline']),
  reason: freeTextSchema({ max: 500, emptyCode: 'REASON_REQUIRED' }).optional(),
  /** The request's dates as the administrator saw them: moved since, it is not decided (409 REQUEST_CHANGED). */
  start: isoDateSchema,
  end: isoDateSchema,
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalResponseSchema = z.object({
  booking: bookingSchema,
  /** The overlapping requests the approval declined. */
  declined: z.array(bookingSchema),
});

/** Peak nights per year, oldest first. */
export const peakHistorySchema = z.array(z.object({ year: z.number().int(), nights: z.number().int() }));

export const competingRequestsSchema = z.object({
  /** The request asked about and every request that shares a night with it, by start. */
  requests: z.array(
    z.object({
      booking: bookingSchema,
      /** The owner's confirmed peak nights in the five years before the request's year and in it. */
      peakHistory: peakHistorySchema,
      peakNightsTotal: z.number().int(),
    }),
  ),
});

export const pendingRequestsSchema = z.object({ bookings: z.array(bookingSchema) });

// ---- Fairness view -------------------------------------------------------

export const fairnessQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2099).optional() });

export const fairnessViewSchema = z.object({
  year: z.number().int(),
  members: z.array(
    z.object({
      memberId: z.string(),
      name: z.string(),
      colour: z.string(),
      /** Confirmed personal nights in the year (what the quota counts, requests apart). */
      personalNights: z.number().int(),
      maintenanceNights: z.number().int(),
      /** Personal nights still waiting for approval. */
      requestedNights: z.number().int(),
      quotaNights: z.number().int().nullable(),
      /** Confirmed nights in peak periods, the five years up to `year`, oldest first. */
      peakHistory: peakHistorySchema,
      peakNightsTotal: z.number().int(),
    }),
  ),
});
export type FairnessView = z.infer<typeof fairnessViewSchema>;

// ---- Waitlist ------------------------------------------------------------

export const waitlistInputSchema = z.object({ start: stayDateSchema, end: stayDateSchema });

export const waitlistEntrySchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  start: isoDateSchema,
  end: isoDateSchema,
  createdAt: z.string(),
  /** When the member was told that a night of it freed up; null while waiting. */
  notifiedAt: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const waitlistEntryResponseSchema = z.object({ entry: waitlistEntrySchema });
export const waitlistSchema = z.object({ entries: z.array(waitlistEntrySchema) });

// ---- In-app notices --------------------------------------------------------

export const noticeKindSchema = z.enum(noticeKinds);

export const noticeSchema = z.object({
  id: z.string(),
  kind: noticeKindSchema,
  createdAt: z.string(),
  read: z.boolean(),
  bookingId: z.string().nullable(),
  roundId: z.string().nullable(),
  /** The nights concerned: the request's, the freed ones, or the turn's range. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** The administrator who decided. */
  byName: z.string().nullable(),
  reason: z.string().nullable(),
  /** For a request declined by the approval of another: whose was approved. */
  inFavourOfName: z.string().nullable(),
  /** For a turn: when it ends unless used or skipped earlier. */
  endsAt: z.string().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticeListSchema = z.object({ notices: z.array(noticeSchema), unread: z.number().int() });
// Notices are made with random UUIDs (notices/service.ts).
export const noticesReadSchema = z.object({ ids: z.array(z.guid()).max(500).optional() });
