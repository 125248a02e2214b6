import { createStore, del, get, set, values } from 'idb-keyval';
import type { ErrorCode } from '@rustico/core';

/**
 * The outbox: writes made without a network, kept in IndexedDB on the phone until the
 * server has answered them. Shared by the app's tabs and the service worker (Background
 * Sync), so it holds plain data only. DOM-free: the service worker imports it too.
 */

export type OutboxKind = 'checkin' | 'checkout' | 'payment' | 'note' | 'reaction' | 'unreaction' | 'supply' | 'task-done';

export interface OutboxRefusal {
  status: number;
  code: ErrorCode;
  message: string;
  field?: string | undefined;
}

export interface OutboxEntry {
  /** Also the write's Idempotency-Key: a resend never writes twice. */
  key: string;
  userId: string;
  kind: OutboxKind;
  method: 'POST' | 'PUT' | 'DELETE';
  /** Under /api, e.g. `/bookings/…/checkin`. */
  path: string;
  body: unknown;
  /** The booking a stay step belongs to, to show it at that step. */
  bookingId: string | null;
  /** Order of sending: the order the member saved them in. */
  queuedAt: number;
  /** Set when the server refused it: the member corrects and sends again. */
  refusal: OutboxRefusal | null;
}

const store = () => createStore('rustico-outbox', 'entries');
const CHANNEL = 'rustico-outbox';

/** Every tab (and the worker) hears that the outbox changed and reads it again. */
export function announceOutboxChange(): void {
  // BroadcastChannel does not echo to its sender: this tab hears it through a window event.
  if (typeof window !== 'undefined') window.dispatchEvent(new Event('rustico-outbox'));
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

export function onOutboxChange(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => listener();
  return () => channel.close();
}

export async function outboxEntries(userId?: string): Promise<OutboxEntry[]> {
  const all = await values<OutboxEntry>(store());
  return all.filter((entry) => userId === undefined || entry.userId === userId).sort((a, b) => a.queuedAt - b.queuedAt);
}

export async function putOutboxEntry(entry: OutboxEntry): Promise<void> {
  await set(entry.key, entry, store());
  announceOutboxChange();
}

export async function getOutboxEntry(key: string): Promise<OutboxEntry | undefined> {
  return get<OutboxEntry>(key, store());
}

export async function deleteOutboxEntry(key: string): Promise<void> {
  await del(key, store());
  announceOutboxChange();
}
