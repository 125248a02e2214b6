/** Runs `run` once the browser is idle: for work no screen waits for. */
export function whenIdle(run: () => void): void {
  // Safari has no requestIdleCallback.
  if ('requestIdleCallback' in window) window.requestIdleCallback(run);
  else setTimeout(run, 200);
}
