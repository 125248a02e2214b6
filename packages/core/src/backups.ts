import type { IsoDate } from './dates.ts';

/** How many of the newest days, ISO weeks and months keep a backup each (the newest of that period). */
export const BACKUP_RETENTION = { daily: 7, weekly: 4, monthly: 12 } as const;

/** A backup at least this old with none newer means backups stopped: the admins are told. */
export const BACKUP_MISSING_AFTER_HOURS = 36;

const DAY_MS = 86_400_000;
const dayNumber = (day: IsoDate) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The Monday of a day's ISO week, as a day number: the week's name. */
function weekOf(day: IsoDate): number {
  const n = dayNumber(day);
  // 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
  return n - ((n + 3) % 7);
}

const monthOf = (day: IsoDate) => day.slice(0, 7);

/**
 * Which backups to keep, given the day (house time) each was made: the newest of each of the
 * newest `daily` days that have one, of each of the newest `weekly` ISO weeks, and of each of the
 * newest `monthly` months (grandfather-father-son). A day with several backups keeps its newest
 * (the last in the list among equal days). Returns the indexes kept, ascending; the rest may go.
 * The newest backup is always kept, so a house never deletes its last copy.
 */
export function backupsToKeep(days: readonly IsoDate[], retention: { daily: number; weekly: number; monthly: number } = BACKUP_RETENTION): number[] {
  // Newest first; among equal days the one later in the list is newer.
  const order = days.map((day, index) => ({ day, index })).sort((a, b) => (a.day === b.day ? b.index - a.index : a.day < b.day ? 1 : -1));
  const keep = new Set<number>();
  const newestOf = <K>(periodOf: (day: IsoDate) => K, count: number) => {
    const seen = new Set<K>();
    for (const { day, index } of order) {
      const period = periodOf(day);
      if (seen.has(period)) continue;
      if (seen.size >= count) break;
      seen.add(period);
      keep.add(index);
    }
  };
  newestOf((day) => day, retention.daily);
  newestOf(weekOf, retention.weekly);
  newestOf(monthOf, retention.monthly);
  if (order.length > 0) keep.add(order[0]!.index);
  return [...keep].sort((a, b) => a - b);
}
