import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, HandoversTable, SuppliesTable, TaskCompletionsTable, TasksTable } from '../db/schema.ts';
import { hiddenFlag, seenByViewer, type Viewer } from '../db/visibility.ts';

/** Supplies as the viewer may see them: a hidden account's are seen only by hidden accounts. */
function visibleSupplies(db: Kysely<Database>, viewer: Viewer) {
  return db
    .selectFrom('supplies')
    .innerJoin('users', 'users.id', 'supplies.authorId')
    .leftJoin('users as claimer', 'claimer.id', 'supplies.claimedById')
    .selectAll('supplies')
    .select('users.hidden as authorHidden')
    // A hidden account's claim holds the item for everyone, but only who may see it is named.
    .select(sql<string | null>`case when claimer.hidden = 0 or claimer.id = ${viewer.id} or ${hiddenFlag(viewer)} = 1 then claimer.name else null end`.as('claimedByName'))
    .where(seenByViewer('users', viewer));
}

export type SupplyRow = NonNullable<Awaited<ReturnType<typeof findSupply>>>;

export function listSupplies(db: Kysely<Database>, viewer: Viewer, includeArchived: boolean) {
  let query = visibleSupplies(db, viewer);
  if (!includeArchived) query = query.where('supplies.archived', '=', 0);
  return query.orderBy('supplies.name').orderBy('supplies.id').execute();
}

export function findSupply(db: Kysely<Database>, id: string, viewer: Viewer) {
  return visibleSupplies(db, viewer).where('supplies.id', '=', id).executeTakeFirst();
}

export async function insertSupply(db: Kysely<Database>, supply: Insertable<SuppliesTable>): Promise<void> {
  await db.insertInto('supplies').values(supply).execute();
}

export async function updateSupply(db: Kysely<Database>, id: string, changes: Updateable<SuppliesTable>): Promise<void> {
  await db.updateTable('supplies').set(changes).where('id', '=', id).execute();
}

/**
 * «lo porto io» in one statement: taken only while nobody else holds it, so of two members
 * claiming at once exactly one row is changed, whatever the database.
 */
