import { z } from 'zod';
import { turnEnds, turnStatuses } from '../turns.ts';
import { isoDateSchema, stayDateSchema } from './dates.ts';
import { memberIdSchema } from './roles.ts';

export const turnRoundInputSchema = z.object({
  from: stayDateSchema,
  to: stayDateSchema,
  /** Members in the order of their turns; each once. */
  order: z
    .array(memberIdSchema)
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'VALIDATION' }),
  /** The most nights a member may book in the range on their turn. */
  nightsPerTurn: z.number().int().min(1).max(366),
  /** How long each member has for their turn. */
  windowHours: z.number().int().min(1).max(24 * 30),
});
export type TurnRoundInput = z.infer<typeof turnRoundInputSchema>;

export const turnSchema = z.object({
  position: z.number().int(),
  memberId: z.string(),
  memberName: z.string(),
  memberColour: z.string(),
  status: z.enum(turnStatuses),
  startsAt: z.string(),
  endsAt: z.string(),
  endedBy: z.enum(turnEnds).nullable(),
  bookingId: z.string().nullable(),
});

export const turnRoundSchema = z.object({
  id: z.string(),
  from: isoDateSchema,
  to: isoDateSchema,
  nightsPerTurn: z.number().int(),
  windowHours: z.number().int(),
  openedAt: z.string(),
  openedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  status: z.enum(['running', 'finished', 'closed']),
  /** Whose turn it is now; null when the round is over (the range is open to everyone). */
  currentMemberId: z.string().nullable(),
  turns: z.array(turnSchema),
});
export type TurnRound = z.infer<typeof turnRoundSchema>;

/** Whose turn the skipper saw running: when it has passed on since, nobody's is skipped (409 TURN_CHANGED). */
export const skipTurnSchema = z.object({ memberId: memberIdSchema });
export type SkipTurn = z.infer<typeof skipTurnSchema>;

export const turnRoundResponseSchema = z.object({ round: turnRoundSchema });
export const turnRoundListSchema = z.object({ rounds: z.array(turnRoundSchema) });

export const suggestedOrderQuerySchema = z.object({ from: isoDateSchema.optional() });
export const suggestedOrderSchema = z.object({
  order: z.array(z.object({ memberId: z.string(), name: z.string(), colour: z.string() })),
  /** The round whose order was rotated; null when there was none. */
  basedOnRoundId: z.string().nullable(),
});
