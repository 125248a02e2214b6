/**
 * Service worker: precaches the app shell (index.html and the built assets,
 * listed at build time), serves navigations from the network with the cached
 * index.html as the offline fallback, and never touches /api. It also receives
 * Web Push messages: a visible app window gets them as a message (shown as a
 * toast), otherwise they become system notifications; a tap opens their URL.
 *
 * Typed with small local interfaces because the DOM and WebWorker libs cannot
 * share one TypeScript program.
 */

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

interface MessageEventLike extends ExtendableEvent {
  readonly data: unknown;
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
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
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

interface PrecacheManifest {
  version: string;
  files: string[];
}

const sw = self as unknown as ServiceWorkerScope;

// Replaced at build time by vite.config.ts with the JSON of the precache manifest.
const manifest = JSON.parse('__RUSTICO_PRECACHE_MANIFEST__') as PrecacheManifest;

const CACHE_PREFIX = 'rustico-';
const SHELL_CACHE = `${CACHE_PREFIX}shell-${manifest.version}`;
const INDEX = '/index.html';
const precached = new Set(manifest.files);

function isApi(url: URL): boolean {
  return url.pathname === '/api' || url.pathname.startsWith('/api/');
}

sw.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(manifest.files)));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== SHELL_CACHE)
          .map((name) => caches.delete(name)),
      );
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

async function fromCache(path: string): Promise<Response | undefined> {
  const cache = await caches.open(SHELL_CACHE);
  return cache.match(path);
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || isApi(url)) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(async () => (await fromCache(INDEX)) ?? Response.error()),
    );
    return;
  }

  if (precached.has(url.pathname)) {
    event.respondWith(
      (async () => (await fromCache(url.pathname)) ?? fetch(request))(),
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
