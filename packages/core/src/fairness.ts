import type { HouseRules } from './api/house-rules.ts';
import type { Quota } from './api/fairness.ts';
import { occupiedDays, type BookingStatus, type OverriddenRule, type Purpose, type Stay } from './bookings.ts';
import { addDays, nightsBetween, type IsoDate } from './dates.ts';
import { heldDays } from './peak-periods.ts';

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

// ---- Quota figures, peak history ------------------------------------------

export function quotaFigures(memberId: string, year: number, quotaNights: number | null, usedNights: number): Quota {
  return { memberId, year, quotaNights, usedNights, remainingNights: quotaNights === null ? null : Math.max(0, quotaNights - usedNights) };
}

/** How many years of peak history an approval shows and the fairness view counts. */
export const PEAK_HISTORY_YEARS = 5;

/** The years of a peak history ending with `year`, oldest first. */
export function historyYears(year: number, count = PEAK_HISTORY_YEARS): number[] {
  return Array.from({ length: count }, (_, i) => year - count + 1 + i);
}

// ---- Waitlist ------------------------------------------------------------

/** The days of `before` that `after` no longer holds: what a cancellation or a move frees. */
export function freedDays(before: Stay, after: Stay | null): IsoDate[] {
  const kept = new Set(after ? heldDays(after) : []);
  return heldDays(before).filter((day) => !kept.has(day));
}

// ---- In-app notices --------------------------------------------------------

export const noticeKinds = [
  'request-approved',
  'request-declined',
  'turn-started',
  'waitlist-freed',
  // Holds: the day before one ends, to its owner; an admin's release, to its owner with the reason.
  'hold-expiring',
  'hold-released',
  // An admin's release, with its reason, told to the rest of the house.
  'hold-released-house',
  // Swaps and stays given: to whom it is proposed or offered, then to the proposer how it ended.
  'swap-proposed',
  'swap-accepted',
  'swap-declined',
  'offer-made',
  'offer-accepted',
  'offer-declined',
] as const;
export type NoticeKind = (typeof noticeKinds)[number];
