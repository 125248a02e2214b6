import { z } from 'zod';
import { displayNameSchema, emailSchema, sessionUserSchema } from './api/auth.ts';
import { colourSchema, roleSchema } from './roles.ts';

/** A member as the people who run the house see them. */
export const memberSchema = sessionUserSchema.extend({
  disabled: z.boolean(),
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

