import { z } from 'zod';
import { isoDateSchema } from './dates.ts';

// ---- Swaps («scambio») and stays given («cedi») ------------------------------

const idSchema = z.string().min(1).max(100);

export const swapStateSchema = z.enum(['pending', 'accepted', 'declined', 'withdrawn']);
export type SwapState = z.infer<typeof swapStateSchema>;

/** A stay as a proposal shows it. */
const swapStaySchema = z.object({ id: z.string(), start: isoDateSchema, end: isoDateSchema });

export const swapInputSchema = z.object({ bookingId: idSchema, withBookingId: idSchema });
export type SwapInput = z.infer<typeof swapInputSchema>;

export const swapSchema = z.object({
  id: z.string(),
  state: swapStateSchema,
  proposerId: z.string(),
  proposerName: z.string(),
  toId: z.string(),
  toName: z.string(),
  /** The proposer's stay, which would become the other's. */
  booking: swapStaySchema,
  /** The other's stay, which would become the proposer's. */
  withBooking: swapStaySchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The earlier stay's first day: from then on it cannot be accepted. */
  expiresOn: isoDateSchema,
  /** A stay moved, was cancelled or changed since the proposal: accepting would fail (SWAP_STALE). */
  stale: z.boolean(),
});
export type Swap = z.infer<typeof swapSchema>;
export const swapResponseSchema = z.object({ swap: swapSchema });
export const swapListSchema = z.object({ swaps: z.array(swapSchema) });

export const offerInputSchema = z.object({ toMemberId: idSchema.optional() });
export type OfferInput = z.infer<typeof offerInputSchema>;

export const offerSchema = z.object({
  id: z.string(),
  state: swapStateSchema,
  fromId: z.string(),
  fromName: z.string(),
  toId: z.string(),
  toName: z.string(),
  booking: swapStaySchema,
  /** Offered to the first on the booking's waitlist rather than to a member chosen. */
  viaWaitlist: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  expiresOn: isoDateSchema,
  stale: z.boolean(),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerResponseSchema = z.object({ offer: offerSchema });
export const offerListSchema = z.object({ offers: z.array(offerSchema) });

/** Who is first on a stay's waitlist, for its owner: «Al primo in lista d'attesa» is offered only when someone waits. */
export const firstWaitingSchema = z.object({ first: z.object({ id: z.string(), name: z.string() }).nullable() });

/** Who one may give a stay to or swap with: the enabled members one may see. */
export const memberDirectorySchema = z.object({ members: z.array(z.object({ id: z.string(), name: z.string(), colour: z.string() })) });
export type MemberDirectory = z.infer<typeof memberDirectorySchema>;
