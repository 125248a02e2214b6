import { afterEach, describe, expect, it, vi } from 'vitest';

/** A browser that paints and goes idle when the test says so. */
function browser({ paintTiming }: { paintTiming: boolean }) {
  const entries: string[] = [];
  const observers: (() => void)[] = [];
  const idle: (() => void)[] = [];
  vi.stubGlobal('window', { requestIdleCallback: (callback: () => void) => idle.push(callback) });
  vi.stubGlobal('performance', { getEntriesByName: (name: string) => entries.filter((entry) => entry === name) });
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = paintTiming ? ['paint', 'mark'] : ['mark'];
      constructor(private readonly callback: () => void) {}
      observe() {
        observers.push(() => this.callback());
      }
      disconnect() {
        observers.length = 0;
      }
    },
  );
  return {
    idle,
    paint: (name: string) => {
      entries.push(name);
      [...observers].forEach((notify) => notify());
    },
    runIdle: () => idle.splice(0).forEach((callback) => callback()),
  };
}

async function freshWhenIdle() {
  vi.resetModules();
  return (await import('./when-idle.ts')).whenIdle;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('waits for the first contentful paint, then for idle time', async () => {
    const page = browser({ paintTiming: true });
    const whenIdle = await freshWhenIdle();
    const run = vi.fn();
    whenIdle(run);
    whenIdle(run);
    await Promise.resolve();
    // Idle, but only the background is drawn: nothing asked for yet.
    page.paint('first-paint');
    await Promise.resolve();
    expect(page.idle).toHaveLength(0);
    page.paint('first-contentful-paint');
    await vi.waitFor(() => expect(page.idle).toHaveLength(2));
    expect(run).not.toHaveBeenCalled();
    page.runIdle();
    expect(run).toHaveBeenCalledTimes(2);
    // Later work (another screen) waits for idle time only.
    whenIdle(run);
    await vi.waitFor(() => expect(page.idle).toHaveLength(1));
  });

  it('waits for idle time only in a browser without paint timing', async () => {
    const page = browser({ paintTiming: false });
    const whenIdle = await freshWhenIdle();
    const run = vi.fn();
    whenIdle(run);
    await vi.waitFor(() => expect(page.idle).toHaveLength(1));
    page.runIdle();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
