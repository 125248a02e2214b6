import { z } from 'zod';
import { displayNameSchema, emailSchema } from './api/auth.ts';
import { colourSchema, roleSchema } from './roles.ts';

export const memberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  colour: colourSchema,
  hidden: z.boolean(),
  disabled: z.boolean(),
  giftUsed: z.boolean(),
  photoUrl: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.object({ users: z.array(memberSchema) });

export const newMemberSchema = z.object({
  name: displayNameSchema,
  email: emailSchema,
  role: roleSchema.default('member'),
  colour: colourSchema.optional(),
});
export type NewMember = z.infer<typeof newMemberSchema>;

export const memberUpdateSchema = z
  .object({
    name: displayNameSchema,
    role: roleSchema,
    colour: colourSchema,
    hidden: z.boolean(),
    disabled: z.boolean(),
  })
  .partial();
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

/** A password the superadmin passes on; shown once, never stored in the clear. */
export const memberWithPasswordSchema = z.object({ user: memberSchema, password: z.string() });

export const allBookingsQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  userId: z.string().max(100).optional(),
});

export const calendarFeedSchema = z.object({ url: z.string() });

