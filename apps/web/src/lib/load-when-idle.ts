import { whenIdle } from './when-idle.ts';

/** Loads asked for and not failed: a screen with ten dialogs asks the browser for one idle callback, not ten. */
const asked = new Set<() => Promise<unknown>>();

/**
 * Starts loading a chunk that a screen's first paint does not need once the browser is idle, so
 * it is there when wanted. A load that fails here is tried again when the chunk is needed.
 */
export function loadWhenIdle(load: () => Promise<unknown>): void {
  if (asked.has(load)) return;
  asked.add(load);
  whenIdle(() => void load().catch(() => asked.delete(load)));
}
