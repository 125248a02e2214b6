import { formatMonth, monthOf, MONTH_PARAM, type IsoDate } from '@rustico/core';

/** The calendar, opened on the month `date` falls in. */
export function calendarPathFor(date: IsoDate): string {
  return `/app/calendario?${MONTH_PARAM}=${formatMonth(monthOf(date))}`;
}
