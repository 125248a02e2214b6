import { z } from 'zod';
import { undeliverableReasons } from '../notifications.ts';
import { reminderKinds } from '../reminders.ts';
import { isoDateSchema } from './dates.ts';

/** A reminder that reached me by no channel: what it was about, and why it did not arrive. */
export const undeliveredReminderSchema = z.object({
  /** Its delivery's key (kind, booking, day): what dismissing it names. */
  key: z.string(),
  reminder: z.enum(reminderKinds),
  /** The stay it was about; null for the admins' weekly summary of unpaid stays. */
  start: isoDateSchema.nullable(),
  end: isoDateSchema.nullable(),
  reason: z.enum(undeliverableReasons),
  /** When it was first due and could not be delivered (ISO instant). */
  at: z.string(),
});
export type UndeliveredReminder = z.infer<typeof undeliveredReminderSchema>;

export const undeliveredRemindersSchema = z.object({ reminders: z.array(undeliveredReminderSchema) });

// Keys are made of a kind, ids and a day (deliveries/): letters, digits, '-', ':' and '.'.
const deliveryKeySchema = z.string().max(200).regex(/^[\w:.-]+$/);

/** POST /reminders/undelivered/dismiss: the ones named, or all. */
export const undeliveredDismissSchema = z.object({ keys: z.array(deliveryKeySchema).max(100).optional() });
