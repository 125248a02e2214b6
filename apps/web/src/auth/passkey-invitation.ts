import type { passkeyCreationOptionsSchema, sessionResponseSchema, SessionUser } from '@rustico/core';
import { api, isApiError, type Answer } from '../lib/api.ts';
import { errorText } from '../lib/error-text.ts';
import { adoptMemberLanguage, t } from '../lib/i18n.ts';
import { defaultPasskeyName } from '../lib/passkey-names.ts';
import { ceremonyFailure, createPasskey } from '../lib/webauthn.ts';
import { rememberSession } from './session.ts';

/**
 * An invitation completed with a passkey instead of a password, loaded when the new member
 * chooses it: the device makes the passkey, the link is used, and the member is in.
 */
export async function acceptWithPasskey(token: string, memberName: string): Promise<SessionUser> {
  const options = await api.post<Answer<typeof passkeyCreationOptionsSchema>>('/password-links/passkey-options', { token });
  const credential = await createPasskey(options);
  const { user } = await api.post<Answer<typeof sessionResponseSchema>>('/password-links/passkey', { token, name: defaultPasskeyName(memberName), credential });
  rememberSession(user);
  await adoptMemberLanguage(user);
  return user;
}

/** What the page says when the device made no passkey; nothing when the member closed the device's dialog. */
export function invitationFailureText(error: unknown): string | null {
  if (isApiError(error)) return errorText(error);
  const failure = ceremonyFailure(error);
  return failure === 'cancelled' ? null : failure === 'exists' ? t('passkey.exists') : t('passkey.inviteFailed');
}
