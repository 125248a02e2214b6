import { z } from 'zod';
import { newPasswordSchema } from './api/auth.ts';

/**
 * The kinds of message a member chooses a channel for. `fairness`: fair booking's
 * decisions on one's requests, one's picking turn, a waited-for night freed.
 */
export const notificationKinds = ['bookings', 'notes', 'reminders', 'fairness'] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const channelSchema = z.enum(['push', 'email', 'both', 'none']);
export type Channel = z.infer<typeof channelSchema>;

export const notificationChoicesSchema = z.object({
  bookings: channelSchema,
  notes: channelSchema,
  reminders: channelSchema,
  fairness: channelSchema,
});
export type NotificationChoices = z.infer<typeof notificationChoicesSchema>;

/** What a member gets before choosing: reminders matter most, so they also go by email. */
export const DEFAULT_CHOICES: NotificationChoices = { bookings: 'push', notes: 'push', reminders: 'both', fairness: 'push' };

/** PUT /profile/notifications: a client from before fair booking sends no `fairness` (kept as it is). */
export const notificationChoicesInputSchema = notificationChoicesSchema.partial({ fairness: true });
export type NotificationChoicesInput = z.infer<typeof notificationChoicesInputSchema>;

export const includesEmail = (channel: Channel): boolean => channel === 'email' || channel === 'both';
export const includesPush = (channel: Channel): boolean => channel === 'push' || channel === 'both';

/** The channel left after unsubscribing from its emails. */
export function withoutEmail(channel: Channel): Channel {
  return channel === 'both' ? 'push' : channel === 'email' ? 'none' : channel;
}

export const notificationSettingsSchema = z.object({
  choices: notificationChoicesSchema,
  /** False when the server has no SMTP_URL: email choices are kept but nothing is sent. */
  mailEnabled: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const unsubscribeRequestSchema = z.object({ token: z.string().min(1).max(400) });
export const unsubscribeResponseSchema = z.object({ kind: notificationKindSchema, choices: notificationChoicesSchema });

export const forgotPasswordRequestSchema = z.object({ email: z.string().trim().min(1).max(254) });

export const passwordLinkPurposeSchema = z.enum(['reset', 'invitation']);
export type PasswordLinkPurpose = z.infer<typeof passwordLinkPurposeSchema>;

export const passwordLinkStatusSchema = z.object({
  valid: z.boolean(),
  purpose: passwordLinkPurposeSchema.nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type PasswordLinkStatus = z.infer<typeof passwordLinkStatusSchema>;

export const passwordLinkRequestSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordSchema,
});
