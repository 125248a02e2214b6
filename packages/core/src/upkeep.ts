import { addDays, compareDates, type IsoDate } from './dates.ts';

/** Between stays (issue 42): the house's supplies, its work, and what a guest hands over at check-out. */

export const supplyStates = ['ok', 'low', 'out'] as const;
export type SupplyState = (typeof supplyStates)[number];

export const SUPPLY_NAME_MAX_LENGTH = 80;
export const TASK_TITLE_MAX_LENGTH = 120;
export const TASK_NOTE_MAX_LENGTH = 4000;
export const HANDOVER_NOTE_MAX_LENGTH = 2000;

/** Whether a supply needs someone to bring it: «poco» or «finito». */
export const supplyNeeded = (state: SupplyState): boolean => state !== 'ok';

/** A task's window: the days (both included) in which it is to be done. */
export interface TaskWindow {
  from: IsoDate;
  to: IsoDate;
}

/** The same day some years later; 29 February becomes the 28th in a common year. */
export function shiftYears(date: IsoDate, years: number): IsoDate {
  const year = Number(date.slice(0, 4)) + years;
  const month = date.slice(5, 7);
  let day = date.slice(8, 10);
  if (month === '02' && day === '29' && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))) day = '28';
  return `${String(year).padStart(4, '0')}-${month}-${day}`;
}

/**
 * Where a yearly task comes back once done on `doneOn`: its window a year later, and later still
 * while that window would already be over (a task done years late is not overdue at once again).
 * Done early, before its window opened, it still moves to next year's.
 */
export function nextYearlyWindow(window: TaskWindow, doneOn: IsoDate): TaskWindow {
  let years = 1;
  while (compareDates(shiftYears(window.to, years), doneOn) < 0) years += 1;
  return { from: shiftYears(window.from, years), to: shiftYears(window.to, years) };
}

/** A task still open after the last day of its window. */
export const taskOverdue = (task: TaskWindow & { done: boolean }, today: IsoDate): boolean => !task.done && compareDates(today, task.to) > 0;

/** Whether a task's window meets a stay (arrival to departure, both days counted). */
export const windowMeetsStay = (window: TaskWindow, stay: { start: IsoDate; end: IsoDate }): boolean =>
  compareDates(window.from, stay.end) <= 0 && compareDates(stay.start, window.to) <= 0;

/** «Da sapere» shows from the day before arrival until the departure day. */
export const handoverShown = (stay: { start: IsoDate; end: IsoDate }, today: IsoDate): boolean =>
  compareDates(addDays(stay.start, -1), today) <= 0 && compareDates(today, stay.end) <= 0;
