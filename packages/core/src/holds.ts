import { addDays, localMomentIn, type IsoDate } from './dates.ts';
import { instantOfLocal } from './reminders.ts';

/** Holds («opzione», issue 43): free nights kept for a few days before one is sure. */
export const DEFAULT_HOLD_DAYS = 7;
export const DEFAULT_MAX_HOLDS = 2;

/**
 * When a hold made at `createdAt` ends: at midnight on the house's clock after its last day, so
 * «opzione fino al 12.12» means the whole 12th. The last day is `holdDays` days after the day it
 * was made.
 */
export function holdExpiry(createdAt: Date, holdDays: number, timeZone: string): Date {
  const lastDay = addDays(localMomentIn(timeZone, createdAt).day, holdDays);
  // Midnight exists in every zone the house may use; a zone skipping it would fall back to 01:00.
  return instantOfLocal(`${addDays(lastDay, 1)}T00:00`, timeZone) ?? instantOfLocal(`${addDays(lastDay, 1)}T01:00`, timeZone)!;
}

/** The day «opzione fino al …» names: the last day the hold lasts, on the house's clock. */
export function holdLastDay(expiresAt: string, timeZone: string): IsoDate {
  return localMomentIn(timeZone, new Date(Date.parse(expiresAt) - 1)).day;
}

/** A hold is a hold until its moment passed, whether or not the release job ran yet. */
export function holdIsLive(hold: { expiresAt: string; endedAt: string | null }, at: Date): boolean {
  return hold.endedAt === null && Date.parse(hold.expiresAt) > at.getTime();
}

/** How many holds a member keeps at `at` (ended and expired ones not). */
export function liveHoldCount(holds: readonly { ownerId: string; expiresAt: string; endedAt: string | null }[], ownerId: string, at: Date): number {
  return holds.filter((hold) => hold.ownerId === ownerId && holdIsLive(hold, at)).length;
}

/** Whether one more hold would go past the house's limit. */
export function holdLimitReached(liveCount: number, maxHolds: number): boolean {
  return liveCount >= maxHolds;
}

/** The owner is reminded in the hold's last day from this hour on the house's clock: not at midnight, when it began. */
export const HOLD_REMINDER_TIME = '09:00';

/** When a hold's reminder is due: its last day at HOLD_REMINDER_TIME, on the house's clock. */
export function holdReminderMoment(expiresAt: string, timeZone: string): Date {
  return instantOfLocal(`${holdLastDay(expiresAt, timeZone)}T${HOLD_REMINDER_TIME}`, timeZone)!;
}

/** Whether a live hold's reminder is due at `at`. */
export function holdReminderDue(hold: { expiresAt: string; endedAt: string | null }, at: Date, timeZone: string): boolean {
  return holdIsLive(hold, at) && holdReminderMoment(hold.expiresAt, timeZone).getTime() <= at.getTime();
}

/**
 * Whole days left, counting the last day: 1 on the last day, 0 after it. From the days alone, so
 * a phone's first screen needs no Intl (the house's today comes with the page).
 */
export function holdDaysLeft(lastDay: IsoDate, today: IsoDate): number {
  return Math.max(0, Math.round((Date.parse(`${lastDay}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000) + 1);
}
