/**
 * Preferences kept on this device (localStorage): how long an in-app
 * notification stays on screen, and whether notifications were turned on
 * here. The language lives in `locale-preference.ts`.
 */

/** Breve, Media (default), Lunga, in milliseconds. */
export const TOAST_DURATIONS = { short: 2500, medium: 5000, long: 7500 } as const;
export type ToastDurationChoice = keyof typeof TOAST_DURATIONS;
export const DEFAULT_TOAST_DURATION: ToastDurationChoice = 'medium';

const KEYS = {
  toastDuration: 'rustico.toastDuration',
  notifications: 'rustico.notifications',
} as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the choice lasts until the page closes.
  }
}

function isDurationChoice(value: unknown): value is ToastDurationChoice {
  return typeof value === 'string' && value in TOAST_DURATIONS;
}

export function storedToastDuration(): ToastDurationChoice {
  const value = read(KEYS.toastDuration);
  return isDurationChoice(value) ? value : DEFAULT_TOAST_DURATION;
}

export function storeToastDuration(choice: ToastDurationChoice): void {
  write(KEYS.toastDuration, choice);
}

/** Milliseconds an incoming message stays on screen in the open app. */
export function toastDurationMs(): number {
  return TOAST_DURATIONS[storedToastDuration()];
}

/** Whether notifications were turned on on this device (the subscription itself is the truth). */
export function notificationsPreferred(): boolean {
  return read(KEYS.notifications) === 'on';
}

export function storeNotificationsPreferred(on: boolean): void {
  write(KEYS.notifications, on ? 'on' : 'off');
}
