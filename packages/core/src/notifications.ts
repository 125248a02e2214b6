import type { NotificationChoices } from './api/notifications.ts';

/**
 * The kinds of message a member chooses a channel for. `fairness`: fair booking's
 * decisions on one's requests, one's picking turn, a waited-for night freed.
 */
export const notificationKinds = ['bookings', 'notes', 'reminders', 'fairness'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const channels = ['push', 'email', 'both', 'none'] as const;
export type Channel = (typeof channels)[number];

/** What a member gets before choosing: reminders matter most, so they also go by email. */
export const DEFAULT_CHOICES: NotificationChoices = { bookings: 'push', notes: 'push', reminders: 'both', fairness: 'push' };

/**
 * How often others' bookings and notes come by email: «subito» (merged over a few minutes) or
 * one «riepilogo giornaliero». Email defaults to the summary: those who chose email read little.
 */
export const pacedKinds = ['bookings', 'notes'] as const;
export type PacedKind = (typeof pacedKinds)[number];
export const isPacedKind = (kind: NotificationKind): kind is PacedKind => (pacedKinds as readonly NotificationKind[]).includes(kind);
export const emailPaces = ['immediate', 'daily'] as const;
export type EmailPace = (typeof emailPaces)[number];
export const DEFAULT_EMAIL_PACE: EmailPace = 'daily';
/** Emails caused by others a member gets in a day at most; the rest waits for the summary. */
export const MAX_EMAILS_FROM_OTHERS_A_DAY = 10;

export const includesEmail = (channel: Channel): boolean => channel === 'email' || channel === 'both';
export const includesPush = (channel: Channel): boolean => channel === 'push' || channel === 'both';

/**
 * Why a message reached its member by no channel: none of their devices takes push (no
 * subscription; every push service called its subscription gone, 404/410; every one refused it
 * or did not answer), or email was the way and the server sends none (no SMTP_URL).
 */
export const undeliverableReasons = ['no-device', 'devices-gone', 'devices-refused', 'mail-off'] as const;
export type UndeliverableReason = (typeof undeliverableReasons)[number];

/** The channel left after unsubscribing from its emails. */
export function withoutEmail(channel: Channel): Channel {
  return channel === 'both' ? 'push' : channel === 'email' ? 'none' : channel;
}

export const passwordLinkPurposes = ['reset', 'invitation'] as const;
export type PasswordLinkPurpose = (typeof passwordLinkPurposes)[number];
