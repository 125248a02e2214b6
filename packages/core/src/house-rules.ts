import type { HouseRules } from './api/house-rules.ts';
import { DEFAULT_HOLD_DAYS, DEFAULT_MAX_HOLDS } from './holds.ts';

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
  holdDays: DEFAULT_HOLD_DAYS,
  maxHolds: DEFAULT_MAX_HOLDS,
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
  'holdDays',
  'maxHolds',
] as const;
export type RuleKey = (typeof ruleKeys)[number];
