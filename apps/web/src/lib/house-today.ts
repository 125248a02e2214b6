import { dateInSpan, todayIn, type IsoDate } from '@rustico/core';
import { config } from './config.ts';

/**
 * Today in the house's time zone. While the span the server put in the page lasts, without Intl
 * (whose first use costs a phone some 40 ms in the middle of its first screen); after the
 * clocks change, or in a page older than that, through Intl.
 */
export function houseToday(now: Date = new Date()): IsoDate {
  return (config.houseZoneSpan && dateInSpan(config.houseZoneSpan, now)) ?? todayIn(config.houseTimeZone, now);
}
