import type { NotificationKind, PushMessage, ReminderKind } from '@rustico/core';
import { z } from 'zod';
import type { MailContent } from '../mail/layout.ts';

/** What a delivery sends, kept as JSON in its row and rendered when it is sent. */
export const jobSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reminder'), reminder: z.enum(['arrival-eve', 'checkin-missing', 'departure', 'unpaid']), bookingId: z.string() }),
  z.object({ type: z.literal('unpaid-summary'), day: z.string() }),
  z.object({
    type: z.literal('booking'),
    action: z.enum(['created', 'updated', 'deleted']),
    bookingId: z.string(),
    ownerName: z.string(),
    start: z.string(),
    end: z.string(),
  }),
  z.object({ type: z.literal('notes-digest'), day: z.string(), from: z.string(), to: z.string() }),
  // A fair-booking notice (a decision, a turn, a freed night) by email; its push went out with it.
  z.object({ type: z.literal('notice'), noticeId: z.string() }),
]);
export type Job = z.infer<typeof jobSchema>;

export function kindOfJob(job: Job): NotificationKind {
  switch (job.type) {
    case 'reminder':
    case 'unpaid-summary':
      return 'reminders';
    case 'booking':
      return 'bookings';
    case 'notes-digest':
      return 'notes';
    case 'notice':
      return 'fairness';
  }
}

export function jobLabel(job: Job): ReminderKind | 'booking' | 'notes-digest' | 'notice' {
  return job.type === 'reminder' ? job.reminder : job.type;
}

/** A rendered job: the email (always) and the push notice (reminders only). */
export interface RenderedJob {
  mail: MailContent;
  push: PushMessage | null;
}
