import { useSyncExternalStore } from 'react';

/**
 * When the app shows what it saw last instead of fresh data: the service worker answers API
 * reads from its cache without a network and marks them with the time they were fetched.
 */
export { CACHED_AT_HEADER } from './freshness-header.ts';

let cachedAt: Date | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Called by the API client for every answer: a fresh one clears the mark, a cached one sets it. */
export function noteAnswerFreshness(header: string | null): void {
  const next = header ? new Date(header) : null;
  const valid = next && !Number.isNaN(next.getTime()) ? next : null;
  // The oldest copy on screen is what "updated at" must not overstate.
  const value = valid && cachedAt && cachedAt < valid ? cachedAt : valid;
  if (value?.getTime() === cachedAt?.getTime()) return;
  cachedAt = value;
  emit();
}

/** The time of the oldest cached answer on screen since the network was last reached, or null. */
export function useCachedAt(): Date | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => cachedAt,
  );
}
