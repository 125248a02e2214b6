import { randomUUID } from 'node:crypto';
import {
  addDays,
  DEFAULT_CHOICES,
  DEFAULT_EMAIL_PACE,
  includesEmail,
  includesPush,
  instantOfLocal,
  localMomentIn,
  MAX_EMAILS_FROM_OTHERS_A_DAY,
  notificationKinds,
  pacedKinds,
  withoutEmail,
  type Channel,
  type EmailPaces,
  type NotificationChoices,
  type NotificationChoicesInput,
  type NotificationKind,
  type NotificationSettings,
} from '@rustico/core';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { BookingDetails, Job, NoteDetails } from '../deliveries/jobs.ts';
import { claimDelivery, deliverClaimed, deliveriesSince, type Outcome } from '../deliveries/service.ts';
import { AppError } from '../http/errors.ts';
import { readUnsubscribeToken } from '../mail/links.ts';
import { findUserById } from '../users/service.ts';
import { mergeChanges } from './merge.ts';
import {
  activeMembersWithChoice,
  choicesOf,
  dueRecipients,
  insertPendingNotices,
  moveToSummary,
  openWindowDue,
  putChoice,
  putEmailPace,
  takeDue,
  type PendingNoticeRow,
} from './repository.ts';

// What other features read and write of notifications goes through here, not its repository.
export { activeMembersWithChoice, choicesOf } from './repository.ts';

export async function notificationChoices(ctx: AppContext, userId: string): Promise<NotificationChoices> {
  const rows = await choicesOf(ctx.db, userId);
  return Object.fromEntries(notificationKinds.map((kind) => [kind, rows.find((r) => r.kind === kind)?.channel ?? DEFAULT_CHOICES[kind]])) as NotificationChoices;
}

/** The channel a member chose for a kind of message, or the kind's default. */
export async function channelOf(ctx: AppContext, userId: string, kind: NotificationKind): Promise<Channel> {
  return (await notificationChoices(ctx, userId))[kind];
}

async function emailPaces(ctx: AppContext, userId: string): Promise<EmailPaces> {
  const rows = await choicesOf(ctx.db, userId);
  return Object.fromEntries(pacedKinds.map((kind) => [kind, rows.find((r) => r.kind === kind)?.emailPace ?? DEFAULT_EMAIL_PACE])) as EmailPaces;
}

export async function notificationSettings(ctx: AppContext, userId: string): Promise<NotificationSettings> {
  return { choices: await notificationChoices(ctx, userId), paces: await emailPaces(ctx, userId), mailEnabled: ctx.mailer.enabled };
}

export async function setNotificationChoices(ctx: AppContext, userId: string, input: NotificationChoicesInput): Promise<NotificationSettings> {
  await ctx.db.transaction().execute(async (trx) => {
    for (const kind of notificationKinds) {
      const channel = input[kind];
      if (channel) await putChoice(trx, userId, kind, channel);
    }
    for (const kind of pacedKinds) {
      const pace = input.paces?.[kind];
      if (pace) await putEmailPace(trx, userId, kind, pace, input[kind] ?? DEFAULT_CHOICES[kind]);
    }
  });
  return notificationSettings(ctx, userId);
}

/** Turns off the emails of one kind for the member the signed link names; no login needed. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<{ kind: NotificationKind; choices: NotificationChoices }> {
  const target = await readUnsubscribeToken(ctx.db, token);
  const user = target ? await findUserById(ctx.db, target.userId) : undefined;
  if (!target || !user) throw new AppError(400, 'UNSUBSCRIBE_LINK_INVALID', 'This unsubscribe link is not valid', 'token');
  const current = await notificationChoices(ctx, user.id);
  await putChoice(ctx.db, user.id, target.kind, withoutEmail(current[target.kind]));
  return { kind: target.kind, choices: await notificationChoices(ctx, user.id) };
}

/** Who hears of a change: everyone but its author; a hidden account's changes reach only hidden accounts. */
export interface NoticeAudience {
  exceptUserId: string;
  onlyHidden: boolean;
}

export type QueuedNotice =
  | { kind: 'bookings'; subjectId: string; action: 'created' | 'updated' | 'deleted'; details: BookingDetails }
  | { kind: 'notes'; subjectId: string; action: 'created' | 'deleted'; details: NoteDetails };

/** The next daily summary after an instant, at SUMMARY_HOUR on the house's clock. */
function nextSummaryAt(ctx: AppContext, after: Date): Date {
  const { day } = localMomentIn(ctx.config.houseTimeZone, after);
  const hour = `${String(ctx.config.notices.summaryHour).padStart(2, '0')}:00`;
  const today = instantOfLocal(`${day}T${hour}`, ctx.config.houseTimeZone)!;
  return today > after ? today : instantOfLocal(`${addDays(day, 1)}T${hour}`, ctx.config.houseTimeZone)!;
}

