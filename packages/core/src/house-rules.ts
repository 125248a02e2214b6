import type { HouseRules } from './api/house-rules.ts';

/** At most ten years ahead, as any stay (`STAY_YEARS_AHEAD`). */
export const MAX_BOOKING_WINDOW_MONTHS = 120;

/** The original house's; the fair-booking rules are off until an administrator sets them. */
export const DEFAULT_HOUSE_RULES: HouseRules = {
  nightFeeCentimes: 5000,
  minimumStayCostCentimes: 7500,
  pricePerKwhCentimes: 30,
  maxStayNights: 60,
  bookingWindowMonths: null,
  quotaNights: null,
  noticeDays: 0,
  memberQuotas: [],
};

/** The rules an administrator sets one by one (and the CLI's `rules set`). */
export const ruleKeys = [
  'nightFeeCentimes',
  'minimumStayCostCentimes',
  'pricePerKwhCentimes',
  'maxStayNights',
  'bookingWindowMonths',
  'quotaNights',
  'noticeDays',
] as const;
export type RuleKey = (typeof ruleKeys)[number];
