/**
 * One live stream per browser, however many tabs: the tab holding a Web Lock
 * opens the EventSource and passes each notice on a BroadcastChannel. The
 * other tabs queue for the lock, so when the leader closes (its lock goes with
 * it) the next one takes over at once, asking the server for what it missed.
 * A browser keeps at most six HTTP/1.1 connections per host: a stream per tab
 * would starve every request from the seventh tab on.
 */

/** The notices tabs pass to each other. */
export type TabMessage =
  | { kind: 'notice'; data: string; id: string }
  | { kind: 'reopened' }
  | { kind: 'logout' };

/** The part of EventSource the stream uses (a fake in unit tests). */
export interface SourceLike {
  onmessage: ((message: MessageEvent) => void) | null;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  readonly readyState: number;
  close(): void;
}

/** The part of BroadcastChannel the tabs use. */
export interface ChannelLike {
  onmessage: ((message: MessageEvent) => void) | null;
  postMessage(message: TabMessage): void;
  close(): void;
}

/** The part of the Web Locks API the election uses. */
export interface LocksLike {
  request(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => Promise<void> | void): Promise<unknown>;
}

export interface StreamEnvironment {
  /** Missing where the browser has no Web Locks or BroadcastChannel: the tab then opens its own stream. */
  locks?: LocksLike;
  openChannel?: (name: string) => ChannelLike;
  openSource: (url: string) => SourceLike;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

export interface StreamHandlers {
  /** One notice's raw `data:` text, from this tab's stream or the leader's. */
  onNotice: (data: string) => void;
  /** The stream was lost and is back (or changed hands without a known position): notices may be missing. */
  onReopened: () => void;
  /** Another tab logged out. */
  onLogout: () => void;
}

const LOCK_NAME = 'rustico-live-stream';
const CHANNEL_NAME = 'rustico-live';
/** The browser's own EventSource state for a stream it gave up on. */
const CLOSED = 2;
/** After the browser gave up on the stream (e.g. it answered an error), try again after this long. */
export const REOPEN_AFTER_MS = 5_000;

export interface SharedStream {
  /** Tells the other tabs this browser logged out: the stream ends everywhere. */
  announceLogout(): void;
  /** Leaves: closes this tab's stream (handing it on) and its channel. */
  stop(): void;
}

/**
 * Joins the browser's live stream at `url`. Every tab, leader included, gets
 * each notice through `handlers`; `url` takes `?lastEventId=` so a new leader
 * resumes where the old one stopped.
 */
export function joinSharedStream(env: StreamEnvironment, url: string, handlers: StreamHandlers): SharedStream {
  let stopped = false;
  let lastEventId = '';
  let source: SourceLike | null = null;
  let reopenTimer: unknown;
  const leaving = new AbortController();
  let releaseLock: (() => void) | null = null;

  const channel = env.locks && env.openChannel ? env.openChannel(CHANNEL_NAME) : null;
  const share = (message: TabMessage) => channel?.postMessage(message);

  const closeSource = () => {
    env.clearTimer(reopenTimer);
    source?.close();
    source = null;
  };

  const open = (resumed: boolean) => {
    let reopened = resumed;
    const current = env.openSource(lastEventId ? `${url}?lastEventId=${encodeURIComponent(lastEventId)}` : url);
    source = current;
    current.onmessage = (message) => {
      const data: unknown = message.data;
      if (typeof data !== 'string') return;
      if (message.lastEventId) lastEventId = message.lastEventId;
      handlers.onNotice(data);
      share({ kind: 'notice', data, id: message.lastEventId });
    };
    current.onopen = () => {
      if (!reopened) return;
      reopened = false;
      handlers.onReopened();
      share({ kind: 'reopened' });
    };
    current.onerror = () => {
      if (current.readyState !== CLOSED || source !== current) return;
      current.close();
      reopenTimer = env.setTimer(() => {
        if (!stopped) open(true);
      }, REOPEN_AFTER_MS);
    };
  };

  const stop = () => {
    if (stopped) return;
    stopped = true;
    leaving.abort();
    closeSource();
    releaseLock?.();
    channel?.close();
  };

  if (!env.locks || !channel) {
    open(false);
    return { announceLogout: () => undefined, stop };
  }

  channel.onmessage = (event) => {
    const message = event.data as TabMessage;
    if (message.kind === 'notice') {
      if (message.id) lastEventId = message.id;
      handlers.onNotice(message.data);
    } else if (message.kind === 'reopened') {
      handlers.onReopened();
    } else if (message.kind === 'logout') {
      stop();
      handlers.onLogout();
    }
  };

  // Holds the lock until this tab stops; the browser frees it when the tab closes.
  const lead = (takingOver: boolean) =>
    new Promise<void>((release) => {
      if (stopped) return release();
      releaseLock = release;
      // A tab that takes over without knowing where the stream was cannot ask for a replay: refetch instead.
      open(takingOver && !lastEventId);
    });
  const locks = env.locks;
  void locks
    .request(LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? lead(false) : undefined))
    .then(() => {
      if (stopped || releaseLock) return;
      return locks.request(LOCK_NAME, { signal: leaving.signal }, () => lead(true));
    })
    // Aborted by stop() while waiting in the queue.
    .catch(() => undefined);

  return {
    announceLogout: () => {
      share({ kind: 'logout' });
      stop();
    },
    stop,
  };
}

/** The browser's own APIs, where they exist. */
export function browserEnvironment(): StreamEnvironment {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return {
    locks,
    openChannel: typeof BroadcastChannel === 'undefined' ? undefined : (name) => new BroadcastChannel(name),
    openSource: (url) => new EventSource(url),
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
  };
}
