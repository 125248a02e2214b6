let painted: Promise<void> | undefined;

/** Resolves once the page has drawn its first text or picture (at once if it has, or cannot tell). */
function firstContentfulPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    const drawn = () => performance.getEntriesByName('first-contentful-paint').length > 0;
    if (!PerformanceObserver.supportedEntryTypes.includes('paint') || drawn()) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver(() => {
      if (!drawn()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
  return painted;
}

/**
 * Runs `run` once the page has drawn its first content and the browser is idle: for work no
 * screen waits for. Idle time comes before a screen's first paint too (its commit done, the frame
 * not drawn yet), and work started there, such as a chunk's download, competes with the paint
 * for the network and the main thread.
 */
export function whenIdle(run: () => void): void {
  void firstContentfulPaint().then(() => {
    // Safari has no requestIdleCallback.
    if ('requestIdleCallback' in window) window.requestIdleCallback(run);
    else setTimeout(run, 200);
  });
}