/**
 * Queues the message about another's booking or note for everyone who hears of it, in the
 * transaction of the change itself: committed with it or not at all. Push (bookings only: a
 * note's push goes at once) joins the member's open window, so does email at the «subito»
 * pace; email at the daily pace waits for the summary.
 */
export async function queueNotice(ctx: AppContext, trx: Db, audience: NoticeAudience, notice: QueuedNotice): Promise<void> {
  const now = ctx.now();
  const summaryAt = nextSummaryAt(ctx, now).toISOString();
  const windowEnd = new Date(now.getTime() + ctx.config.notices.delayMinutes * 60_000).toISOString();
  const rows: PendingNoticeRow[] = [];
  const row = (userId: string, channel: PendingNoticeRow['channel'], dueAt: string, summary: boolean): PendingNoticeRow => ({
    id: randomUUID(),
    userId,
    channel,
    kind: notice.kind,
    subjectId: notice.subjectId,
    action: notice.action,
    details: JSON.stringify(notice.details),
    createdAt: now.toISOString(),
    dueAt,
    summary: summary ? 1 : 0,
  });
  for (const member of await activeMembersWithChoice(trx, notice.kind)) {
    if (member.id === audience.exceptUserId || (audience.onlyHidden && member.hidden !== 1)) continue;
    const channel = member.channel ?? DEFAULT_CHOICES[notice.kind];
    if (includesPush(channel) && notice.kind === 'bookings') {
      rows.push(row(member.id, 'push', (await openWindowDue(trx, member.id, 'push')) ?? windowEnd, false));
    }
    if (includesEmail(channel) && ctx.mailer.enabled) {
      const daily = (member.emailPace ?? DEFAULT_EMAIL_PACE) === 'daily';
      rows.push(daily ? row(member.id, 'email', summaryAt, true) : row(member.id, 'email', (await openWindowDue(trx, member.id, 'email')) ?? windowEnd, false));
    }
  }
  await insertPendingNotices(trx, rows);
}

/**
 * Sends what waited long enough, one message per member and channel: the changes of the window
 * (or of the day, for the summary) merged. Taking the rows and claiming the delivery happen in
 * one transaction, so a message goes once across processes and a crash loses nothing
 * (deliveries takes an abandoned claim over). Past the day's cap of emails caused by others,
 * the rest waits for the summary.
 */
export async function sendDueNotices(ctx: AppContext, at: Date): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const now = at.toISOString();
  for (const { userId, channel } of await dueRecipients(ctx.db, now)) {
    const user = await findUserById(ctx.db, userId);
    if (!user) continue;
    if (channel === 'email') {
      const dayStart = instantOfLocal(`${localMomentIn(ctx.config.houseTimeZone, at).day}T00:00`, ctx.config.houseTimeZone)!;
      if ((await deliveriesSince(ctx, `changes:email:${userId}:`, dayStart)) >= MAX_EMAILS_FROM_OTHERS_A_DAY) {
        const moved = await moveToSummary(ctx.db, userId, now, nextSummaryAt(ctx, at).toISOString());
        if (moved > 0) outcomes.push({ key: `summary:${userId}`, to: user.email, what: 'changes', result: 'merged', reason: `${moved} changes wait for the summary: ${MAX_EMAILS_FROM_OTHERS_A_DAY} emails today already` });
      }
    }
    const taken = await ctx.db.transaction().execute(async (trx) => {
      const rows = await takeDue(trx, userId, channel, now);
      if (rows.length === 0 || user.disabled === 1) return null;
      const items = mergeChanges(rows.map((r) => ({ kind: r.kind, subjectId: r.subjectId, action: r.action, details: JSON.parse(r.details) as BookingDetails | NoteDetails })));
      if (items.length === 0) return { rows, key: null };
      const summary = rows.some((r) => r.summary === 1);
      const key = `${summary ? 'summary' : 'changes'}:${channel}:${userId}:${rows[0]!.id}`;
      const job: Job = { type: 'changes', channel, summary, items };
      await claimDelivery(ctx, trx, userId, key, job);
      return { rows, key };
    });
    if (!taken) continue;
    if (taken.rows.length > 1 || !taken.key) {
      const reason = taken.key ? `${taken.rows.length} changes in one message` : `${taken.rows.length} changes undone within the window: nothing to tell`;
      outcomes.push({ key: taken.key ?? `changes:${channel}:${userId}`, to: user.email, what: 'changes', result: 'merged', reason });
    }
    if (taken.key) outcomes.push(await deliverClaimed(ctx, taken.key, at));
  }
  return outcomes;
}
