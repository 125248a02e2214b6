import { describe, expect, it } from 'vitest';
import { joinSharedStream, REOPEN_AFTER_MS, type ChannelLike, type LocksLike, type SourceLike, type StreamEnvironment, type TabMessage } from './shared-stream.ts';

/** A browser's Web Locks: one holder per name, a queue behind it, everything of a tab freed when it closes. */
class FakeLocks {
  private holder: { tab: number; release: () => void } | null = null;
  private readonly queue: { tab: number; grant: () => void }[] = [];

  forTab(tab: number): LocksLike {
    return {
      request: (_name, options, callback) =>
        new Promise((resolve, reject) => {
          const grant = () => {
            let released = false;
            const release = () => {
              if (released) return;
              released = true;
              this.holder = null;
              this.queue.shift()?.grant();
            };
            this.holder = { tab, release };
            void Promise.resolve(callback({ name: 'lock' })).then(() => {
              release();
              resolve(undefined);
            });
          };
          if (!this.holder) return grant();
          if (options.ifAvailable) return void Promise.resolve(callback(null)).then(resolve);
          const waiting = { tab, grant };
          this.queue.push(waiting);
          options.signal?.addEventListener('abort', () => {
            const at = this.queue.indexOf(waiting);
            if (at >= 0) this.queue.splice(at, 1);
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    };
  }

  /** The tab is gone: its lock is released and its place in the queue dropped. */
  closeTab(tab: number): void {
    for (let at = this.queue.length - 1; at >= 0; at -= 1) if (this.queue[at]!.tab === tab) this.queue.splice(at, 1);
    if (this.holder?.tab === tab) this.holder.release();
  }

  get holderTab(): number | undefined {
    return this.holder?.tab;
  }
}

/** BroadcastChannel: a message reaches every other open channel of the same name, never the sender. */
class FakeChannels {
  private readonly open = new Set<{ tab: number; channel: ChannelLike }>();

  forTab(tab: number): (name: string) => ChannelLike {
    return () => {
      const entry = {
        tab,
        channel: {
          onmessage: null,
          postMessage: (message: TabMessage) => {
            for (const other of [...this.open]) {
              if (other !== entry) queueMicrotask(() => other.channel.onmessage?.(new MessageEvent('message', { data: structuredClone(message) })));
            }
          },
          close: () => this.open.delete(entry),
        } as ChannelLike,
      };
      this.open.add(entry);
      return entry.channel;
    };
  }

  closeTab(tab: number): void {
    for (const entry of [...this.open]) if (entry.tab === tab) this.open.delete(entry);
  }
}

class FakeSource implements SourceLike {
  onmessage: SourceLike['onmessage'] = null;
  onopen: SourceLike['onopen'] = null;
  onerror: SourceLike['onerror'] = null;
  readyState = 0;
  constructor(
    readonly tab: number,
    readonly url: string,
  ) {}
  close() {
    this.readyState = 2;
  }
  connect() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  deliver(id: string, data: string) {
    this.onmessage?.(new MessageEvent('message', { data, lastEventId: id }));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function browser({ withLocks = true } = {}) {
  const locks = new FakeLocks();
  const channels = new FakeChannels();
  const sources: FakeSource[] = [];
  const timers: (() => void)[] = [];
  const tabs = new Map<number, { notices: string[]; reopened: number; loggedOut: number; stream: ReturnType<typeof joinSharedStream> }>();

  const openTab = (tab: number) => {
    const seen = { notices: [] as string[], reopened: 0, loggedOut: 0 };
    const env: StreamEnvironment = {
      locks: withLocks ? locks.forTab(tab) : undefined,
      openChannel: channels.forTab(tab),
      openSource: (url) => {
        const source = new FakeSource(tab, url);
        sources.push(source);
        return source;
      },
      setTimer: (run) => timers.push(run),
      clearTimer: () => undefined,
    };
    const stream = joinSharedStream(env, '/api/events', {
      onNotice: (data) => seen.notices.push(data),
      onReopened: () => (seen.reopened += 1),
      onLogout: () => (seen.loggedOut += 1),
    });
    tabs.set(tab, Object.assign(seen, { stream }));
  };

  /** Closes a tab as the browser does: no goodbye from its code, its lock, channel and stream simply end. */
  const closeTab = (tab: number) => {
    locks.closeTab(tab);
    channels.closeTab(tab);
    for (const source of sources) if (source.tab === tab) source.close();
  };

  const liveSources = () => sources.filter((s) => s.readyState !== 2);
  return { locks, sources, liveSources, timers, tabs, openTab, closeTab };
}

describe('one live stream per browser', () => {
  it('lets the first tab hold the only stream and passes each notice to every tab', async () => {
    const b = browser();
    for (const tab of [1, 2, 3]) b.openTab(tab);
    await settle();

    expect(b.locks.holderTab).toBe(1);
    expect(b.sources).toHaveLength(1);
    const [stream] = b.sources;
    stream!.connect();
    stream!.deliver('e-1', '{"type":"booking"}');
    await settle();

    for (const tab of [1, 2, 3]) expect(b.tabs.get(tab)!.notices).toEqual(['{"type":"booking"}']);
    // A first connection is no reopening: nobody refetches everything.
    expect([1, 2, 3].map((tab) => b.tabs.get(tab)!.reopened)).toEqual([0, 0, 0]);
  });

  it('hands the stream to a waiting tab when the leader closes, resuming after the last notice', async () => {
    const b = browser();
    for (const tab of [1, 2, 3]) b.openTab(tab);
    await settle();
    b.sources[0]!.connect();
    b.sources[0]!.deliver('e-7', 'seven');
    await settle();

    b.closeTab(1);
    await settle();

    expect(b.locks.holderTab).toBe(2);
    expect(b.liveSources()).toHaveLength(1);
    const successor = b.liveSources()[0]!;
    expect(successor.tab).toBe(2);
    expect(successor.url).toBe('/api/events?lastEventId=e-7');
    successor.connect();
    successor.deliver('e-8', 'eight');
    await settle();
    expect(b.tabs.get(3)!.notices).toEqual(['seven', 'eight']);
    expect(b.tabs.get(2)!.notices).toEqual(['seven', 'eight']);
    // It knew where the stream was: the server replays, nothing needs refetching.
    expect(b.tabs.get(3)!.reopened).toBe(0);
  });

  it('makes every tab refetch when the stream changed hands before any notice told where it was', async () => {
    const b = browser();
    b.openTab(1);
    b.openTab(2);
    await settle();
    b.closeTab(1);
    await settle();

    const successor = b.liveSources()[0]!;
    expect(successor.url).toBe('/api/events');
    successor.connect();
    await settle();
    expect(b.tabs.get(2)!.reopened).toBe(1);
  });

  it('lets a tab that leaves hand on the stream, and a leaving follower change nothing', async () => {
    const b = browser();
    for (const tab of [1, 2, 3]) b.openTab(tab);
    await settle();
    b.tabs.get(2)!.stream.stop();
    await settle();
    expect(b.locks.holderTab).toBe(1);
    expect(b.liveSources()).toHaveLength(1);

    b.tabs.get(1)!.stream.stop();
    await settle();
    expect(b.locks.holderTab).toBe(3);
    expect(b.liveSources().map((s) => s.tab)).toEqual([3]);
  });

  it('reopens a stream the browser gave up on and tells every tab to refetch', async () => {
    const b = browser();
    b.openTab(1);
    b.openTab(2);
    await settle();
    const first = b.sources[0]!;
    first.connect();
    first.readyState = 2;
    first.onerror?.(new Event('error'));
    expect(b.timers).toHaveLength(1);
    b.timers[0]!();
    const again = b.liveSources()[0]!;
    expect(again.tab).toBe(1);
    again.connect();
    await settle();
    expect(b.tabs.get(1)!.reopened).toBe(1);
    expect(b.tabs.get(2)!.reopened).toBe(1);
    expect(REOPEN_AFTER_MS).toBeLessThanOrEqual(5_000);
  });

  it('ends the stream in every tab when one logs out, and tells the others', async () => {
    const b = browser();
    for (const tab of [1, 2, 3]) b.openTab(tab);
    await settle();
    b.sources[0]!.connect();

    b.tabs.get(3)!.stream.announceLogout();
    await settle();
    await settle();

    expect(b.liveSources()).toHaveLength(0);
    expect(b.locks.holderTab).toBeUndefined();
    expect([1, 2, 3].map((tab) => b.tabs.get(tab)!.loggedOut)).toEqual([1, 1, 0]);
  });

  it('opens a stream of its own in every tab where Web Locks are missing', async () => {
    const b = browser({ withLocks: false });
    for (const tab of [1, 2]) b.openTab(tab);
    await settle();
    expect(b.liveSources().map((s) => s.tab)).toEqual([1, 2]);
    b.sources[0]!.deliver('e-1', 'one');
    expect(b.tabs.get(1)!.notices).toEqual(['one']);
    expect(b.tabs.get(2)!.notices).toEqual([]);
  });
});
