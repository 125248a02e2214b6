import { describe, expect, it } from 'vitest';
import { coalescedTimers, type Platform } from './coalesced-timers.ts';

/** A platform clock that moves only when told, and counts the timers asked of it. */
function fakePlatform() {
  let now = 0;
  let lastId = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const microtasks: (() => void)[] = [];
  const calls = { set: 0, clear: 0 };
  /** Ends the current task: its microtasks run. */
  const endTask = () => {
    while (microtasks.length > 0) microtasks.shift()!();
  };
  const platform: Platform = {
    queueMicrotask: (callback) => microtasks.push(callback),
    now: () => now,
    setTimeout: (callback, delay) => {
      calls.set++;
      pending.set(++lastId, { at: now + delay, callback });
      return lastId;
    },
    clearTimeout: (id) => {
      calls.clear++;
      pending.delete(id as number);
    },
  };
  /**
   * Moves the clock to `to`, firing the platform's timers on the way, in order; `late`: as a
   * sleeping tab does, only once the clock is at `to`.
   */
  const advanceTo = (to: number, { late = false } = {}) => {
    endTask();
    if (late) now = to;
    for (;;) {
      const next = [...pending].sort(([, a], [, b]) => a.at - b.at)[0];
      if (!next || next[1].at > to) break;
      pending.delete(next[0]);
      now = Math.max(now, next[1].at);
      try {
        next[1].callback();
      } finally {
        endTask();
      }
    }
    now = to;
  };
  return { platform, calls, endTask, advanceTo, pendingCount: () => pending.size };
}

describe('coalescedTimers', () => {
  it('runs each callback at its own time, in order, on one platform timer', () => {
    const { platform, calls, endTask, advanceTo } = fakePlatform();
    const timers = coalescedTimers(platform);
    const ran: string[] = [];
    timers.setTimeout(() => ran.push(`gc at ${platform.now()}`), 300_000);
    // Observers subscribe in the tree's order, not their deadlines': each sets an earlier one.
    for (let i = 39; i >= 0; i--) timers.setTimeout(() => ran.push(`stale ${i} at ${platform.now()}`), 30_000 + i);
    timers.setTimeout(() => ran.push(`retry at ${platform.now()}`), 1_000);
    // Within the task that set them, the platform is not asked at all; at its end, once.
    expect(calls.set).toBe(0);
    endTask();
    expect(calls).toEqual({ set: 1, clear: 0 });

    advanceTo(999);
    expect(ran).toEqual([]);
    advanceTo(1_000);
    expect(ran).toEqual(['retry at 1000']);
    advanceTo(30_039);
    expect(ran.slice(1)).toEqual(Array.from({ length: 40 }, (_, i) => `stale ${i} at ${30_000 + i}`));
    advanceTo(400_000);
    expect(ran.at(-1)).toBe('gc at 300000');
    expect(ran).toHaveLength(42);
  });

  it('moves the platform timer earlier when a later task sets an earlier deadline', () => {
    const { platform, calls, endTask, advanceTo } = fakePlatform();
    const timers = coalescedTimers(platform);
    const ran: number[] = [];
    timers.setTimeout(() => ran.push(platform.now()), 300_000);
    endTask();
    timers.setTimeout(() => ran.push(platform.now()), 1_000);
    timers.setTimeout(() => ran.push(platform.now()), 5_000);
    endTask();
    expect(calls).toEqual({ set: 2, clear: 1 });
    advanceTo(300_000);
    expect(ran).toEqual([1_000, 5_000, 300_000]);
  });

  it('never runs a cleared callback, and stops asking the platform once nothing is left', () => {
    const { platform, advanceTo, pendingCount } = fakePlatform();
    const timers = coalescedTimers(platform);
    const ran: number[] = [];
    const first = timers.setTimeout(() => ran.push(1), 100);
    timers.setTimeout(() => ran.push(2), 200);
    timers.clearTimeout(first);
    timers.clearTimeout(undefined);
    advanceTo(1_000);
    expect(ran).toEqual([2]);
    expect(pendingCount()).toBe(0);
  });

  it('lets a callback clear a timer due at the same moment', () => {
    const { platform, advanceTo } = fakePlatform();
    const timers = coalescedTimers(platform);
    const ran: string[] = [];
    let second = 0;
    timers.setTimeout(() => {
      ran.push('first');
      timers.clearTimeout(second);
    }, 50);
    second = timers.setTimeout(() => ran.push('second'), 50);
    advanceTo(100);
    expect(ran).toEqual(['first']);
  });

  it('repeats an interval on its beat until cleared', () => {
    const { platform, advanceTo } = fakePlatform();
    const timers = coalescedTimers(platform);
    const ran: number[] = [];
    const id = timers.setInterval(() => ran.push(platform.now()), 60_000);
    advanceTo(200_000);
    expect(ran).toEqual([60_000, 120_000, 180_000]);
    timers.clearInterval(id);
    advanceTo(500_000);
    expect(ran).toHaveLength(3);
  });

  it('starts an interval that fell behind again from now, without a burst', () => {
    const { platform, advanceTo } = fakePlatform();
    const timers = coalescedTimers(platform);
    const ran: number[] = [];
    timers.setInterval(() => ran.push(platform.now()), 1_000);
    advanceTo(10_500, { late: true });
    expect(ran).toEqual([10_500]);
    advanceTo(12_000);
    expect(ran).toEqual([10_500, 11_500]);
  });

  it('still runs the other callbacks when one throws, and reports the error', () => {
    const { platform, advanceTo } = fakePlatform();
    const timers = coalescedTimers(platform);
    const ran: string[] = [];
    timers.setTimeout(() => {
      throw new Error('boom');
    }, 10);
    timers.setTimeout(() => ran.push('after'), 10);
    expect(() => advanceTo(20)).toThrow('boom');
    expect(ran).toEqual(['after']);
  });

  it('runs a timer set from a callback', () => {
    const { platform, advanceTo } = fakePlatform();
    const timers = coalescedTimers(platform);
    const ran: number[] = [];
    timers.setTimeout(() => timers.setTimeout(() => ran.push(platform.now()), 0), 10);
    advanceTo(50);
    expect(ran).toEqual([10]);
  });
});
