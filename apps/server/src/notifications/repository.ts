import type { Channel, EmailPace, NotificationKind, PacedKind } from '@rustico/core';
import type { Db } from '../db/database.ts';
import type { PendingNoticesTable } from '../db/schema.ts';

export function choicesOf(db: Db, userId: string) {
  return db.selectFrom('notificationChoices').select(['kind', 'channel', 'emailPace']).where('userId', '=', userId).execute();
}

export async function putChoice(db: Db, userId: string, kind: NotificationKind, channel: Channel): Promise<void> {
  await db
    .insertInto('notificationChoices')
    .values({ userId, kind, channel, emailPace: null })
    .onConflict((oc) => oc.columns(['userId', 'kind']).doUpdateSet({ channel }))
    .execute();
}

/** How a kind's emails come; `channel` is what the row gets when the member had no choice yet. */
export async function putEmailPace(db: Db, userId: string, kind: PacedKind, emailPace: EmailPace, channel: Channel): Promise<void> {
  await db
    .insertInto('notificationChoices')
    .values({ userId, kind, channel, emailPace })
    .onConflict((oc) => oc.columns(['userId', 'kind']).doUpdateSet({ emailPace }))
    .execute();
}

/** Members who may get messages of a kind, with the channel each chose (null: the default). */
export function activeMembersWithChoice(db: Db, kind: NotificationKind) {
  return db
    .selectFrom('users')
    .leftJoin('notificationChoices', (join) => join.onRef('notificationChoices.userId', '=', 'users.id').on('notificationChoices.kind', '=', kind))
    .selectAll('users')
    .select(['notificationChoices.channel', 'notificationChoices.emailPace'])
    .where('users.disabled', '=', 0)
    .execute();
}

export type PendingNoticeRow = PendingNoticesTable;

export async function insertPendingNotices(db: Db, rows: PendingNoticeRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('pendingNotices').values(rows).execute();
}

/** When the open window of a member's channel closes (its first message waiting), if one is open. */
export async function openWindowDue(db: Db, userId: string, channel: PendingNoticeRow['channel']): Promise<string | undefined> {
  const row = await db
    .selectFrom('pendingNotices')
    .select((eb) => eb.fn.min('dueAt').as('dueAt'))
    .where('userId', '=', userId)
    .where('channel', '=', channel)
    .where('summary', '=', 0)
    .executeTakeFirst();
  return row?.dueAt ?? undefined;
}

/** Members and channels with messages due at an instant. */
export function dueRecipients(db: Db, now: string) {
  return db.selectFrom('pendingNotices').select(['userId', 'channel']).distinct().where('dueAt', '<=', now).orderBy('userId').orderBy('channel').execute();
}

/**
 * Takes a member's due messages of a channel out of the queue, oldest first. Of two processes
 * taking at once, one gets the rows (PostgreSQL: the other waits on their locks, then finds them gone).
 */
export async function takeDue(db: Db, userId: string, channel: PendingNoticeRow['channel'], now: string): Promise<PendingNoticeRow[]> {
  const rows = await db
    .deleteFrom('pendingNotices')
    .where('userId', '=', userId)
    .where('channel', '=', channel)
    .where('dueAt', '<=', now)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** Due messages of the window wait for the summary instead (the day's cap is reached). */
export async function moveToSummary(db: Db, userId: string, now: string, summaryAt: string): Promise<number> {
  const result = await db
    .updateTable('pendingNotices')
    .set({ summary: 1, dueAt: summaryAt })
    .where('userId', '=', userId)
    .where('channel', '=', 'email')
    .where('summary', '=', 0)
    .where('dueAt', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
