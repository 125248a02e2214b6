/**
 * Starts loading a chunk that a screen's first paint does not need once the browser is idle, so
 * it is there when wanted. A load that fails here is tried again when the chunk is needed.
 */
export function loadWhenIdle(load: () => Promise<unknown>): void {
  const start = () => void load().catch(() => undefined);
  // Safari has no requestIdleCallback.
  if ('requestIdleCallback' in window) window.requestIdleCallback(start);
  else setTimeout(start, 200);
}