export async function claimSupply(db: Kysely<Database>, id: string, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('supplies')
    .set({ claimedById: userId, claimedAt: at, updatedAt: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('claimedById', 'is', null), eb('claimedById', '=', userId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function visibleTasks(db: Kysely<Database>, viewer: Viewer) {
  return db
    .selectFrom('tasks')
    .innerJoin('users', 'users.id', 'tasks.authorId')
    .leftJoin('users as assignee', 'assignee.id', 'tasks.assigneeId')
    .selectAll('tasks')
    .select(['users.name as authorName', 'users.hidden as authorHidden'])
    // A task may be a hidden account's to do: only who may see that account reads its name.
    .select(sql<string | null>`case when assignee.hidden = 0 or assignee.id = ${viewer.id} or ${hiddenFlag(viewer)} = 1 then assignee.name else null end`.as('assigneeName'))
    .where(seenByViewer('users', viewer));
}

export type TaskRow = NonNullable<Awaited<ReturnType<typeof findTask>>>;

export function findTask(db: Kysely<Database>, id: string, viewer: Viewer) {
  return visibleTasks(db, viewer).where('tasks.id', '=', id).executeTakeFirst();
}

/** Open tasks by their window, then the latest done. */
export async function listTasks(db: Kysely<Database>, viewer: Viewer, doneLimit: number) {
  const open = await visibleTasks(db, viewer).where('tasks.doneAt', 'is', null).orderBy('tasks.fromDate').orderBy('tasks.id').execute();
  const done = await visibleTasks(db, viewer).where('tasks.doneAt', 'is not', null).orderBy('tasks.doneAt', 'desc').limit(doneLimit).execute();
  return [...open, ...done];
}

/** Open tasks whose window meets the days given (both included). */
export function openTasksMeeting(db: Kysely<Database>, viewer: Viewer, start: string, end: string) {
  return visibleTasks(db, viewer).where('tasks.doneAt', 'is', null).where('tasks.fromDate', '<=', end).where('tasks.toDate', '>=', start).orderBy('tasks.fromDate').execute();
}

/** Open tasks whose window ended before this day, of every account (the admins are reminded). */
export function overdueTasks(db: Kysely<Database>, today: string) {
  return db.selectFrom('tasks').select(['id', 'title', 'fromDate', 'toDate']).where('doneAt', 'is', null).where('toDate', '<', today).execute();
}

export async function insertTask(db: Kysely<Database>, task: Insertable<TasksTable>): Promise<void> {
  await db.insertInto('tasks').values(task).execute();
}

export async function updateTask(db: Kysely<Database>, id: string, changes: Updateable<TasksTable>): Promise<void> {
  await db.updateTable('tasks').set(changes).where('id', '=', id).execute();
}

export async function deleteTaskRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('tasks').where('id', '=', id).execute();
}

export async function insertCompletion(db: Kysely<Database>, completion: Insertable<TaskCompletionsTable>): Promise<void> {
  await db.insertInto('taskCompletions').values(completion).execute();
}

export async function updateCompletion(db: Kysely<Database>, id: string, changes: Updateable<TaskCompletionsTable>): Promise<void> {
  await db.updateTable('taskCompletions').set(changes).where('id', '=', id).execute();
}

export function findCompletion(db: Kysely<Database>, id: string) {
  return db.selectFrom('taskCompletions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The latest completion of each task named; who did it is named only to whoever may see them. */
export async function latestCompletions(db: Kysely<Database>, taskIds: string[], viewer: Viewer) {
  if (taskIds.length === 0) return new Map<string, TaskCompletionsTable & { byName: string | null }>();
  const rows = await db
    .selectFrom('taskCompletions')
    .leftJoin('users', 'users.id', 'taskCompletions.byId')
    .selectAll('taskCompletions')
    .select(sql<string | null>`case when users.hidden = 0 or users.id = ${viewer.id} or ${hiddenFlag(viewer)} = 1 then users.name else null end`.as('byName'))
    .where('taskCompletions.taskId', 'in', taskIds)
    .orderBy('taskCompletions.at')
    .execute();
  return new Map(rows.map((row) => [row.taskId, row]));
}

export async function insertHandover(db: Kysely<Database>, handover: Insertable<HandoversTable>): Promise<void> {
  await db.insertInto('handovers').values(handover).execute();
}

/** Handovers left at departures in (after, until], newest first, as the viewer may see them. */
export function handoversBetween(db: Kysely<Database>, viewer: Viewer, after: string, until: string) {
  return db
    .selectFrom('handovers')
    .innerJoin('users', 'users.id', 'handovers.userId')
    .selectAll('handovers')
    .select('users.name as authorName')
    .where(seenByViewer('users', viewer))
    .where('handovers.date', '>', after)
    .where('handovers.date', '<=', until)
    .orderBy('handovers.date', 'desc')
    .orderBy('handovers.createdAt', 'desc')
    .limit(10)
    .execute();
}

/** The viewer's next or current stay: confirmed, not yet checked out, not over. */
export function nextStayOf(db: Db, userId: string, today: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'startDate', 'endDate'])
    .where('userId', '=', userId)
    .where('status', '=', 'confirmed')
    .where('checkedOut', '=', 0)
    .where('endDate', '>=', today)
    .orderBy('startDate')
    .limit(1)
    .executeTakeFirst();
}

/** The end of the viewer's last stay before a day: handovers since then are news to them. */
export async function previousStayEnd(db: Db, userId: string, before: string): Promise<string | null> {
  const row = await db
    .selectFrom('bookings')
    .select('endDate')
    .where('userId', '=', userId)
    .where('status', '=', 'confirmed')
    .where('endDate', '<', before)
    .orderBy('endDate', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.endDate ?? null;
}
