import { randomUUID } from 'node:crypto';
import {
  addDays,
  handoverShown,
  isAdmin,
  nextYearlyWindow,
  supplyNeeded,
  taskOverdue,
  todayIn,
  type Handover,
  type HandoverInput,
  type SessionUser,
  type Supply,
  type SupplyInput,
  type SupplyUpdate,
  type Task,
  type TaskDoneInput,
  type TaskInput,
  type ToKnow,
} from '@rustico/core';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import { renderMarkdown } from '../content/markdown.ts';
import type { Database } from '../db/schema.ts';
import { lockFilesForWrite } from '../db/locks.ts';
import { encodeReceipt } from '../expenses/receipt-encoding.ts';
import { lastChange, recordChange } from '../history/service.ts';
import { AppError, forbidden, notFound, staleEdit } from '../http/errors.ts';
import { contentKey, deleteFile, getFile, putUpload, versionedUrl } from '../storage/service.ts';
import { findUserById } from '../users/service.ts';
import {
  claimSupply,
  deleteTaskRow,
  findCompletion,
  findSupply,
  findTask,
  handoversBetween,
  insertCompletion,
  insertHandover,
  insertSupply,
  insertTask,
  latestCompletions,
  listSupplies,
  listTasks as listTaskRows,
  nextStayOf,
  openTasksMeeting,
  overdueTasks,
  previousStayEnd,
  updateCompletion,
  updateSupply,
  updateTask,
  type SupplyRow,
  type TaskRow,
} from './repository.ts';

// What other features (the demo) write of supplies and tasks goes through here, not its repository.
export { insertHandover, insertSupply, insertTask } from './repository.ts';

const audienceOf = (user: { id: string; hidden: boolean }) => ({ ownerId: user.id, ownerHidden: user.hidden });
const mayChange = (user: SessionUser, authorId: string) => user.id === authorId || isAdmin(user.role);
const today = (ctx: AppContext) => todayIn(ctx.config.houseTimeZone, ctx.now());

/* ---------------------------------------------------------------- supplies */

export function toSupply(row: SupplyRow): Supply {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    claimedById: row.claimedById,
    claimedByName: row.claimedByName ?? null,
    claimedAt: row.claimedAt,
    authorId: row.authorId,
    archived: row.archived === 1,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

const supplyFields = (row: { name: string; state: string; archived: number; claimedById: string | null }) => ({
  name: row.name,
  state: row.state,
  archived: row.archived === 1,
  claimedBy: row.claimedById,
});

export async function supplies(ctx: AppContext, viewer: SessionUser, includeArchived: boolean): Promise<{ supplies: Supply[] }> {
  return { supplies: (await listSupplies(ctx.db, viewer, includeArchived)).map(toSupply) };
}

export async function createSupply(ctx: AppContext, author: SessionUser, input: SupplyInput): Promise<Supply> {
  const id = randomUUID();
  const at = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await insertSupply(trx, { id, name: input.name, state: 'ok', claimedById: null, claimedAt: null, authorId: author.id, archived: 0, createdAt: at, updatedAt: at });
    await recordChange(trx, { subject: 'supply', subjectId: id, ownerId: author.id, action: 'created', byId: author.id, at: ctx.now(), label: input.name, before: null, after: { name: input.name, state: 'ok' } });
  });
  ctx.events.publish({ type: 'upkeep', action: 'updated', id }, audienceOf(author));
  return toSupply((await findSupply(ctx.db, id, author))!);
}

/** Locks a supply's row for the rest of the transaction on PostgreSQL (SQLite runs one transaction at a time). */
async function lockSupply(trx: Kysely<Database>, id: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await trx.selectFrom('supplies').select('id').where('id', '=', id).forUpdate().execute();
  }
}

/**
 * Anyone marks a supply's state; bringing it (ok) ends the claim. Only its author or an admin
 * renames or archives it. Made on a version no longer current, nothing changes (409 STALE_EDIT).
 */
