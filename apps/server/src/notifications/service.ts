import {
  DEFAULT_CHOICES,
  includesEmail,
  notificationKinds,
  withoutEmail,
  type Booking,
  type Channel,
  type NotificationChoices,
  type NotificationChoicesInput,
  type NotificationKind,
  type NotificationSettings,
} from '@rustico/core';
import type { AppContext } from '../context.ts';
import { claimAndDeliver } from '../deliveries/service.ts';
import { AppError } from '../http/errors.ts';
import { readUnsubscribeToken } from '../mail/links.ts';
import { bookingMessage } from '../push/messages.ts';
import type { Recipients } from '../push/recipients.ts';
import { findUserById } from '../users/service.ts';
import { activeMembersWithChoice, choicesOf, putChoice } from './repository.ts';

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

export async function notificationSettings(ctx: AppContext, userId: string): Promise<NotificationSettings> {
  return { choices: await notificationChoices(ctx, userId), mailEnabled: ctx.mailer.enabled };
}

export async function setNotificationChoices(ctx: AppContext, userId: string, choices: NotificationChoicesInput): Promise<NotificationSettings> {
  for (const kind of notificationKinds) {
    const channel = choices[kind];
    if (channel) await putChoice(ctx.db, userId, kind, channel);
  }
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

/**
 * Tells the others about a booking made, moved or cancelled: push now to those who chose
 * push, and an email (claimed, so never twice) to those who chose email.
 */
export function notifyBookingChange(ctx: AppContext, recipients: Recipients, action: 'created' | 'updated' | 'deleted', booking: Booking): void {
  ctx.push.notify(recipients, bookingMessage(action, booking));
  if (!ctx.mailer.enabled) return;
  const at = ctx.now();
  ctx.tasks.run('booking emails failed', async () => {
    for (const member of await activeMembersWithChoice(ctx.db, 'bookings')) {
      if (member.id === recipients.exceptUserId || !includesEmail(member.channel ?? DEFAULT_CHOICES.bookings)) continue;
      if (recipients.onlyHidden && member.hidden !== 1) continue;
      const key = `booking-${action}:${booking.id}:${at.toISOString()}:${member.id}`;
      const job = { type: 'booking' as const, action, bookingId: booking.id, ownerName: booking.ownerName, start: booking.start, end: booking.end };
      await claimAndDeliver(ctx, member, key, job, at);
    }
  });
}
