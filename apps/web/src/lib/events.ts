import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@rustico/core';
import { inNextTask } from './next-task.ts';
import { browserEnvironment, joinSharedStream, type SharedStream } from './shared-stream.ts';

/** The live stream of change notices (Server-Sent Events, one per browser). */
export const LIVE_EVENTS_URL = '/api/events';

type EventType = Exclude<LiveEvent['type'], 'resync'>;

/**
 * What each kind of notice makes stale: the query keys of the features that show it. The app
 * layer writes the table (app/live-event-keys.ts), as this mechanism knows no feature; a type
 * without an entry is ignored.
 */
export type LiveEventKeys = { readonly [T in EventType]?: (event: Extract<LiveEvent, { type: T }>) => readonly QueryKey[] };

/** Invalidates the queries a notice concerns; `resync` (the server could not replay what we missed) invalidates everything. */
export function applyLiveEvent(queryClient: QueryClient, keys: LiveEventKeys, event: LiveEvent): void {
  if (event.type === 'resync') {
    void queryClient.invalidateQueries();
    return;
  }
  const keysOf = keys[event.type] as ((event: LiveEvent) => readonly QueryKey[]) | undefined;
  for (const queryKey of keysOf?.(event) ?? []) void queryClient.invalidateQueries({ queryKey });
}

/**
 * Reads one SSE `data:` payload (written by the server from core's `liveEventSchema`); anything
 * malformed is ignored; a type this app does not know is ignored by `applyLiveEvent`.
 */
export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event: unknown = JSON.parse(data);
    return typeof event === 'object' && event !== null && typeof (event as { type?: unknown }).type === 'string' ? (event as LiveEvent) : null;
  } catch {
    return null;
  }
}

/** This tab's part in the browser's shared stream while the /app layout is mounted. */
let joined: SharedStream | null = null;

/** Ends the live stream in every tab of this browser (after logging out here). */
export function endLiveEventsEverywhere(): void {
  joined?.announceLogout();
  joined = null;
}

/**
 * Keeps this tab in the browser's one live stream while mounted (the
 * logged-in /app layout) and turns its notices into this tab's query
 * invalidations. One tab holds the EventSource and passes notices on (see
 * shared-stream.ts); the browser reconnects by itself and sends
 * Last-Event-ID, so the server replays what was missed; if the browser gives
 * up (the stream answered an error), a new stream opens later and everything
 * is refetched, as events may have been lost.
 */
export function useLiveEvents({ keys, enabled = true, onLogout }: { keys: LiveEventKeys; enabled?: boolean; onLogout: () => void }): void {
  const queryClient = useQueryClient();
  const latestOnLogout = useRef(onLogout);
  useEffect(() => {
    latestOnLogout.current = onLogout;
  });

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return inNextTask(() => {
      const stream = joinSharedStream(browserEnvironment(), LIVE_EVENTS_URL, {
        onNotice: (data) => {
          const event = parseLiveEvent(data);
          if (event) applyLiveEvent(queryClient, keys, event);
        },
        onReopened: () => void queryClient.invalidateQueries(),
        onLogout: () => latestOnLogout.current(),
      });
      joined = stream;
      return () => {
        stream.stop();
        if (joined === stream) joined = null;
      };
    });
  }, [enabled, keys, queryClient]);
}