export async function changeSupply(ctx: AppContext, user: SessionUser, id: string, update: SupplyUpdate, expectedVersion?: number): Promise<Supply> {
  const at = ctx.now().toISOString();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockSupply(trx, id);
    const current = await findSupply(trx, id, user);
    if (!current) throw notFound('Supply');
    if ((update.name !== undefined || update.archived !== undefined) && !mayChange(user, current.authorId)) throw forbidden();
    if (expectedVersion !== undefined && current.version !== expectedVersion) throw staleEdit(toSupply(current), await lastChange(trx, 'supply', id));
    const state = update.state ?? current.state;
    const brought = update.state === 'ok' && current.state !== 'ok';
    await updateSupply(trx, id, {
      name: update.name ?? current.name,
      state,
      archived: update.archived === undefined ? current.archived : update.archived ? 1 : 0,
      ...(brought || update.state === 'ok' ? { claimedById: null, claimedAt: null } : {}),
      updatedAt: at,
    });
    const after = (await findSupply(trx, id, user))!;
    await recordChange(trx, { subject: 'supply', subjectId: id, ownerId: current.authorId, action: 'updated', byId: user.id, at: ctx.now(), label: after.name, before: supplyFields(current), after: supplyFields(after) });
    return after;
  });
  ctx.events.publish({ type: 'upkeep', action: 'updated', id }, audienceOf(user));
  return toSupply(row);
}

/** «lo porto io»: one member at a time; another's claim stands (409 ALREADY_CLAIMED). */
export async function claim(ctx: AppContext, user: SessionUser, id: string): Promise<Supply> {
  const at = ctx.now().toISOString();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await findSupply(trx, id, user);
    if (!current || current.archived === 1) throw notFound('Supply');
    if (!(await claimSupply(trx, id, user.id, at))) {
      const holder = (await findSupply(trx, id, user))!;
      throw new AppError(409, 'ALREADY_CLAIMED', `${holder.claimedByName ?? 'Someone'} brings it already`, undefined, undefined, { current: toSupply(holder) });
    }
    const after = (await findSupply(trx, id, user))!;
    await recordChange(trx, { subject: 'supply', subjectId: id, ownerId: current.authorId, action: 'updated', byId: user.id, at: ctx.now(), label: after.name, before: supplyFields(current), after: supplyFields(after) });
    return after;
  });
  ctx.events.publish({ type: 'upkeep', action: 'updated', id }, audienceOf(user));
  return toSupply(row);
}

/** Takes back a claim: the claimer, or an admin. */
export async function unclaim(ctx: AppContext, user: SessionUser, id: string): Promise<Supply> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockSupply(trx, id);
    const current = await findSupply(trx, id, user);
    if (!current) throw notFound('Supply');
    if (current.claimedById && current.claimedById !== user.id && !isAdmin(user.role)) throw forbidden();
    await updateSupply(trx, id, { claimedById: null, claimedAt: null, updatedAt: ctx.now().toISOString() });
    const after = (await findSupply(trx, id, user))!;
    await recordChange(trx, { subject: 'supply', subjectId: id, ownerId: current.authorId, action: 'updated', byId: user.id, at: ctx.now(), label: after.name, before: supplyFields(current), after: supplyFields(after) });
    return after;
  });
  ctx.events.publish({ type: 'upkeep', action: 'updated', id }, audienceOf(user));
  return toSupply(row);
}

/* ------------------------------------------------------------------- tasks */

const taskPhotoUrl = (row: { id: string; photoKey: string | null }) => (row.photoKey ? versionedUrl(`/api/tasks/${encodeURIComponent(row.id)}/photo`, row.photoKey) : null);
const completionPhotoUrl = (row: { id: string; photoKey: string | null }) =>
  row.photoKey ? versionedUrl(`/api/task-completions/${encodeURIComponent(row.id)}/photo`, row.photoKey) : null;

