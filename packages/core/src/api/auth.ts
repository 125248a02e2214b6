import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../auth.ts';
import { LANGUAGES } from '../languages.ts';
import { normalizeText } from '../text.ts';
import { colourSchema } from './colours.ts';
import { roleSchema } from './roles.ts';
import { freeTextSchema } from './text.ts';
import { versionSchema } from './versions.ts';

/** Trimmed, lower-cased email; the login form appends the house's domain before sending. An empty one is missing, not invalid. */
export const emailSchema = z.string().trim().toLowerCase().min(1).pipe(z.email({ message: 'INVALID_EMAIL' }));

/**
 * Surrounding spaces of a password are never part of it (a phone keyboard adds
 * one after a word): login and every way of setting a password trim alike.
 */
export const passwordSchema = z.string().trim();

export const loginRequestSchema = z.object({
  email: z.string().overwrite((email) => normalizeText(email)).min(1).max(254),
  password: passwordSchema.min(1).max(512),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const languageSchema = z.enum(LANGUAGES);

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  colour: colourSchema,
  hidden: z.boolean(),
  giftUsed: z.boolean(),
  photoUrl: z.string().nullable(),
  /** Chosen in Settings; null until the member chooses (the browser's language applies). */
  language: languageSchema.nullable(),
  version: versionSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const displayNameSchema = freeTextSchema({ max: 80, emptyCode: 'NAME_REQUIRED' });

export const profileUpdateSchema = z.object({ name: displayNameSchema });
export const profileLanguageSchema = z.object({ language: languageSchema });
export type ProfileLanguage = z.infer<typeof profileLanguageSchema>;
export const newPasswordSchema = passwordSchema.min(PASSWORD_MIN_LENGTH).max(512);

export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1).max(512),
  newPassword: newPasswordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const setupStatusSchema = z.object({ available: z.boolean() });

export const setupRequestSchema = z.object({
  token: z.string().min(1).max(200),
  name: displayNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SetupRequest = z.infer<typeof setupRequestSchema>;
