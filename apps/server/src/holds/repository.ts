import type { Insertable, Kysely } from 'kysely';
import type { Database, HoldsTable } from '../db/schema.ts';
import { seenByViewer, type Viewer } from '../db/visibility.ts';

function withOwner(db: Kysely<Database>) {
  return db
    .selectFrom('holds')
    .innerJoin('users', 'users.id', 'holds.userId')
    .selectAll('holds')
    .select(['users.name as ownerName', 'users.colour as ownerColour', 'users.hidden as ownerHidden']);
}

export type HoldRow = Awaited<ReturnType<typeof findHold>> & object;

/** A new hold: live, not yet reminded. */
export async function insertHold(db: Kysely<Database>, hold: Pick<Insertable<HoldsTable>, 'id' | 'userId' | 'startDate' | 'endDate' | 'createdAt' | 'expiresAt'>): Promise<void> {
  await db
    .insertInto('holds')
    .values({ ...hold, endedAt: null, endKind: null, endedBy: null, endReason: null, bookingId: null, remindedAt: null })
    .execute();
}

/** A hold, ended or not, as the viewer may see its owner (a hidden member's only for hidden accounts). */
export function findHold(db: Kysely<Database>, id: string, viewer: Viewer | null) {
  let query = withOwner(db).where('holds.id', '=', id);
  if (viewer) query = query.where(seenByViewer('users', viewer));
  return query.executeTakeFirst();
}

/** Holds live at `at` with a night in start..end (end exclusive, as a stay's), whoever sees them. */
export function listLiveHoldsOverlapping(db: Kysely<Database>, start: string, end: string, at: string) {
  return withOwner(db).where('holds.endedAt', 'is', null).where('holds.expiresAt', '>', at).where('holds.startDate', '<', end).where('holds.endDate', '>', start).execute();
}

/** Holds live at `at` touching the days from..to (inclusive), as the calendar shows them to the viewer. */
export function listLiveHoldsBetween(db: Kysely<Database>, from: string, to: string, at: string, viewer: Viewer) {
  return withOwner(db)
    .where('holds.endedAt', 'is', null)
    .where('holds.expiresAt', '>', at)
    .where('holds.startDate', '<=', to)
    .where('holds.endDate', '>=', from)
    .where(seenByViewer('users', viewer))
    .orderBy('holds.startDate')
    .execute();
}

/** A member's holds nothing ended yet (some may be past their moment), for the hold limit. */
export function listOpenHoldsOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom('holds').select(['userId', 'expiresAt', 'endedAt']).where('userId', '=', userId).where('endedAt', 'is', null).execute();
}

/** A member's live holds, soonest first (Home's «Le tue opzioni»). */
export function listLiveHoldsOf(db: Kysely<Database>, userId: string, at: string) {
  return withOwner(db).where('holds.userId', '=', userId).where('holds.endedAt', 'is', null).where('holds.expiresAt', '>', at).orderBy('holds.startDate').execute();
}

/**
 * Ends a hold that has not ended yet: of two ends at once (a confirmation and the expiry job, two
 * processes) exactly one changes the row, whatever the database. False when it had ended already.
 */
export async function endHold(
  db: Kysely<Database>,
  id: string,
  end: Pick<HoldsTable, 'endedAt' | 'endKind' | 'endedBy' | 'endReason' | 'bookingId'>,
): Promise<boolean> {
  const result = await db.updateTable('holds').set(end).where('id', '=', id).where('endedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Holds whose moment passed and that nothing ended yet: the expiry job's work. */
export function listLapsedHolds(db: Kysely<Database>, at: string) {
  return withOwner(db).where('holds.endedAt', 'is', null).where('holds.expiresAt', '<=', at).orderBy('holds.expiresAt').limit(200).execute();
}

/** Live holds ending by `until` whose reminder has not gone (the caller judges each with holdReminderDue). */
export function listHoldsToRemind(db: Kysely<Database>, at: string, until: string) {
  return withOwner(db)
    .where('holds.endedAt', 'is', null)
    .where('holds.remindedAt', 'is', null)
    .where('holds.expiresAt', '>', at)
    .where('holds.expiresAt', '<=', until)
    .execute();
}

/** Claims a hold's reminder: of two processes exactly one gets true. */
export async function claimReminder(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const result = await db.updateTable('holds').set({ remindedAt: at }).where('id', '=', id).where('remindedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
