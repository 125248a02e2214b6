import { PASSKEY_NAME_MAX } from '@rustico/core';
import { t } from './i18n.ts';

/** The kind of device the browser runs on, for a new passkey's first name («iPhone di Rosa»). */
export type DeviceKind = 'iphone' | 'ipad' | 'android' | 'mac' | 'windows' | 'chromebook' | 'linux' | 'other';

export function deviceKindOf(userAgent: string, touchPoints = 0): DeviceKind {
  if (/iPhone|iPod/.test(userAgent)) return 'iphone';
  // iPadOS asks for desktop pages: a "Macintosh" with a touch screen.
  if (/iPad/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1)) return 'ipad';
  if (/Android/.test(userAgent)) return 'android';
  if (/Macintosh|Mac OS X/.test(userAgent)) return 'mac';
  if (/Windows/.test(userAgent)) return 'windows';
  if (/CrOS/.test(userAgent)) return 'chromebook';
  if (/Linux/.test(userAgent)) return 'linux';
  return 'other';
}

/** «iPhone di Rosa»: this device's kind and the member's first name, which the member may change. */
export function defaultPasskeyName(memberName: string): string {
  const device = t(`passkey.devices.${deviceKindOf(navigator.userAgent, navigator.maxTouchPoints)}`);
  const firstName = memberName.trim().split(/\s+/)[0] || memberName;
  return t('passkey.defaultName', { device, name: firstName }).slice(0, PASSKEY_NAME_MAX);
}
