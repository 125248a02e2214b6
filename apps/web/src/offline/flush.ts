import type { ErrorCode } from '@rustico/core';
import { deleteOutboxEntry, getOutboxEntry, outboxEntries, putOutboxEntry, type OutboxEntry, type OutboxRefusal } from './outbox-store.ts';

export type SendOutcome = { kind: 'sent'; body: unknown } | { kind: 'refused'; refusal: OutboxRefusal } | { kind: 'unreachable' };

/** One write with its Idempotency-Key; DOM-free, so the service worker sends the same way. */
export async function sendEntry(entry: Pick<OutboxEntry, 'key' | 'method' | 'path' | 'body'>): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(`/api${entry.path}`, {
      method: entry.method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': entry.key },
      ...(entry.method === 'DELETE' ? {} : { body: JSON.stringify(entry.body ?? {}) }),
    });
  } catch {
    return { kind: 'unreachable' };
  }
  // Not the write's own answer: the session ended, the server is busy or broken. Keep it for later.
  if (response.status === 401 || response.status === 408 || response.status === 429 || response.status >= 500) return { kind: 'unreachable' };
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.ok) return { kind: 'sent', body };
  const refusal = refusalFrom(response.status, body);
  // An earlier send's write was saved, but its answer never arrived: done, the screens refresh.
  if (refusal.code === 'IDEMPOTENCY_APPLIED') return { kind: 'sent', body: null };
  // An earlier send with this key is still running on the server: ask again later.
  if (refusal.code === 'IDEMPOTENCY_IN_PROGRESS') return { kind: 'unreachable' };
  return { kind: 'refused', refusal };
}

function refusalFrom(status: number, body: unknown): OutboxRefusal {
  const error = typeof body === 'object' && body !== null && 'error' in body ? (body as { error: Record<string, unknown> }).error : {};
  return {
    status,
    // The code is the server's; the app's error texts fall back to a general one for a code they lack.
    code: typeof error.code === 'string' ? (error.code as ErrorCode) : 'INTERNAL',
    message: typeof error.message === 'string' ? error.message : '',
    ...(typeof error.field === 'string' ? { field: error.field } : {}),
  };
}

export interface FlushResult {
  sent: OutboxEntry[];
  refused: OutboxEntry[];
  /** Still waiting: the network or the server was not there. */
  waiting: number;
}

const FLUSH_LOCK = 'rustico-outbox-flush';

/** Runs `task` while no send of the outbox runs (the browser's Web Lock, where there is one). */
async function outsideSending<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? ((await locks.request(FLUSH_LOCK, task)) as T) : task();
}

/**
 * Takes writes back before they are sent (a write that needs another goes with it: a check-out
 * with its check-in). Waits for a send in progress, so each is either sent or withdrawn, never
 * both; false when the first had gone out meanwhile.
 */
export async function withdrawOutboxEntries(keys: readonly string[]): Promise<boolean> {
  return outsideSending(async () => {
    const present = await Promise.all(keys.map((key) => getOutboxEntry(key)));
    for (const entry of present) if (entry) await deleteOutboxEntry(entry.key);
    return present[0] !== undefined;
  });
}

/**
 * Sends the waiting writes in the order they were saved. A refusal is kept on its entry for the
 * member to correct and the rest go on; no answer stops the run, to try again later. One run at a
 * time per browser (a Web Lock), so two tabs and the worker do not send the same entry together
 * (were they to, the Idempotency-Key would still make it one write).
 */
export async function flushOutbox(): Promise<FlushResult> {
  const run = async (): Promise<FlushResult> => {
    const result: FlushResult = { sent: [], refused: [], waiting: 0 };
    const pending = (await outboxEntries()).filter((entry) => !entry.refusal);
    for (const [index, entry] of pending.entries()) {
      const outcome = await sendEntry(entry);
      if (outcome.kind === 'unreachable') {
        result.waiting = pending.length - index;
        break;
      }
      if (outcome.kind === 'sent') {
        await deleteOutboxEntry(entry.key);
        result.sent.push(entry);
      } else {
        const refused = { ...entry, refusal: outcome.refusal };
        await putOutboxEntry(refused);
        result.refused.push(refused);
      }
    }
    return result;
  };
  return outsideSending(run);
}

export const BACKGROUND_SYNC_TAG = 'rustico-outbox';