async function toTasks(ctx: AppContext, db: Kysely<Database>, rows: TaskRow[], viewer: SessionUser): Promise<Task[]> {
  const completions = await latestCompletions(db, rows.map((row) => row.id), viewer);
  const day = today(ctx);
  return Promise.all(
    rows.map(async (row) => {
      const last = completions.get(row.id);
      return {
        id: row.id,
        title: row.title,
        note: row.note,
        noteHtml: row.note ? await renderMarkdown(row.note) : null,
        yearly: row.yearly === 1,
        from: row.fromDate,
        to: row.toDate,
        assigneeId: row.assigneeId,
        assigneeName: row.assigneeName ?? null,
        authorId: row.authorId,
        authorName: row.authorName,
        photoUrl: taskPhotoUrl(row),
        done: row.doneAt !== null,
        overdue: taskOverdue({ from: row.fromDate, to: row.toDate, done: row.doneAt !== null }, day),
        lastDone: last ? { byId: last.byId, byName: last.byName, at: last.at, note: last.note, photoUrl: completionPhotoUrl(last) } : null,
        fromCheckout: row.bookingId !== null,
        createdAt: row.createdAt,
        version: row.version,
      };
    }),
  );
}

const taskFields = (row: { title: string; fromDate: string; toDate: string; yearly: number; assigneeId: string | null; doneAt: string | null }) => ({
  title: row.title,
  from: row.fromDate,
  to: row.toDate,
  yearly: row.yearly === 1,
  assignee: row.assigneeId,
  done: row.doneAt !== null,
});

export async function tasks(ctx: AppContext, viewer: SessionUser): Promise<{ tasks: Task[] }> {
  return { tasks: await toTasks(ctx, ctx.db, await listTaskRows(ctx.db, viewer, 30), viewer) };
}

async function findTaskAs(ctx: AppContext, id: string, viewer: SessionUser): Promise<Task> {
  const row = await findTask(ctx.db, id, viewer);
  if (!row) throw notFound('Task');
  return (await toTasks(ctx, ctx.db, [row], viewer))[0]!;
}

/** Who does it: an enabled member the one assigning may see (a hidden account exists only for hidden accounts). */
async function requireAssignee(db: Kysely<Database>, by: SessionUser, assigneeId: string | undefined): Promise<void> {
  if (assigneeId === undefined) return;
  const assignee = await findUserById(db, assigneeId);
  if (!assignee || assignee.disabled === 1 || (assignee.hidden === 1 && !by.hidden && assignee.id !== by.id)) throw new AppError(400, 'VALIDATION', 'No such member', 'assigneeId');
}

export async function createTask(ctx: AppContext, author: SessionUser, input: TaskInput, origin?: { id: string; bookingId: string }, db?: Kysely<Database>): Promise<string> {
  const id = origin?.id ?? randomUUID();
  const at = ctx.now().toISOString();
  const write = async (trx: Kysely<Database>) => {
    await requireAssignee(trx, author, input.assigneeId);
    if (origin && (await findTask(trx, id, { id: author.id, hidden: true }))) throw new AppError(409, 'ALREADY_EXISTS', 'This problem was reported already');
    const row = {
      id,
      title: input.title,
      note: input.note || null,
      yearly: input.yearly ? 1 : 0,
      fromDate: input.from,
      toDate: input.to,
      assigneeId: input.assigneeId ?? null,
      authorId: author.id,
      photoKey: null,
      doneAt: null,
      bookingId: origin?.bookingId ?? null,
      createdAt: at,
      updatedAt: at,
    };
    await insertTask(trx, row);
    await recordChange(trx, { subject: 'task', subjectId: id, ownerId: author.id, action: 'created', byId: author.id, at: ctx.now(), label: input.title, before: null, after: taskFields(row) });
  };
  if (db) await write(db);
  else await ctx.db.transaction().execute(write);
  if (!db) ctx.events.publish({ type: 'upkeep', action: 'updated', id }, audienceOf(author));
  return id;
}

