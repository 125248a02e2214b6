import { type pushPublicKeySchema, type PushMessage } from '@rustico/core';
import { api, type Answer } from './api.ts';
import { storeNotificationsPreferred } from './preferences.ts';

/**
 * Standard Web Push for this device: the browser's permission, the push
 * subscription of the service worker, and its copy on the server.
 */

/** How long turning notifications on waits for the service worker to be ready. */
const READY_TIMEOUT_MS = 10_000;

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker registration, if there is one (none in development or when blocked). */
async function registration(wait: boolean): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing?.active || !wait) return existing;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => window.setTimeout(() => resolve(undefined), READY_TIMEOUT_MS)),
  ]);
}

/** The VAPID key (base64url) as the bytes `PushManager.subscribe()` wants. */
export function urlBase64ToUint8Array(base64url: string): Uint8Array<ArrayBuffer> {
  const padding = '='.repeat((4 - (base64url.length % 4)) % 4);
  const base64 = (base64url + padding).replace(/-/g, '+').replace(/_/g, '/');
  const raw = window.atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** On means: permission granted and this device holds a subscription. */
export async function pushEnabled(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'granted') return false;
  const reg = await registration(false);
  if (!reg) return false;
  return (await reg.pushManager.getSubscription()) !== null;
}

export type EnableResult = 'enabled' | 'denied' | 'unsupported';

/** Asks for permission, subscribes this device and stores the subscription on the server. */
export async function enablePush(): Promise<EnableResult> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    console.warn(`Notification permission ${permission}: push notifications stay off.`);
    storeNotificationsPreferred(false);
    return 'denied';
  }
  const reg = await registration(true);
  if (!reg) return 'unsupported';
  const { publicKey } = await api.get<Answer<typeof pushPublicKeySchema>>('/push/public-key');
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToUint8Array(publicKey) }));
  await api.post('/push/subscriptions', subscription.toJSON());
  storeNotificationsPreferred(true);
  return 'enabled';
}

/** Removes this device's subscription, locally and on the server. */
export async function disablePush(): Promise<void> {
  storeNotificationsPreferred(false);
  const reg = await registration(false);
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await api.post('/push/subscriptions/remove', { endpoint });
}

/** What the service worker posts to a visible app window instead of a system notification. */
export interface PushToPage {
  type: 'push';
  message: PushMessage;
}

export function isPushToPage(data: unknown): data is PushToPage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, message } = data as Record<string, unknown>;
  if (type !== 'push' || typeof message !== 'object' || message === null) return false;
  const { title, body } = message as Record<string, unknown>;
  return typeof title === 'string' && typeof body === 'string';
}
