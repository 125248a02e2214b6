import { z } from 'zod';
import { colourSchema, roleSchema } from '../roles.ts';

export const PASSWORD_MIN_LENGTH = 8;

/** Trimmed, lower-cased email; the login form appends the house's domain before sending. */
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email({ message: 'INVALID_EMAIL' }));

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().trim().min(1).max(512),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  colour: colourSchema,
  hidden: z.boolean(),
  giftUsed: z.boolean(),
  photoUrl: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const displayNameSchema = z.string().trim().min(1, 'NAME_REQUIRED').max(80);

export const profileUpdateSchema = z.object({ name: displayNameSchema });
export const newPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(512);

export const setupStatusSchema = z.object({ available: z.boolean() });

export const setupRequestSchema = z.object({
  token: z.string().min(1).max(200),
  name: displayNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SetupRequest = z.infer<typeof setupRequestSchema>;