export async function addTask(ctx: AppContext, author: SessionUser, input: TaskInput): Promise<Task> {
  return findTaskAs(ctx, await createTask(ctx, author, input), author);
}

async function lockTask(trx: Kysely<Database>, id: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await trx.selectFrom('tasks').select('id').where('id', '=', id).forUpdate().execute();
  }
}

/**
 * Done: who, when, an optional note (its photo may follow). A one-off task is closed; a yearly
 * one moves to its window of next year. Anyone may do the work.
 */
export async function completeTask(ctx: AppContext, user: SessionUser, id: string, input: TaskDoneInput, expectedVersion?: number): Promise<Task & { completionId: string }> {
  const completionId = randomUUID();
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockTask(trx, id);
    const row = await findTask(trx, id, user);
    if (!row) throw notFound('Task');
    if (row.doneAt !== null) throw new AppError(409, 'TASK_DONE', 'This task is done already');
    if (expectedVersion !== undefined && row.version !== expectedVersion) throw staleEdit((await toTasks(ctx, trx, [row], user))[0]!, await lastChange(trx, 'task', id));
    await insertCompletion(trx, { id: completionId, taskId: id, byId: user.id, at: now.toISOString(), note: input.note || null, photoKey: null, windowFrom: row.fromDate, windowTo: row.toDate });
    const next = row.yearly === 1 ? nextYearlyWindow({ from: row.fromDate, to: row.toDate }, todayIn(ctx.config.houseTimeZone, now)) : null;
    const changes = next ? { fromDate: next.from, toDate: next.to, updatedAt: now.toISOString() } : { doneAt: now.toISOString(), updatedAt: now.toISOString() };
    await updateTask(trx, id, changes);
    await recordChange(trx, { subject: 'task', subjectId: id, ownerId: row.authorId, action: 'updated', byId: user.id, at: now, label: row.title, before: taskFields(row), after: taskFields({ ...row, ...changes }) });
  });
  ctx.events.publish({ type: 'upkeep', action: 'updated', id }, audienceOf(user));
  return { ...(await findTaskAs(ctx, id, user)), completionId };
}

/** Its author or an admin changes a task's title, note, window or who does it; on an old version nothing changes (409 STALE_EDIT). */
export async function changeTask(ctx: AppContext, user: SessionUser, id: string, input: TaskInput, expectedVersion?: number): Promise<Task> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockTask(trx, id);
    const row = await findTask(trx, id, user);
    if (!row) throw notFound('Task');
    if (!mayChange(user, row.authorId)) throw forbidden();
    if (expectedVersion !== undefined && row.version !== expectedVersion) throw staleEdit((await toTasks(ctx, trx, [row], user))[0]!, await lastChange(trx, 'task', id));
    // Whoever the task is for already stays so, seen or not.
    if (input.assigneeId !== row.assigneeId) await requireAssignee(trx, user, input.assigneeId);
    const changes = { title: input.title, note: input.note || null, yearly: input.yearly ? 1 : 0, fromDate: input.from, toDate: input.to, assigneeId: input.assigneeId ?? null, updatedAt: ctx.now().toISOString() };
    await updateTask(trx, id, changes);
    await recordChange(trx, { subject: 'task', subjectId: id, ownerId: row.authorId, action: 'updated', byId: user.id, at: ctx.now(), label: input.title, before: taskFields(row), after: taskFields({ ...row, ...changes }) });
  });
  ctx.events.publish({ type: 'upkeep', action: 'updated', id }, audienceOf(user));
  return findTaskAs(ctx, id, user);
}

