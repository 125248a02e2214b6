import { z } from 'zod';
import { bookingSchema, occupiedDays, type BookingStatus, type OverriddenRule, type Purpose, type Stay } from './bookings.ts';
import { addDays, isoDateSchema, nightsBetween, stayDateSchema, type IsoDate } from './dates.ts';
import type { HouseRules } from './house-rules.ts';
import { heldDays } from './peak-periods.ts';
import { freeTextSchema } from './text.ts';

// ---- Quota ---------------------------------------------------------------

/** A stay's nights per calendar year of the night (a stay over New Year is split). */
export function nightsByYear(stay: Stay): Map<number, number> {
  const byYear = new Map<number, number>();
  if (stay.start >= stay.end) return byYear;
  for (const day of heldDays(stay)) {
    const year = Number(day.slice(0, 4));
    byYear.set(year, (byYear.get(year) ?? 0) + 1);
  }
  return byYear;
}

export interface QuotaStay extends Stay {
  purpose: Purpose;
  status: BookingStatus;
}

/** Whether a stay's nights count against its owner's quota: personal, and confirmed or still requested. */
export function countsAgainstQuota(stay: Pick<QuotaStay, 'purpose' | 'status'>): boolean {
  return stay.purpose === 'personal' && stay.status !== 'declined';
}

/** The personal nights a member's stays use in a year. */
export function usedQuotaNights(stays: readonly QuotaStay[], year: number): number {
  let used = 0;
  for (const stay of stays) if (countsAgainstQuota(stay)) used += nightsByYear(stay).get(year) ?? 0;
  return used;
}

/** A member's quota: their own where set, the house's otherwise; null: no quota. */
export function quotaOf(rules: Pick<HouseRules, 'quotaNights' | 'memberQuotas'>, memberId: string): number | null {
  return rules.memberQuotas.find((q) => q.memberId === memberId)?.quotaNights ?? rules.quotaNights;
}

export interface QuotaExcess {
  year: number;
  quotaNights: number;
  usedNights: number;
  remainingNights: number;
  requestedNights: number;
}

/**
 * Whether a new (or moved) stay fits its owner's quota in every year it has nights in;
 * `others` are the owner's other stays (without the one being moved). The first year it
 * does not fit, with the figures the refusal shows; null when it fits.
 */
export function quotaExcess(stay: QuotaStay, others: readonly QuotaStay[], quotaNights: number | null): QuotaExcess | null {
  if (quotaNights === null || !countsAgainstQuota(stay)) return null;
  for (const [year, requestedNights] of [...nightsByYear(stay)].sort(([a], [b]) => a - b)) {
    const usedNights = usedQuotaNights(others, year);
    if (usedNights + requestedNights > quotaNights) {
      return { year, quotaNights, usedNights, remainingNights: Math.max(0, quotaNights - usedNights), requestedNights };
    }
  }
  return null;
}

// ---- Window and notice -----------------------------------------------------

