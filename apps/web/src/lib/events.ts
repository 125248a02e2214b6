import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { liveEventSchema, type LiveEvent } from '@rustico/core';
import { membersKey } from '../admin/keys.ts';
import { bookingKeys } from '../bookings/queries.ts';
import { noteKeys } from '../notes/queries.ts';

/** The live stream of change notices (Server-Sent Events, one per tab). */
export const LIVE_EVENTS_URL = '/api/events';

/** After the browser gave up on the stream (e.g. it answered an error), try again after this long. */
const REOPEN_AFTER_MS = 5_000;

type EventType = Exclude<LiveEvent['type'], 'resync'>;

type KeysFor = { readonly [T in EventType]?: (event: Extract<LiveEvent, { type: T }>) => readonly QueryKey[] };

/**
 * What each kind of notice makes stale. A new kind of live data adds its type
 * to `liveEventSchema` in core and its query keys here; a type without an
 * entry is ignored.
 */
export const liveEventQueryKeys: KeysFor = {
  booking: () => [bookingKeys.all],
  note: () => [noteKeys.all],
  // A new name or photo shows wherever people appear: notes, bookings, the members list.
  user: () => [noteKeys.all, bookingKeys.all, membersKey],
};

/** Invalidates the queries a notice concerns; `resync` (the server could not replay what we missed) invalidates everything. */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  if (event.type === 'resync') {
    void queryClient.invalidateQueries();
    return;
  }
  const keysOf = liveEventQueryKeys[event.type] as ((event: LiveEvent) => readonly QueryKey[]) | undefined;
  for (const queryKey of keysOf?.(event) ?? []) void queryClient.invalidateQueries({ queryKey });
}

/** Parses one SSE `data:` payload; anything unknown or malformed is ignored. */
export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Keeps one EventSource open while mounted (the logged-in /app layout) and
 * turns its notices into query invalidations. The browser reconnects by
 * itself and sends Last-Event-ID, so the server replays what was missed; if
 * the browser gives up (the stream answered an error), a new stream opens
 * later and everything is refetched, as events may have been lost.
 */
export function useLiveEvents(enabled = true): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopenTimer: number | undefined;
    let reopened = false;

    const open = () => {
      source = new EventSource(LIVE_EVENTS_URL);
      source.onmessage = (message: MessageEvent) => {
        const event = parseLiveEvent(message.data);
        if (event) applyLiveEvent(queryClient, event);
      };
      source.onopen = () => {
        if (reopened) {
          reopened = false;
          void queryClient.invalidateQueries();
        }
      };
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        reopenTimer = window.setTimeout(() => {
          reopened = true;
          open();
        }, REOPEN_AFTER_MS);
      };
    };

    open();
    return () => {
      window.clearTimeout(reopenTimer);
      source?.close();
      source = null;
    };
  }, [enabled, queryClient]);
}
