import { z } from 'zod';
import { channels, emailPaces, notificationKinds, passwordLinkPurposes } from '../notifications.ts';
import { newPasswordSchema } from './auth.ts';

export const notificationKindSchema = z.enum(notificationKinds);
export const channelSchema = z.enum(channels);

export const notificationChoicesSchema = z.object({
  bookings: channelSchema,
  notes: channelSchema,
  reminders: channelSchema,
  fairness: channelSchema,
});
export type NotificationChoices = z.infer<typeof notificationChoicesSchema>;

export const emailPaceSchema = z.enum(emailPaces);
export const emailPacesSchema = z.object({ bookings: emailPaceSchema, notes: emailPaceSchema });
export type EmailPaces = z.infer<typeof emailPacesSchema>;

/**
 * PUT /profile/notifications: a client from before fair booking sends no `fairness`, one from
 * before the daily summary no `paces` (each kept as it is).
 */
export const notificationChoicesInputSchema = notificationChoicesSchema.partial({ fairness: true }).extend({ paces: emailPacesSchema.partial().optional() });
export type NotificationChoicesInput = z.infer<typeof notificationChoicesInputSchema>;

export const notificationSettingsSchema = z.object({
  choices: notificationChoicesSchema,
  /** How others' bookings and notes come by email: merged at once, or in the daily summary. */
  paces: emailPacesSchema,
  /** False when the server has no SMTP_URL: email choices are kept but nothing is sent. */
  mailEnabled: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const unsubscribeRequestSchema = z.object({ token: z.string().min(1).max(400) });
export const unsubscribeResponseSchema = z.object({ kind: notificationKindSchema, choices: notificationChoicesSchema });

export const forgotPasswordRequestSchema = z.object({ email: z.string().trim().min(1).max(254) });

export const passwordLinkPurposeSchema = z.enum(passwordLinkPurposes);

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
