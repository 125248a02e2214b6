import { config } from './config.ts';

/**
 * What every page may ask about passkeys without loading their code (lib/webauthn.ts loads
 * when one is made or used): whether this page can use the house's, and the browser's autofill.
 */

/**
 * Whether this page can make and use the house's passkeys: the browser has WebAuthn and the
 * page comes from the origin the server accepts them on (PUBLIC_URL's; an address that cannot
 * have any, such as an IP address, gives none).
 */
export function passkeysHere(): boolean {
  return config.passkeyOrigin !== null && config.passkeyOrigin === window.location.origin && typeof window.PublicKeyCredential === 'function';
}

/** Whether the browser offers the house's passkeys in a field's autofill (conditional mediation). */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  if (!passkeysHere()) return false;
  try {
    return (await PublicKeyCredential.isConditionalMediationAvailable?.()) === true;
  } catch {
    return false;
  }
}

/** Set (to the member's id) after a password login in this tab: the app then offers to add a passkey. */
export const PASSKEY_OFFER_KEY = 'rustico.passkeyOffer';

/** Whether this member just logged in with a password in this tab, where passkeys work; the mark is taken. */
export function takePasskeyOffer(memberId: string): boolean {
  try {
    if (window.sessionStorage.getItem(PASSKEY_OFFER_KEY) !== memberId) return false;
    window.sessionStorage.removeItem(PASSKEY_OFFER_KEY);
    return passkeysHere();
  } catch {
    return false;
  }
}
