import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWhenIdle } from './load-when-idle.ts';

/** A browser that has painted, whose idle callbacks run when the test says so. */
function idleBrowser() {
  const waiting: (() => void)[] = [];
  vi.stubGlobal('window', { requestIdleCallback: (callback: () => void) => waiting.push(callback) });
  return { waiting, runIdle: () => waiting.splice(0).forEach((callback) => callback()) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadWhenIdle', () => {
  it('asks the browser once however many dialogs of a screen ask, and loads once idle', async () => {
    const { waiting, runIdle } = idleBrowser();
    const load = vi.fn(() => Promise.resolve());
    for (let i = 0; i < 10; i++) loadWhenIdle(load);
    await vi.waitFor(() => expect(waiting).toHaveLength(1));
    expect(load).not.toHaveBeenCalled();
    runIdle();
    expect(load).toHaveBeenCalledTimes(1);
    loadWhenIdle(load);
    // Every microtask of whenIdle has run by the next task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(waiting).toHaveLength(0);
  });

  it('asks again after a load that failed (offline), so a later screen still preloads it', async () => {
    const { waiting, runIdle } = idleBrowser();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    loadWhenIdle(load);
    await vi.waitFor(() => expect(waiting).toHaveLength(1));
    runIdle();
    await vi.waitFor(() => {
      loadWhenIdle(load);
      expect(waiting).toHaveLength(1);
    });
    runIdle();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
