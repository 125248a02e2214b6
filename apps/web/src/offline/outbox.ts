import { isKeptAnswer } from '@rustico/core';
import { api, ApiError, isApiError } from '../lib/api.ts';
import { keyForWrite, writeAnswered, writeFingerprint } from '../lib/write-keys.ts';
import { BACKGROUND_SYNC_TAG } from './flush.ts';
import { deleteOutboxEntry, putOutboxEntry, type OutboxEntry, type OutboxKind } from './outbox-store.ts';

export type WriteOutcome<T> = { queued: false; data: T } | { queued: true; entry: OutboxEntry };

export interface QueueableWrite {
  userId: string;
  kind: OutboxKind;
  method: OutboxEntry['method'];
  path: string;
  body?: unknown;
  bookingId?: string | null;
  /** A corrected resend of a refused entry takes its place (and its order). */
  replaces?: OutboxEntry | undefined;
}

async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.getRegistration()) as
    | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
    | undefined;
  await registration?.sync?.register(BACKGROUND_SYNC_TAG).catch(() => undefined);
}

/**
 * Sends a write now, or keeps it in the outbox when there is no network: the member's input is
 * saved on the phone either way. A refusal while online is thrown as before, for the form to show.
 * `T` is what the route answers.
 */
export async function sendOrQueue<T>(write: QueueableWrite): Promise<WriteOutcome<T>> {
  // The same write tapped twice is one entry and one key (lib/write-keys.ts).
  const fingerprint = writeFingerprint(write.method, write.path, write.body ?? null);
  const entry: OutboxEntry = {
    key: keyForWrite(fingerprint),
    userId: write.userId,
    kind: write.kind,
    method: write.method,
    path: write.path,
    body: write.body ?? null,
    bookingId: write.bookingId ?? null,
    queuedAt: write.replaces?.queuedAt ?? Date.now(),
    refusal: null,
  };
  if (navigator.onLine) {
    try {
      const headers = { 'Idempotency-Key': entry.key };
      const data =
        write.method === 'DELETE'
          ? await api.delete<T>(write.path, { headers })
          : write.method === 'PUT'
            ? await api.put<T>(write.path, write.body, { headers })
            : await api.post<T>(write.path, write.body, { headers });
      writeAnswered(fingerprint, true);
      if (write.replaces) await deleteOutboxEntry(write.replaces.key);
      return { queued: false, data };
    } catch (error) {
      if (!isApiError(error) || error.status !== 0) {
        if (isApiError(error) && isKeptAnswer(error.status)) writeAnswered(fingerprint, false);
        throw error;
      }
    }
  }
  if (write.replaces) await deleteOutboxEntry(write.replaces.key);
  await putOutboxEntry(entry);
  void requestBackgroundSync();
  return { queued: true, entry };
}

/** A refused entry's answer as the error a form shows for a refusal while online. */
export function refusalError(entry: OutboxEntry): ApiError | null {
  return entry.refusal ? new ApiError(entry.refusal) : null;
}

/** What was typed in a refused reading, back into the form's text fields. */
export function typedValue(entry: OutboxEntry | undefined, field: string): string {
  const body = entry?.body;
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'number' || typeof value === 'string' ? String(value) : '';
}
