import { dueStayReminders, localMomentIn, summaryDue, includesEmail, includesPush } from '@rustico/core';
import type { AppContext } from '../context.ts';
import { channelFor, claimAndDeliver, retryDue, type Outcome } from '../deliveries/service.ts';
import type { Job } from '../deliveries/jobs.ts';
import { sendDueNotices } from '../notifications/service.ts';
import { findUserById } from '../users/service.ts';
import { listActiveAdmins, listStaysToRemind } from './repository.ts';

async function deliverIfWanted(ctx: AppContext, userId: string, key: string, job: Job, at: Date, outcomes: Outcome[]): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.disabled === 1) return;
  const channel = await channelFor(ctx, user.id, job);
  const byEmail = includesEmail(channel) && ctx.mailer.enabled;
  const byPush = includesPush(channel);
  if (!byEmail && !byPush) {
    const reason = channel === 'none' ? 'member chose none' : 'email is off';
    outcomes.push({ key, to: user.email, what: job.type === 'reminder' ? job.reminder : job.type, result: 'skipped', reason });
    return;
  }
  outcomes.push(await claimAndDeliver(ctx, user, key, job, at));
}

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
  outcomes.push(...(await sendDueNotices(ctx, at)));
  outcomes.push(...(await retryDue(ctx, at)));
  return outcomes;
}