/** The last day a member may hold today with a window of `months` (31 Jan + 1 month = 28/29 Feb). */
export function latestBookableDay(today: IsoDate, months: number): IsoDate {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  // The same day of the month, or the month's last day when it is shorter.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(today.slice(8, 10)), lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The last day a stay holds: its last night, or a day visit's day. */
export function lastHeldDay(stay: Stay): IsoDate {
  return addDays(occupiedDays(stay).to, -1);
}

/** Too far ahead: the stay's last night lies beyond the booking window. */
export function outsideBookingWindow(stay: Stay, today: IsoDate, windowMonths: number | null): boolean {
  return windowMonths !== null && lastHeldDay(stay) > latestBookableDay(today, windowMonths);
}

/** Too soon: a stay from today on that starts fewer than `noticeDays` days after today (past stays are another rule's). */
export function noticeTooShort(stay: Stay, today: IsoDate, noticeDays: number): boolean {
  return stay.start >= today && nightsBetween(today, stay.start) < noticeDays;
}

export type FairnessRefusal =
  | { code: 'BOOKING_WINDOW'; rule: 'window'; details: { bookingWindowMonths: number; latestDay: IsoDate } }
  | { code: 'NOTICE_TOO_SHORT'; rule: 'notice'; details: { noticeDays: number; earliestStart: IsoDate } }
  | { code: 'STAY_TOO_LONG'; rule: 'length'; details: { maxStayNights: number } };

/**
 * The house rules a stay's dates must keep (the quota and the turns need the other
 * stays, so they are checked apart): the window, the notice and the longest stay.
 * All of them, in that order; an administrator's override sets them aside.
 */
export function dateRuleRefusals(stay: Stay, today: IsoDate, rules: Pick<HouseRules, 'bookingWindowMonths' | 'noticeDays' | 'maxStayNights'>): FairnessRefusal[] {
  const refusals: FairnessRefusal[] = [];
  if (rules.bookingWindowMonths !== null && outsideBookingWindow(stay, today, rules.bookingWindowMonths)) {
    refusals.push({
      code: 'BOOKING_WINDOW',
      rule: 'window',
      details: { bookingWindowMonths: rules.bookingWindowMonths, latestDay: latestBookableDay(today, rules.bookingWindowMonths) },
    });
  }
  if (noticeTooShort(stay, today, rules.noticeDays)) {
    refusals.push({ code: 'NOTICE_TOO_SHORT', rule: 'notice', details: { noticeDays: rules.noticeDays, earliestStart: addDays(today, rules.noticeDays) } });
  }
  if (nightsBetween(stay.start, stay.end) > rules.maxStayNights) {
    refusals.push({ code: 'STAY_TOO_LONG', rule: 'length', details: { maxStayNights: rules.maxStayNights } });
  }
  return refusals;
}

/**
 * Requests hold their nights against instant bookings, not against other requests:
 * whether `existing` stands in the way of a new stay with `status`.
 */
export function blocksStay(existing: BookingStatus, status: BookingStatus): boolean {
  if (existing === 'declined' || status === 'declined') return false;
  return existing === 'confirmed' || status === 'confirmed';
}

export type { OverriddenRule };

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

export function quotaFigures(memberId: string, year: number, quotaNights: number | null, usedNights: number): Quota {
  return { memberId, year, quotaNights, usedNights, remainingNights: quotaNights === null ? null : Math.max(0, quotaNights - usedNights) };
}

export const approvalSchema = z.object({
  decision: z.enum(['approve', 'decline']),
  reason: freeTextSchema({ max: 500, emptyCode: 'REASON_REQUIRED' }).optional(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalResponseSchema = z.object({
  booking: bookingSchema,
  /** The overlapping requests the approval declined. */
  declined: z.array(bookingSchema),
});

/** Peak nights per year, oldest first. */
export const peakHistorySchema = z.array(z.object({ year: z.number().int(), nights: z.number().int() }));

/** How many years of peak history an approval shows and the fairness view counts. */
export const PEAK_HISTORY_YEARS = 5;

/** The years of a peak history ending with `year`, oldest first. */
export function historyYears(year: number, count = PEAK_HISTORY_YEARS): number[] {
  return Array.from({ length: count }, (_, i) => year - count + 1 + i);
}

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

/** The days of `before` that `after` no longer holds: what a cancellation or a move frees. */
export function freedDays(before: Stay, after: Stay | null): IsoDate[] {
  const kept = new Set(after ? heldDays(after) : []);
  return heldDays(before).filter((day) => !kept.has(day));
}

// ---- In-app notices --------------------------------------------------------

export const noticeKindSchema = z.enum(['request-approved', 'request-declined', 'turn-started', 'waitlist-freed']);
export type NoticeKind = z.infer<typeof noticeKindSchema>;

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
export const noticesReadSchema = z.object({ ids: z.array(z.string().max(100)).max(500).optional() });
