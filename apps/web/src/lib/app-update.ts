/**
 * "Check for updates" of the installed app: asks the service worker
 * registration for a newer /sw.js; a new version waits until the user agrees
 * to reload into it.
 */

export type UpdateCheck =
  | { status: 'unavailable' }
  | { status: 'current' }
  | { status: 'available'; apply: () => void };

/** Waits until an installing worker is installed (or gone). */
function installed(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    if (worker.state !== 'installing') {
      resolve();
      return;
    }
    const onChange = () => {
      if (worker.state === 'installing') return;
      worker.removeEventListener('statechange', onChange);
      resolve();
    };
    worker.addEventListener('statechange', onChange);
  });
}

/** Tells the waiting worker to take over and reloads once it controls the page. */
function activate(worker: ServiceWorker): void {
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

export async function checkForUpdate(): Promise<UpdateCheck> {
  if (!('serviceWorker' in navigator)) return { status: 'unavailable' };
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return { status: 'unavailable' };
  await registration.update();
  if (registration.installing) await installed(registration.installing);
  const waiting = registration.waiting;
  // A waiting worker only matters when a previous version controls the page.
  if (waiting && navigator.serviceWorker.controller) return { status: 'available', apply: () => activate(waiting) };
  return { status: 'current' };
}

/** Deletes this app's caches (names starting with `rustico-`); other origins' are not reachable anyway. */
export async function clearAppCaches(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith('rustico-')).map((name) => caches.delete(name)));
}
