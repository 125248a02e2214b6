import type { OutboxEntry } from './outbox-store.ts';

/** What the outbox holds: writes still to send, and writes the server refused (shown at their step). */
export interface OutboxCounts {
  waiting: number;
  refused: number;
}

export function outboxCounts(entries: readonly OutboxEntry[]): OutboxCounts {
  const refused = entries.filter((entry) => entry.refusal).length;
  return { waiting: entries.length - refused, refused };
}

/**
 * "Sincronizzato": the last waiting write left the outbox and was not refused. Judged from the
 * outbox itself, so it holds whoever sent it: this tab, another tab, or the worker's Background
 * Sync, which can win the race when the network comes back.
 */
export function justSynced(before: OutboxCounts, now: OutboxCounts): boolean {
  return before.waiting > 0 && now.waiting === 0 && now.refused <= before.refused;
}
