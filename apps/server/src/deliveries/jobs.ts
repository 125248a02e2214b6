import type { NotificationKind, PushMessage, ReminderKind } from '@rustico/core';
import { z } from 'zod';
import type { MailContent } from '../mail/layout.ts';

const bookingDetails = z.object({ actorName: z.string(), ownerName: z.string(), start: z.string(), end: z.string() });
const noteDetails = z.object({ actorName: z.string(), text: z.string() });
export type BookingDetails = z.infer<typeof bookingDetails>;
export type NoteDetails = z.infer<typeof noteDetails>;

/** One thing a merged message tells: a booking as it ended up, or a note. */
export const noticeItemSchema = z.discriminatedUnion('kind', [
  bookingDetails.extend({ kind: z.literal('bookings'), id: z.string(), action: z.enum(['created', 'updated', 'deleted']) }),
  noteDetails.extend({ kind: z.literal('notes'), id: z.string(), action: z.literal('created') }),
]);
export type NoticeItem = z.infer<typeof noticeItemSchema>;

/** What a delivery sends, kept as JSON in its row and rendered when it is sent. */
export const jobSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reminder'), reminder: z.enum(['arrival-eve', 'checkin-missing', 'departure', 'unpaid']), bookingId: z.string() }),
  z.object({ type: z.literal('unpaid-summary'), day: z.string() }),
  // Others' bookings and notes, merged for one channel (notifications/): within a short window, or the day's summary.
  z.object({ type: z.literal('changes'), channel: z.enum(['push', 'email']), summary: z.boolean(), items: z.array(noticeItemSchema).min(1) }),
  // A fair-booking notice (a decision, a turn, a freed night) by email; its push went out with it.
  z.object({ type: z.literal('notice'), noticeId: z.string() }),
  // The admins told that the day's backup failed, or that there has been none for 36 hours (backups/): `day` is the
  // failed one's, or the last good one's ('never').
  z.object({ type: z.literal('backup-alert'), problem: z.enum(['failed', 'missing']), day: z.string(), error: z.string().nullable() }),
  // A task still open after its window, for each admin (upkeep/), once per task and window.
  z.object({ type: z.literal('task-overdue'), taskId: z.string() }),
]);
export type Job = z.infer<typeof jobSchema>;

export function kindOfJob(job: Job): NotificationKind {
  switch (job.type) {
    // An admin's backup alert must reach them as a reminder does: by email when push cannot.
    case 'reminder':
    case 'unpaid-summary':
    case 'backup-alert':
    case 'task-overdue':
      return 'reminders';
    case 'changes':
      return job.items[0]!.kind;
    case 'notice':
      return 'fairness';
  }
}

export function jobLabel(job: Job): ReminderKind | 'changes' | 'summary' | 'notice' | 'backup-failed' | 'backup-missing' | 'task-overdue' {
  if (job.type === 'changes') return job.summary ? 'summary' : 'changes';
  if (job.type === 'backup-alert') return `backup-${job.problem}`;
  return job.type === 'reminder' ? job.reminder : job.type;
}

/** A rendered job: the email (always) and the push notice (reminders only). */
export interface RenderedJob {
  mail: MailContent;
  push: PushMessage | null;
}
