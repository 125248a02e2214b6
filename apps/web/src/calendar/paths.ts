import { formatMonth, monthOf, type IsoDate } from '@rustico/core';

/** The month an address opens the calendar on: `/app/calendario?mese=2027-08`. */
export const MONTH_PARAM = 'mese';

/** The calendar, opened on the month `date` falls in. */
export function calendarPathFor(date: IsoDate): string {
  return `/app/calendario?${MONTH_PARAM}=${formatMonth(monthOf(date))}`;
}
