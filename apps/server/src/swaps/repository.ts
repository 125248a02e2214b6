import type { Insertable, Kysely } from 'kysely';
import type { Database, SwapsTable } from '../db/schema.ts';

function swaps(db: Kysely<Database>) {
  return db
    .selectFrom('swaps')
    .innerJoin('users as proposer', 'proposer.id', 'swaps.fromId')
    .innerJoin('users as receiver', 'receiver.id', 'swaps.toId')
    .selectAll('swaps')
    .select(['proposer.name as fromName', 'proposer.hidden as fromHidden', 'receiver.name as toName', 'receiver.hidden as toHidden']);
}

export type SwapRow = Awaited<ReturnType<typeof findSwap>> & object;

export function findSwap(db: Kysely<Database>, id: string, kind: SwapsTable['kind']) {
  return swaps(db).where('swaps.id', '=', id).where('swaps.kind', '=', kind).executeTakeFirst();
}

/** The open proposals or offers a member made or received, the earliest to expire first. */
export function listOpen(db: Kysely<Database>, userId: string, kind: SwapsTable['kind']) {
  return swaps(db)
    .where('swaps.kind', '=', kind)
    .where('swaps.state', '=', 'pending')
    .where((eb) => eb.or([eb('swaps.fromId', '=', userId), eb('swaps.toId', '=', userId)]))
    .orderBy('swaps.expiresOn')
    .orderBy('swaps.createdAt')
    .execute();
}

/** An open swap of these two stays, proposed either way round. */
export function findOpenPair(db: Kysely<Database>, one: string, other: string) {
  return db
    .selectFrom('swaps')
    .select('id')
    .where('kind', '=', 'swap')
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb.and([eb('bookingId', '=', one), eb('withBookingId', '=', other)]), eb.and([eb('bookingId', '=', other), eb('withBookingId', '=', one)])]))
    .executeTakeFirst();
}

export function findOpenOffer(db: Kysely<Database>, bookingId: string) {
  return db.selectFrom('swaps').select('id').where('kind', '=', 'offer').where('state', '=', 'pending').where('bookingId', '=', bookingId).executeTakeFirst();
}

export async function insertSwap(db: Kysely<Database>, row: Insertable<SwapsTable>): Promise<void> {
  await db.insertInto('swaps').values(row).execute();
}

/** Ends an open proposal; false when it was answered or withdrawn meanwhile (by another request or process). */
export async function settleSwap(db: Kysely<Database>, id: string, state: 'accepted' | 'declined' | 'withdrawn', at: string): Promise<boolean> {
  const result = await db.updateTable('swaps').set({ state, decidedAt: at }).where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Who declined a stay offered to the first on its waitlist: the offer passes them by. */
export async function declinedWaitlistOffers(db: Kysely<Database>, bookingId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('swaps').select('toId').where('kind', '=', 'offer').where('bookingId', '=', bookingId).where('viaWaitlist', '=', 1).where('state', '=', 'declined').execute();
  return new Set(rows.map((r) => r.toId));
}
