import { AppError } from '../http/errors.ts';

const RETRY_AFTER_SECONDS = 5;

const busy = () => new AppError(503, 'SERVER_BUSY', 'Other pictures are being read: try again in a few seconds', undefined, RETRY_AFTER_SECONDS);

interface Waiter {
  start: () => void;
}

/**
 * At most `running` pieces of work at once in this process; up to `waiting`
 * more wait their turn for at most `maxWaitMs`. Anything beyond, or waiting
 * longer, is refused with 503 SERVER_BUSY and Retry-After, so a burst of
 * uploads costs the memory of one decode, not of all of them.
 */
export class DecodeQueue {
  private active = 0;
  private readonly waiters: Waiter[] = [];

  constructor(private readonly limits: { running: number; waiting: number; maxWaitMs: number }) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private async acquire(): Promise<void> {
    if (this.active < this.limits.running) {
      this.active += 1;
      return;
    }
    if (this.waiters.length >= this.limits.waiting) throw busy();
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(busy());
      }, this.limits.maxWaitMs);
      this.waiters.push(waiter);
    });
  }

  /** The slot passes straight to the next in line, so a newcomer cannot take it in between. */
  private release(): void {
    const next = this.waiters.shift();
    if (next) next.start();
    else this.active -= 1;
  }
}
