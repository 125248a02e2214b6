import { z } from 'zod';
import { BOOKINGS_PAGE_SIZE } from '../bookings.ts';
import { displayNameSchema, emailSchema, sessionUserSchema } from './auth.ts';
import { readableColourSchema } from './colours.ts';
import { roleSchema } from './roles.ts';

/** A member as the people who run the house see them. */
export const memberSchema = sessionUserSchema.extend({
  disabled: z.boolean(),
  lastSeenAt: z.string().nullable(),
  /** How many passkeys the member signs in with (a lost phone's can be removed). */
  passkeys: z.number().int(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.object({ users: z.array(memberSchema) });

export const newMemberSchema = z.object({
  name: displayNameSchema,
  email: emailSchema,
  role: roleSchema.default('member'),
  /** Text on it must read at 4.5:1 (COLOUR_UNREADABLE otherwise). */
  colour: readableColourSchema.optional(),
  /** Email them a link to choose their own password instead of making one to pass on. */
  invite: z.boolean().default(false),
});
export type NewMember = z.infer<typeof newMemberSchema>;

export const memberUpdateSchema = z
  .object({
    name: displayNameSchema,
    role: roleSchema,
    colour: readableColourSchema,
    hidden: z.boolean(),
    disabled: z.boolean(),
  })
  .partial();
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

/** A password the superadmin passes on; shown once, never stored in the clear. */
export const memberWithPasswordSchema = z.object({ user: memberSchema, password: z.string() });

/** A new member: with a password to pass on, or (invited) with the link on its way by email. */
export const addedMemberSchema = z.discriminatedUnion('invited', [
  z.object({ invited: z.literal(false), user: memberSchema, password: z.string() }),
  z.object({ invited: z.literal(true), user: memberSchema }),
]);
export type AddedMember = z.infer<typeof addedMemberSchema>;

export const allBookingsQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  userId: z.string().max(100).optional(),
});

export const bookingHistoryQuerySchema = allBookingsQuerySchema.extend({
  /** The cursor of the previous page: older bookings than its last. */
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(BOOKINGS_PAGE_SIZE),
});

export const calendarFeedSchema = z.object({ url: z.string() });
