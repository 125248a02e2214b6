import type { BookingDetails, NoticeItem, NoteDetails } from '../deliveries/jobs.ts';

/** A change as it was queued for one recipient, oldest first. */
export interface QueuedChange {
  kind: NoticeItem['kind'];
  subjectId: string;
  action: 'created' | 'updated' | 'deleted';
  details: BookingDetails | NoteDetails;
}

/**
 * What one message says about a run of changes: one item per booking or note, in the order
 * they first changed, with the state they ended in. A booking made and cancelled inside the
 * run says nothing (nor does a note written and deleted); one made and then moved is new, at
 * its final dates; one moved and then cancelled is cancelled.
 */
export function mergeChanges(changes: readonly QueuedChange[]): NoticeItem[] {
  const bySubject = new Map<string, QueuedChange[]>();
  for (const change of changes) {
    const key = `${change.kind}:${change.subjectId}`;
    bySubject.set(key, [...(bySubject.get(key) ?? []), change]);
  }
  const items: NoticeItem[] = [];
  for (const runs of bySubject.values()) {
    const first = runs[0]!;
    const last = runs.at(-1)!;
    if (first.action === 'created' && last.action === 'deleted') continue;
    const action = first.action === 'created' ? 'created' : last.action === 'deleted' ? 'deleted' : 'updated';
    if (first.kind === 'bookings') {
      items.push({ kind: 'bookings', id: first.subjectId, action, ...(last.details as BookingDetails) });
    } else if (action === 'created') {
      items.push({ kind: 'notes', id: first.subjectId, action, ...(last.details as NoteDetails) });
    }
  }
  return items;
}
