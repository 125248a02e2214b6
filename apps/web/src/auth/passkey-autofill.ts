import { passkeyAutofillAvailable } from '../lib/passkeys.ts';

/**
 * The login form's email field offers the house's passkeys among its suggestions (WebAuthn's
 * conditional mediation). A few lines in the login's own code: the request waits for the
 * browser without loading anything; only a passkey picked loads the code that signs in with it.
 */

const bytesOf = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** Resolves with the passkey the member picks in the email field's suggestions; null when there is none to pick, or never asked. */
export async function passkeyFromAutofill(signal: AbortSignal): Promise<PublicKeyCredential | null> {
  if (!(await passkeyAutofillAvailable()) || signal.aborted) return null;
  try {
    const response = await fetch('/api/session/passkey-options', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{}',
      signal,
    });
    if (!response.ok) return null;
    const options = (await response.json()) as { challenge: string; rpId?: string; timeout?: number; userVerification?: UserVerificationRequirement };
    const credential = await navigator.credentials.get({
      mediation: 'conditional',
      signal,
      publicKey: { challenge: bytesOf(options.challenge), rpId: options.rpId, timeout: options.timeout, userVerification: options.userVerification, allowCredentials: [] },
    });
    return credential as PublicKeyCredential | null;
  } catch {
    // Aborted (the form was left, or the button asked instead), or the browser declined.
    return null;
  }
}
