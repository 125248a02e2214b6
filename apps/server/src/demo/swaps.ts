import { todayIn } from '@rustico/core';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { proposeSwap } from '../swaps/service.ts';
import { findUserById, toSessionUser } from '../users/service.ts';

/**
 * One swap waiting in the demo house: Luca (or, if his stays do not fit, another member)
 * proposes to Marco, the demo login, to exchange one of their future stays, so Home shows
 * «Scambi e cessioni» with Accetta and Rifiuta.
 */
export async function seedDemoSwaps(ctx: AppContext, ids: Map<string, string>): Promise<void> {
  const marco = ids.get('marco')!;
  const today = todayIn(ctx.config.houseTimeZone, ctx.now());
  const future = await ctx.db
    .selectFrom('bookings')
    .select(['id', 'userId'])
    .where('startDate', '>', today)
    .where('checkedIn', '=', 0)
    .where('status', '!=', 'declined')
    .orderBy('startDate')
    .execute();
  const marcos = future.filter((b) => b.userId === marco);
  const order = ['luca', 'sofia', 'elena', 'andrea', 'giulia'].map((name) => ids.get(name)!);
  const others = future.filter((b) => order.includes(b.userId)).sort((a, b) => order.indexOf(a.userId) - order.indexOf(b.userId));
  for (const theirs of marcos) {
    for (const mine of others) {
      const proposer = toSessionUser((await findUserById(ctx.db, mine.userId))!);
      try {
        await proposeSwap(ctx, proposer, { bookingId: mine.id, withBookingId: theirs.id });
        return;
      } catch (error) {
        // A pair the rules refuse (a quota): the next one.
        if (!(error instanceof AppError)) throw error;
      }
    }
  }
}
