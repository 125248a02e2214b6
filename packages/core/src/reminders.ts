import { addDays, localMomentIn, nightsBetween, offsetMinutesAt, type IsoDate, type LocalMoment } from './dates.ts';

/** The reminders Rustico sends, each due from a local time on its day. */
export const reminderKinds = ['arrival-eve', 'checkin-missing', 'departure', 'unpaid', 'unpaid-summary'] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/** Minutes after local midnight from which each reminder goes out on its day. */
export const REMINDER_FROM_MINUTES: Record<ReminderKind, number> = {
  'arrival-eve': 9 * 60,
  'checkin-missing': 18 * 60,
  departure: 8 * 60,
  unpaid: 9 * 60,
  'unpaid-summary': 9 * 60,
};

/** Days after departure of the first unpaid reminder, and then the interval between them. */
export const UNPAID_FIRST_AFTER_DAYS = 3;
export const UNPAID_EVERY_DAYS = 7;

export interface ReminderStay {
  start: IsoDate;
  end: IsoDate;
  purpose: 'personal' | 'maintenance';
  checkedIn: boolean;
  checkedOut: boolean;
  paid: boolean;
  costCentimes: number;
}

function unpaidDue(stay: ReminderStay, day: IsoDate): boolean {
  if (stay.paid || !stay.checkedOut || stay.costCentimes <= 0) return false;
  const after = nightsBetween(stay.end, day) - UNPAID_FIRST_AFTER_DAYS;
  return after >= 0 && after % UNPAID_EVERY_DAYS === 0;
}

/** The reminders of one stay due at this moment (each on exactly its day, from its hour). */
export function dueStayReminders(stay: ReminderStay, at: LocalMoment): ReminderKind[] {
  const due: ReminderKind[] = [];
  const from = (kind: ReminderKind) => at.minutes >= REMINDER_FROM_MINUTES[kind];
  if (stay.purpose === 'personal') {
    if (addDays(at.day, 1) === stay.start && from('arrival-eve')) due.push('arrival-eve');
    if (stay.start === at.day && !stay.checkedIn && from('checkin-missing')) due.push('checkin-missing');
    if (stay.end === at.day && !stay.checkedOut && from('departure')) due.push('departure');
  }
  if (unpaidDue(stay, at.day) && from('unpaid')) due.push('unpaid');
  return due;
}

/** The admins' summary of unpaid stays goes out on Mondays. */
export function summaryDue(at: LocalMoment): boolean {
  const weekday = new Date(`${at.day}T00:00:00Z`).getUTCDay();
  return weekday === 1 && at.minutes >= REMINDER_FROM_MINUTES['unpaid-summary'];
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * `2026-12-24T09:00` read on the house's clock, as an instant; null when it is not such a
 * time (or the clock skips it, as in the spring change).
 */
export function instantOfLocal(value: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return null;
  const [, day, hours, minutes] = match;
  const asUtc = new Date(`${day}T${hours}:${minutes}:00Z`);
  if (Number.isNaN(asUtc.getTime())) return null;
  const wanted = { day, minutes: Number(hours) * 60 + Number(minutes) };
  // Two passes find the zone's offset at that local time, also next to a clock change.
  const first = new Date(asUtc.getTime() - offsetMinutesAt(timeZone, asUtc.getTime()) * 60_000);
  const second = new Date(asUtc.getTime() - offsetMinutesAt(timeZone, first.getTime()) * 60_000);
  for (const candidate of [first, second].sort((a, b) => a.getTime() - b.getTime())) {
    const local = localMomentIn(timeZone, candidate);
    if (local.day === wanted.day && local.minutes === wanted.minutes) return candidate;
  }
  return null;
}
