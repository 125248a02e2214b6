import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@rustico/core';
import { moneyKeys } from '../accounts/keys.ts';
import { membersKey, storageKey } from '../admin/keys.ts';
import { bookingKeys } from '../bookings/queries.ts';
import { fairnessKeys, houseRulesKey } from '../fairness/keys.ts';
import { noteKeys } from '../notes/queries.ts';
import { inNextTask } from './next-task.ts';
import { browserEnvironment, joinSharedStream, type SharedStream } from './shared-stream.ts';

/** The live stream of change notices (Server-Sent Events, one per browser). */
export const LIVE_EVENTS_URL = '/api/events';

type EventType = Exclude<LiveEvent['type'], 'resync'>;

type KeysFor = { readonly [T in EventType]?: (event: Extract<LiveEvent, { type: T }>) => readonly QueryKey[] };

/**
 * What each kind of notice makes stale. A new kind of live data adds its type
 * to `liveEventSchema` in core and its query keys here; a type without an
 * entry is ignored.
 */
export const liveEventQueryKeys: KeysFor = {
  // Unpaid stays are part of each member's balance; a stay uses quota, may be a request and may end a turn.
  booking: () => [
    bookingKeys.all,
    moneyKeys.all,
    fairnessKeys.quotas,
    fairnessKeys.requests,
    fairnessKeys.competingAll,
    fairnessKeys.views,
    fairnessKeys.turns,
  ],
  note: () => [noteKeys.all],
  // A new name or photo shows wherever people appear: notes, bookings, the members list, requests and turns; a photo is a stored file.
  user: () => [noteKeys.all, bookingKeys.all, membersKey, moneyKeys.all, fairnessKeys.all, storageKey],
  // Receipts are stored files too.
  money: () => [moneyKeys.all, storageKey],
  // The rules decide quotas, requests and the fairness view.
  rules: () => [houseRulesKey, fairnessKeys.ruleHistory, fairnessKeys.peaks, fairnessKeys.quotas, fairnessKeys.views],
  turns: () => [fairnessKeys.turns],
  // A notice is a decision, a turn or a freed night: the stays it speaks of may have changed too.
  notice: () => [fairnessKeys.notices, fairnessKeys.requests, fairnessKeys.waitlist],
  waitlist: () => [fairnessKeys.waitlist],
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

/**
 * Reads one SSE `data:` payload (written by the server from core's `liveEventSchema`); anything
 * malformed is ignored, and so is a type this app does not know (`liveEventQueryKeys` has no entry).
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
export function useLiveEvents({ enabled = true, onLogout }: { enabled?: boolean; onLogout: () => void }): void {
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
          if (event) applyLiveEvent(queryClient, event);
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
  }, [enabled, queryClient]);
}
