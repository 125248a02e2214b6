import { bufferToBase64URLString, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { AuthenticationCredential, PasskeyCreationOptions, PasskeyRequestOptions, RegistrationCredential } from '@rustico/core';

/**
 * The browser's side of passkeys (WebAuthn, through @simplewebauthn/browser): loaded only when
 * a passkey is made or used, never with a screen's first paint.
 */

/** Why the device did not make or use a passkey, as the screens tell it. */
export type CeremonyFailure = 'cancelled' | 'exists' | 'failed';

/** The person closed the device's dialog (or let it time out), the device holds one already, or it failed. */
export function ceremonyFailure(error: unknown): CeremonyFailure {
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'exists';
  const name = error instanceof WebAuthnError ? (error.cause as Error | undefined)?.name : error instanceof Error ? error.name : undefined;
  return name === 'NotAllowedError' || name === 'AbortError' ? 'cancelled' : 'failed';
}

/** The device's own dialog makes a passkey (fingerprint, face or screen lock). */
export async function createPasskey(options: PasskeyCreationOptions): Promise<RegistrationCredential> {
  return (await startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'] })) as RegistrationCredential;
}

/** The device's own dialog signs in with one of the passkeys it holds for the house. */
export async function askPasskey(options: PasskeyRequestOptions): Promise<AuthenticationCredential> {
  return (await startAuthentication({ optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'] })) as AuthenticationCredential;
}

/** A passkey the browser's autofill gave (navigator.credentials.get), as the server reads it. */
export function credentialOf(credential: PublicKeyCredential): AuthenticationCredential {
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: bufferToBase64URLString(credential.rawId),
    type: 'public-key',
    response: {
      clientDataJSON: bufferToBase64URLString(response.clientDataJSON),
      authenticatorData: bufferToBase64URLString(response.authenticatorData),
      signature: bufferToBase64URLString(response.signature),
      ...(response.userHandle ? { userHandle: bufferToBase64URLString(response.userHandle) } : {}),
    },
    clientExtensionResults: {},
  };
}

/**
 * Tells the device that the house no longer knows one of its passkeys (removed, or the account
 * gone), so that it stops offering it, where the browser can be told (the Signal API).
 */
export function forgetPasskey(rpId: string, credentialId: string): void {
  const signal = (PublicKeyCredential as unknown as { signalUnknownCredential?: (options: { rpId: string; credentialId: string }) => Promise<void> }).signalUnknownCredential;
  void signal?.({ rpId, credentialId }).catch(() => undefined);
}
