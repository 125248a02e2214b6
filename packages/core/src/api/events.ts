import { z } from 'zod';

/**
 * The small change notices of the live stream (`/api/events`). They say what
 * changed; clients refetch what they show.
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('booking'), action: z.enum(['created', 'updated', 'deleted']), id: z.string() }),
  z.object({ type: z.literal('note'), action: z.enum(['created', 'deleted', 'reacted']), id: z.string() }),
  // A member's name or photo changed: everything that shows people refreshes.
  z.object({ type: z.literal('user'), action: z.literal('updated'), id: z.string() }),
  // An expense, settlement, contribution or the budget changed: the accounts and balances refresh.
  z.object({ type: z.literal('money'), action: z.literal('updated'), id: z.string() }),
  // Fair booking: the house rules or peak periods changed; a round of turns moved on; a notice for the member arrived; the waitlist changed.
  z.object({ type: z.literal('rules'), action: z.literal('updated'), id: z.string() }),
  z.object({ type: z.literal('turns'), action: z.literal('updated'), id: z.string() }),
  z.object({ type: z.literal('notice'), action: z.literal('created'), id: z.string() }),
  z.object({ type: z.literal('waitlist'), action: z.literal('updated'), id: z.string() }),
  // Between stays: a supply, a task or a handover changed.
  z.object({ type: z.literal('upkeep'), action: z.literal('updated'), id: z.string() }),
  // A hold («opzione») was made, confirmed, released or ended: the calendar refreshes.
  z.object({ type: z.literal('hold'), action: z.enum(['created', 'deleted']), id: z.string() }),
  // A swap or a stay given was proposed, answered or withdrawn (the bookings it moves send their own).
  z.object({ type: z.literal('swap'), action: z.literal('updated'), id: z.string() }),
  z.object({ type: z.literal('offer'), action: z.literal('updated'), id: z.string() }),
  // The server could not replay what a reconnecting client missed: refetch everything.
  z.object({ type: z.literal('resync') }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
