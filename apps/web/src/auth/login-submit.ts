import { loginEmail, loginRequestSchema, type sessionResponseSchema, type SessionUser } from '@rustico/core';
import { api, type Answer } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { adoptMemberLanguage } from '../lib/i18n.ts';
import { PASSKEY_OFFER_KEY, passkeysHere } from '../lib/passkeys.ts';
import { rememberSession } from './session.ts';

/**
 * The part of the login that needs zod, loaded when the user starts typing or
 * submits, so the first paint of /login stays within its JS budget.
 */

export type LoginField = 'email' | 'password';
export interface LoginValues {
  email: string;
  password: string;
}

/** Fields the shared login schema rejects (trimmed empty, too long); empty when valid. */
export function invalidLoginFields(values: LoginValues): Array<{ field: LoginField; tooLong: boolean }> {
  const result = loginRequestSchema.safeParse(values);
  if (result.success) return [];
  const fields = new Map<LoginField, boolean>();
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'email' || field === 'password') fields.set(field, issue.code === 'too_big' || fields.get(field) === true);
  }
  return [...fields].map(([field, tooLong]) => ({ field, tooLong }));
}

/** Logs in: trims, appends the house's domain to the email, remembers the session. */
export async function submitLogin(values: LoginValues): Promise<SessionUser> {
  const body = loginRequestSchema.parse({
    email: loginEmail(values.email, config.emailDomain),
    password: values.password,
  });
  const { user } = await api.post<Answer<typeof sessionResponseSchema>>('/session', body);
  rememberSession(user);
  // Whoever types a password here may have no passkey on this device: the app offers one (once).
  if (passkeysHere()) {
    try {
      window.sessionStorage.setItem(PASSKEY_OFFER_KEY, user.id);
    } catch {
      // Storage refused (private mode): no offer, the password keeps working.
    }
  }
  await adoptMemberLanguage(user);
  return user;
}
