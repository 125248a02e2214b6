import type { AuthenticationCredential, passkeyRequestOptionsSchema, sessionResponseSchema, SessionUser } from '@rustico/core';
import { api, isApiError, type Answer } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { errorText } from '../lib/error-text.ts';
import { adoptMemberLanguage, t } from '../lib/i18n.ts';
import { askPasskey, ceremonyFailure, credentialOf, forgetPasskey } from '../lib/webauthn.ts';
import { rememberSession } from './session.ts';

/** Signing in with a passkey, loaded when the member picks one or presses «Accedi con passkey». */

async function signIn(credential: AuthenticationCredential): Promise<SessionUser> {
  try {
    const { user } = await api.post<Answer<typeof sessionResponseSchema>>('/session/passkey', { credential });
    rememberSession(user);
    await adoptMemberLanguage(user);
    return user;
  } catch (error) {
    // Removed by the member or an administrator: the device may stop offering it.
    if (isApiError(error) && error.code === 'PASSKEY_UNKNOWN' && config.passkeyOrigin) forgetPasskey(new URL(config.passkeyOrigin).hostname, credential.id);
    throw error;
  }
}

/** «Accedi con passkey»: the device's dialog lists the passkeys it holds for the house. */
export async function signInWithPasskey(): Promise<SessionUser> {
  const options = await api.post<Answer<typeof passkeyRequestOptionsSchema>>('/session/passkey-options', {});
  return signIn(await askPasskey(options));
}

/** A passkey picked in the email field's suggestions. */
export function signInWithAutofilled(credential: PublicKeyCredential): Promise<SessionUser> {
  return signIn(credentialOf(credential));
}

/** What the login says when signing in with a passkey failed; nothing when the member closed the device's dialog. */
export function passkeyFailureText(error: unknown): string | null {
  if (isApiError(error)) return errorText(error);
  return ceremonyFailure(error) === 'cancelled' ? null : t('passkey.failed');
}