export async function removeTask(ctx: AppContext, user: SessionUser, id: string, expectedVersion?: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockFilesForWrite(trx);
    await lockTask(trx, id);
    const row = await findTask(trx, id, user);
    if (!row) throw notFound('Task');
    if (!mayChange(user, row.authorId)) throw forbidden();
    if (expectedVersion !== undefined && row.version !== expectedVersion) throw staleEdit((await toTasks(ctx, trx, [row], user))[0]!, await lastChange(trx, 'task', id));
    if (row.photoKey) await deleteFile(trx, row.photoKey);
    await deleteTaskRow(trx, id);
    await recordChange(trx, { subject: 'task', subjectId: id, ownerId: row.authorId, action: 'deleted', byId: user.id, at: ctx.now(), label: row.title, before: taskFields(row), after: null });
  });
  ctx.events.publish({ type: 'upkeep', action: 'updated', id }, audienceOf(user));
}

/** A photo is re-encoded as receipts are (WebP, no EXIF or GPS); a PDF is no photo. */
async function encodePhoto(upload: Buffer) {
  const encoded = await encodeReceipt(upload);
  if (encoded.kind !== 'image') throw new AppError(400, 'PHOTO_INVALID', 'A photo must be a JPEG, PNG, WebP or HEIC picture');
  return encoded.file;
}

/** The task's photo (a leaking tap): its author or an admin sets it. */
export async function setTaskPhoto(ctx: AppContext, user: SessionUser, id: string, upload: Buffer): Promise<Task> {
  const file = await encodePhoto(upload);
  const key = contentKey('tasks', id, file.bytes, 'webp');
  await ctx.db.transaction().execute(async (trx) => {
    await lockFilesForWrite(trx);
    const row = await findTask(trx, id, user);
    if (!row) throw notFound('Task');
    if (!mayChange(user, row.authorId)) throw forbidden();
    if (row.photoKey && row.photoKey !== key) await deleteFile(trx, row.photoKey);
    await putUpload(trx, { key, ...file }, user.id, ctx.config.storage, ctx.now());
    await updateTask(trx, id, { photoKey: key, updatedAt: ctx.now().toISOString() });
  });
  ctx.events.publish({ type: 'upkeep', action: 'updated', id }, audienceOf(user));
  return findTaskAs(ctx, id, user);
}

/** The photo of a completion: whoever did it adds it. */
export async function setCompletionPhoto(ctx: AppContext, user: SessionUser, completionId: string, upload: Buffer): Promise<Task> {
  const file = await encodePhoto(upload);
  const key = contentKey('task-completions', completionId, file.bytes, 'webp');
  const taskId = await ctx.db.transaction().execute(async (trx) => {
    await lockFilesForWrite(trx);
    const row = await findCompletion(trx, completionId);
    if (!row) throw notFound('Completion');
    if (row.byId !== user.id && !isAdmin(user.role)) throw forbidden();
    if (row.photoKey && row.photoKey !== key) await deleteFile(trx, row.photoKey);
    await putUpload(trx, { key, ...file }, user.id, ctx.config.storage, ctx.now());
    await updateCompletion(trx, completionId, { photoKey: key });
    return row.taskId;
  });
  ctx.events.publish({ type: 'upkeep', action: 'updated', id: taskId }, audienceOf(user));
  return findTaskAs(ctx, taskId, user);
}

export async function taskPhoto(ctx: AppContext, viewer: SessionUser, id: string) {
  const row = await findTask(ctx.db, id, viewer);
  return row?.photoKey ? getFile(ctx.db, row.photoKey) : undefined;
}

export async function completionPhoto(ctx: AppContext, viewer: SessionUser, id: string) {
  const row = await findCompletion(ctx.db, id);
  if (!row?.photoKey || !(await findTask(ctx.db, row.taskId, viewer))) return undefined;
  return getFile(ctx.db, row.photoKey);
}

/* --------------------------------------------------------------- handover */

/**
 * «Per chi arriva», written in the check-out's transaction: supplies that ran low, a problem
 * (a task from the departure on, for «chi c'è»), a note for the next guest. Anything refused
 * refuses the check-out with it. Returns what the stay's history keeps of it.
 */
