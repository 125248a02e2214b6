import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inNextTask, nextTask } from './next-task.ts';

describe('inNextTask', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts the work after the current task, not during it', () => {
    const start = vi.fn();
    inNextTask(start);
    expect(start).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(start).toHaveBeenCalledOnce();
  });

  it('never starts work whose effect was cleaned up first (a screen left at once)', () => {
    const start = vi.fn();
    const cleanup = inNextTask(start);
    cleanup();
    vi.runAllTimers();
    expect(start).not.toHaveBeenCalled();
  });

  it('undoes work that has started when cleaned up', () => {
    const stop = vi.fn();
    const cleanup = inNextTask(() => stop);
    vi.runAllTimers();
    expect(stop).not.toHaveBeenCalled();
    cleanup();
    expect(stop).toHaveBeenCalledOnce();
  });
});

describe('nextTask', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves in a later task, not in this one nor its microtasks', async () => {
    let resolved = false;
    void nextTask().then(() => (resolved = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(resolved).toBe(false);
    await vi.runAllTimersAsync();
    expect(resolved).toBe(true);
  });
});
