import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from './outbox-store.ts';

// The outbox in memory, as IndexedDB would hold it for the tabs and the worker.
const stored = vi.hoisted(() => new Map<string, OutboxEntry>());
vi.mock('./outbox-store.ts', () => ({
  outboxEntries: async () => [...stored.values()].sort((a, b) => a.queuedAt - b.queuedAt),
  getOutboxEntry: async (key: string) => stored.get(key),
  putOutboxEntry: async (entry: OutboxEntry) => void stored.set(entry.key, entry),
  deleteOutboxEntry: async (key: string) => void stored.delete(key),
}));

const { flushOutbox, withdrawOutboxEntries } = await import('./flush.ts');

const entry = (key: string, queuedAt: number, kind: OutboxEntry['kind'] = 'note'): OutboxEntry => ({
  key,
  userId: 'u1',
  kind,
  method: 'POST',
  path: kind === 'note' ? '/notes' : `/bookings/b1/${kind}`,
  body: {},
  bookingId: kind === 'note' ? null : 'b1',
  queuedAt,
  refusal: null,
});

/** One holder at a time, in the order asked: what the browser's Web Locks give the tabs and the worker. */
function stubLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const request = (_name: string, task: () => Promise<unknown>) => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
  vi.stubGlobal('navigator', { locks: { request } });
}

describe('withdrawing a write waiting on the phone', () => {
  beforeEach(() => {
    stored.clear();
    stubLocks();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('never goes out once withdrawn', async () => {
    stored.set('n1', entry('n1', 1));
    const fetch = vi.fn(async () => new Response('{}', { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    expect(await withdrawOutboxEntries(['n1'])).toBe(true);
    expect((await flushOutbox()).sent).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('waits for a send in progress: the write is sent or withdrawn, never both', async () => {
    stored.set('n1', entry('n1', 1));
    let answer!: (response: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const sending = flushOutbox();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    const withdrawing = withdrawOutboxEntries(['n1']);
    answer(new Response('{}', { status: 201 }));
    expect((await sending).sent.map((sent) => sent.key)).toEqual(['n1']);
    expect(await withdrawing).toBe(false);
    expect(stored.size).toBe(0);
  });

  it('takes the writes that need it along: a check-out goes with its check-in', async () => {
    stored.set('in', entry('in', 1, 'checkin'));
    stored.set('out', entry('out', 2, 'checkout'));
    stored.set('n1', entry('n1', 3));
    expect(await withdrawOutboxEntries(['in', 'out'])).toBe(true);
    expect([...stored.keys()]).toEqual(['n1']);
  });
});