export async function recordHandover(
  ctx: AppContext,
  trx: Kysely<Database>,
  user: SessionUser,
  stay: { bookingId: string; end: string },
  input: HandoverInput,
): Promise<{ fields: Record<string, string | null>; changed: boolean }> {
  const at = ctx.now().toISOString();
  const names: string[] = [];
  for (const item of input.low) {
    await lockSupply(trx, item.id);
    const current = await findSupply(trx, item.id, user);
    if (!current || current.archived === 1) throw notFound('Supply');
    await updateSupply(trx, item.id, { state: item.state, updatedAt: at });
    await recordChange(trx, { subject: 'supply', subjectId: item.id, ownerId: current.authorId, action: 'updated', byId: user.id, at: ctx.now(), label: current.name, before: supplyFields(current), after: supplyFields({ ...current, state: item.state }) });
    names.push(current.name);
  }
  if (input.problem) {
    const from = stay.end;
    await createTask(ctx, user, { title: input.problem.title, note: input.problem.note, yearly: false, from, to: addDays(from, 30) }, { id: input.problem.id, bookingId: stay.bookingId }, trx);
  }
  if (input.note) await insertHandover(trx, { id: randomUUID(), bookingId: stay.bookingId, userId: user.id, note: input.note, date: stay.end, createdAt: at });
  const changed = names.length > 0 || input.problem !== undefined || Boolean(input.note);
  return { fields: { lowSupplies: names.length ? names.join(', ') : null, problem: input.problem?.title ?? null, handoverNote: input.note || null }, changed };
}

/** After the check-out's commit: every tab refreshes what the handover changed. */
export function announceHandover(ctx: AppContext, user: SessionUser, bookingId: string): void {
  ctx.events.publish({ type: 'upkeep', action: 'updated', id: bookingId }, audienceOf(user));
}

/**
 * Home's «Da sapere» from the day before the viewer's next arrival to their departure: the
 * handovers left since their previous stay, the open tasks of the stay's days that are theirs
 * or «chi c'è»'s, and what is low that nobody brings.
 */
export async function toKnow(ctx: AppContext, viewer: SessionUser): Promise<ToKnow> {
  const day = today(ctx);
  const stay = await nextStayOf(ctx.db, viewer.id, day);
  if (!stay || !handoverShown({ start: stay.startDate, end: stay.endDate }, day)) return { stay: null, handovers: [], tasks: [], supplies: [] };
  const since = (await previousStayEnd(ctx.db, viewer.id, stay.startDate)) ?? addDays(stay.startDate, -90);
  const handovers: Handover[] = (await handoversBetween(ctx.db, viewer, since, stay.startDate)).map((row) => ({
    id: row.id,
    bookingId: row.bookingId,
    authorId: row.userId,
    authorName: row.authorName,
    note: row.note,
    date: row.date,
    createdAt: row.createdAt,
  }));
  const taskRows = (await openTasksMeeting(ctx.db, viewer, stay.startDate, stay.endDate)).filter((row) => row.assigneeId === null || row.assigneeId === viewer.id);
  const low = (await listSupplies(ctx.db, viewer, false)).filter((row) => supplyNeeded(row.state) && row.claimedById === null);
  return {
    stay: { bookingId: stay.id, start: stay.startDate, end: stay.endDate },
    handovers,
    tasks: await toTasks(ctx, ctx.db, taskRows, viewer),
    supplies: low.map(toSupply),
  };
}

/** Open tasks past their window, for the admins' reminder (claimed once per admin, task and window). */
export async function overdueWork(ctx: AppContext, day: string) {
  return overdueTasks(ctx.db, day);
}

/** A task as the overdue reminder tells it; null when it is done or gone meanwhile. */
export async function overdueTask(ctx: AppContext, id: string) {
  const row = await findTask(ctx.db, id, { id: '', hidden: true });
  return row && row.doneAt === null ? { title: row.title, from: row.fromDate, to: row.toDate } : null;
}
