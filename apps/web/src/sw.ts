/**
 * Service worker, built by vite-plugin-pwa (Workbox, injectManifest):
 * - precaches the app shell (the build's files, listed at build time, in caches named
 *   `rustico-precache-…` with their revision) and answers navigations from the network with the
 *   cached index.html as the offline fallback;
 * - keeps the last answer of every API read (network first), so the installed app shows what
 *   it last saw without a network, marked with the time it was fetched;
 * - sends the outbox (writes saved offline) when Background Sync says the network is back;
 * - receives Web Push messages: a visible app window gets them as a message (a toast),
 *   otherwise they become system notifications; a tap opens their URL.
 *
 * Typed with small local interfaces because the DOM and WebWorker libs cannot share one
 * TypeScript program.
 */
import { cacheNames, setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE_NAME as API_CACHE, CACHED_AT_HEADER } from './lib/freshness-header.ts';
import { BACKGROUND_SYNC_TAG, flushOutbox } from './offline/flush.ts';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface MessageEventLike extends ExtendableEvent {
  readonly data: unknown;
}

interface SyncEventLike extends ExtendableEvent {
  readonly tag: string;
}

interface PushEventLike extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}

interface NotificationLike {
  readonly data: unknown;
  close(): void;
}

interface NotificationEventLike extends ExtendableEvent {
  readonly notification: NotificationLike;
}

interface WindowClientLike {
  readonly url: string;
  readonly visibilityState: DocumentVisibilityState;
  readonly focused: boolean;
  postMessage(message: unknown): void;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
}

interface ServiceWorkerScope {
  readonly location: Location;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<WindowClientLike | null>;
  };
  readonly registration: {
    showNotification(title: string, options: { body: string; tag?: string; icon: string; data: { url: string } }): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEventLike) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}

/** The push payload the server sends (core `pushMessageSchema`). */
interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

declare const self: { __WB_MANIFEST: (string | PrecacheEntry)[] };
const sw = self as unknown as ServiceWorkerScope;

// Every cache of this app starts with `rustico-`: "clear the app's data" in Settings finds them all.
setCacheNameDetails({ prefix: 'rustico', suffix: 'v1' });

function isApi(url: URL): boolean {
  return url.pathname === '/api' || url.pathname.startsWith('/api/');
}

// Registered before the precache, which would answer `/` from its copy: pages come from the server (it fills in the house's settings); offline, the cached shell.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === sw.location.origin && !isApi(url),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  },
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * Streams and documents that must never come from a cache; nor the house's backup, the whole
 * database (hundreds of MB, every account's data) left in the browser's storage.
 */
const NEVER_CACHED = new Set(['/api/events', '/api/openapi.json', '/api/admin/backups/latest']);

// Reads from the network when there is one; otherwise the last answer, marked with its time.
registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === sw.location.origin && isApi(url) && !NEVER_CACHED.has(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [
      {
        cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return cachedResponse;
          const headers = new Headers(cachedResponse.headers);
          headers.set(CACHED_AT_HEADER, cachedResponse.headers.get('date') ?? new Date(0).toUTCString());
          return new Response(await cachedResponse.blob(), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
        },
      },
    ],
  }),
);

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Caches of the hand-written worker before Workbox (`rustico-shell-<version>`).
      const names = await caches.keys();
      const current = new Set([cacheNames.precache, cacheNames.runtime, API_CACHE]);
      await Promise.all(names.filter((name) => name.startsWith('rustico-shell-') && !current.has(name)).map((name) => caches.delete(name)));
      await sw.clients.claim();
    })(),
  );
});

// The page may ask a waiting worker to take over (e.g. "check for updates").
sw.addEventListener('message', (event) => {
  if (typeof event.data === 'object' && event.data !== null && 'type' in event.data && event.data.type === 'SKIP_WAITING') {
    void sw.skipWaiting();
  }
});

// The network is back while no tab of the app is open (or asleep): send the outbox from here.
sw.addEventListener('sync', (event) => {
  if (event.tag === BACKGROUND_SYNC_TAG) {
    event.waitUntil(
      flushOutbox().then((result) => {
        // Ask the browser to try again later when something is still waiting.
        if (result.waiting > 0) throw new Error('outbox still waiting');
      }),
    );
  }
});

const ICON = '/icons/icon-192.png';

/** Reads the push payload; anything malformed still shows something sensible. */
function pushMessage(event: PushEventLike): PushMessage {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    data = { body: event.data?.text() ?? '' };
  }
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  const message: PushMessage = {
    title: text(fields.title, 'Rustico'),
    body: text(fields.body, ''),
    url: text(fields.url, '/app'),
  };
  if (typeof fields.tag === 'string') message.tag = fields.tag;
  return message;
}

/** Only same-origin paths are opened from a notification. */
function targetUrl(url: unknown): string {
  try {
    const target = new URL(typeof url === 'string' ? url : '/app', sw.location.origin);
    return target.origin === sw.location.origin ? target.href : `${sw.location.origin}/app`;
  } catch {
    return `${sw.location.origin}/app`;
  }
}

function appWindows(): Promise<readonly WindowClientLike[]> {
  return sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) =>
    list.filter((client) => new URL(client.url).origin === sw.location.origin),
  );
}

sw.addEventListener('push', (event) => {
  const message = pushMessage(event);
  event.waitUntil(
    (async () => {
      const windows = await appWindows();
      const visible = windows.find((client) => client.visibilityState === 'visible');
      if (visible) {
        // The open app shows it as a toast for the duration chosen on the device.
        visible.postMessage({ type: 'push', message });
        return;
      }
      await sw.registration.showNotification(message.title, {
        body: message.body,
        ...(message.tag ? { tag: message.tag } : {}),
        icon: ICON,
        data: { url: message.url },
      });
    })(),
  );
});

sw.addEventListener('notificationclick', (event) => {
  const { notification } = event;
  notification.close();
  const data = notification.data as { url?: unknown } | null;
  const url = targetUrl(data?.url);
  event.waitUntil(
    (async () => {
      const windows = await appWindows();
      const client = windows.find((item) => item.focused) ?? windows[0];
      if (client) {
        const focused = await client.focus();
        try {
          if (await focused.navigate(url)) return;
        } catch {
          // Not controlled by this worker (e.g. first visit): open a new window instead.
        }
      }
      await sw.clients.openWindow(url);
    })(),
  );
});

export {};
