import { dueStayReminders, localMomentIn, summaryDue, type UndeliveredReminder } from '@rustico/core';
import { findBooking } from '../bookings/service.ts';
import type { AppContext } from '../context.ts';
import { channelFor, claimAndDeliver, dismissUndeliverableOf, retryDue, undeliverableOf, type Outcome } from '../deliveries/service.ts';
import { jobLabel, type Job } from '../deliveries/jobs.ts';
import { sendDueNotices } from '../notifications/service.ts';
import { overdueWork } from '../upkeep/service.ts';
import { findUserById } from '../users/service.ts';
import { listActiveAdmins, listStaysToRemind } from './repository.ts';

/**
 * Sends a job unless the member chose no channel for it. A reminder their channel cannot deliver
 * is still claimed: deliveries sends it by email instead, or records it undeliverable and says so.
 */
async function deliverIfWanted(ctx: AppContext, userId: string, key: string, job: Job, at: Date, outcomes: Outcome[]): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.disabled === 1) return;
  const channel = await channelFor(ctx, user.id, job);
  const what = jobLabel(job);
  if (channel === 'none') outcomes.push({ key, to: user.email, what, result: 'skipped', reason: 'member chose none' });
  else outcomes.push(await claimAndDeliver(ctx, user, key, job, at));
}

/** Overdue work is told from 9:00 on the house's clock. */
const OVERDUE_FROM_MINUTES = 9 * 60;

/**
 * Sends every reminder due at this moment on the house's clock, each claimed under
 * (kind, booking, day) first so it goes out once however often and wherever this runs;
 * then the merged messages about others' bookings and notes that waited long enough; then
 * retries what failed before.
 */
export async function runReminders(ctx: AppContext, at: Date): Promise<Outcome[]> {
  const moment = localMomentIn(ctx.config.houseTimeZone, at);
  const outcomes: Outcome[] = [];
  for (const row of await listStaysToRemind(ctx.db, moment.day)) {
    const stay = {
      start: row.startDate,
      end: row.endDate,
      purpose: row.purpose,
      checkedIn: row.checkedIn === 1,
      checkedOut: row.checkedOut === 1,
      paid: row.paid === 1,
      costCentimes: row.costCentimes,
    };
    for (const reminder of dueStayReminders(stay, moment)) {
      if (reminder === 'unpaid-summary') continue;
      await deliverIfWanted(ctx, row.userId, `${reminder}:${row.id}:${moment.day}`, { type: 'reminder', reminder, bookingId: row.id }, at, outcomes);
    }
  }
  if (summaryDue(moment)) {
    for (const admin of await listActiveAdmins(ctx.db)) {
      await deliverIfWanted(ctx, admin.id, `unpaid-summary:${admin.id}:${moment.day}`, { type: 'unpaid-summary', day: moment.day }, at, outcomes);
    }
  }
  // Work past its window: each admin once per task and window (a yearly task's next window is another).
  if (moment.minutes >= OVERDUE_FROM_MINUTES) {
    const overdue = await overdueWork(ctx, moment.day);
    const admins = overdue.length > 0 ? await listActiveAdmins(ctx.db) : [];
    for (const task of overdue) {
      for (const admin of admins) {
        await deliverIfWanted(ctx, admin.id, `task-overdue:${admin.id}:${task.id}:${task.toDate}`, { type: 'task-overdue', taskId: task.id }, at, outcomes);
      }
    }
  }
  outcomes.push(...(await sendDueNotices(ctx, at)));
  outcomes.push(...(await retryDue(ctx, at)));
  return outcomes;
}

/** Home shows at most this many reminders that did not reach the member. */
const UNDELIVERED_LIMIT = 20;

/**
 * My reminders that reached me by no channel and that I have not dismissed, newest first, with
 * the stay each was about (one whose stay is gone meanwhile is left out: there is nothing to say).
 */
export async function undeliveredReminders(ctx: AppContext, userId: string): Promise<{ reminders: UndeliveredReminder[] }> {
  const reminders: UndeliveredReminder[] = [];
  for (const { key, job, reason, createdAt } of await undeliverableOf(ctx, userId, UNDELIVERED_LIMIT)) {
    if (job.type === 'unpaid-summary') {
      reminders.push({ key, reminder: 'unpaid-summary', start: null, end: null, reason, at: createdAt });
    } else if (job.type === 'reminder') {
      const booking = await findBooking(ctx.db, job.bookingId, { id: userId, hidden: true });
      if (booking?.userId === userId) reminders.push({ key, reminder: job.reminder, start: booking.startDate, end: booking.endDate, reason, at: createdAt });
    }
  }
  return { reminders };
}

/** I have seen these (the ones named, or all): Home no longer shows them. */
export async function dismissUndeliveredReminders(ctx: AppContext, userId: string, keys: string[] | undefined): Promise<{ reminders: UndeliveredReminder[] }> {
  await dismissUndeliverableOf(ctx, userId, keys);
  return undeliveredReminders(ctx, userId);
}
