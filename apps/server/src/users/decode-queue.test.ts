import { describe, expect, it } from 'vitest';
import { DecodeQueue } from './decode-queue.ts';

/** A piece of work that runs until the test lets it finish. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

describe('the decode queue', () => {
  it('runs one at a time, lets a few wait in order, refuses the rest with 503 and Retry-After', async () => {
    const queue = new DecodeQueue({ running: 1, waiting: 2, maxWaitMs: 10_000 });
    const order: string[] = [];
    const first = held();
    const running = queue.run(async () => {
      order.push('first');
      await first.work();
    });
    const waiting = ['second', 'third'].map((name) => queue.run(async () => void order.push(name)));
    await expect(queue.run(async () => order.push('fourth'))).rejects.toMatchObject({ status: 503, code: 'SERVER_BUSY', retryAfterSeconds: 5 });
    expect(order).toEqual(['first']);
    first.finish();
    await Promise.all([running, ...waiting]);
    expect(order).toEqual(['first', 'second', 'third']);
    // Nothing left running: the next starts at once.
    await queue.run(async () => void order.push('fifth'));
    expect(order.at(-1)).toBe('fifth');
  });

  it('refuses a waiter after its longest wait, and a failure frees the slot', async () => {
    const queue = new DecodeQueue({ running: 1, waiting: 1, maxWaitMs: 20 });
    const first = held();
    const running = queue.run(first.work);
    await expect(queue.run(async () => 'late')).rejects.toMatchObject({ code: 'SERVER_BUSY' });
    first.finish();
    await running;
    await expect(queue.run(async () => Promise.reject(new Error('unreadable')))).rejects.toThrow('unreadable');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
