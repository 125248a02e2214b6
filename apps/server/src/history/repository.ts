import { sql, type Insertable, type Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ChangesTable, Database } from '../db/schema.ts';
import type { Viewer } from '../db/visibility.ts';

export async function insertChange(db: Kysely<Database>, change: Insertable<ChangesTable>): Promise<void> {
  await db.insertInto('changes').values(change).execute();
}

/**
 * The changes with the names of who made them, as the viewer may see them: a hidden account's
 * changes (and changes of a hidden account's things) only for hidden accounts.
 */
function visibleChanges(db: Kysely<Database>, viewer: Viewer) {
  return db
    .selectFrom('changes')
    .leftJoin('users as actor', 'actor.id', 'changes.byId')
    .leftJoin('users as owner', 'owner.id', 'changes.ownerId')
    .selectAll('changes')
    .select('actor.name as byName')
    .where(sql<boolean>`(${viewer.hidden ? 1 : 0} = 1 or (coalesce(${sql.ref('actor.hidden')}, 0) = 0 and coalesce(${sql.ref('owner.hidden')}, 0) = 0))`);
}

export type ChangeRow = Awaited<ReturnType<typeof changesOf>>[number];

/** A thing's changes, oldest first. */
export function changesOf(db: Db, viewer: Viewer, subject: ChangesTable['subject'], subjectId: string) {
  return visibleChanges(db, viewer).where('changes.subject', '=', subject).where('changes.subjectId', '=', subjectId).orderBy('changes.seq').execute();
}

/** The last change of a thing, whoever may see it (for telling an editor who changed it since). */
export function lastChangeOf(db: Kysely<Database>, subject: ChangesTable['subject'], subjectId: string) {
  return db
    .selectFrom('changes')
    .leftJoin('users as actor', 'actor.id', 'changes.byId')
    .select(['changes.at', 'actor.name as byName'])
    .where('changes.subject', '=', subject)
    .where('changes.subjectId', '=', subjectId)
    .orderBy('changes.seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A page of the house's changes, newest first, before the cursor's. */
export function activityPage(
  db: Db,
  viewer: Viewer,
  filters: { before: number | null; byId: string | null; subject: ChangesTable['subject'] | null; limit: number },
) {
  let query = visibleChanges(db, viewer);
  if (filters.before !== null) query = query.where('changes.seq', '<', filters.before);
  if (filters.byId !== null) query = query.where('changes.byId', '=', filters.byId);
  if (filters.subject !== null) query = query.where('changes.subject', '=', filters.subject);
  return query.orderBy('changes.seq', 'desc').limit(filters.limit).execute();
}
