/**
 * Service worker: precaches the app shell (index.html and the built assets,
 * listed at build time), serves navigations from the network with the cached
 * index.html as the offline fallback, and never touches /api.
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

interface ServiceWorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
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

export {};
