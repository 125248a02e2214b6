import type { Channel, NotificationKind } from '@rustico/core';
import type { Db } from '../db/database.ts';
import { seenByViewer, type Viewer } from '../db/visibility.ts';

export function choicesOf(db: Db, userId: string) {
  return db.selectFrom('notificationChoices').select(['kind', 'channel']).where('userId', '=', userId).execute();
}

export async function putChoice(db: Db, userId: string, kind: NotificationKind, channel: Channel): Promise<void> {
  await db
    .insertInto('notificationChoices')
    .values({ userId, kind, channel })
    .onConflict((oc) => oc.columns(['userId', 'kind']).doUpdateSet({ channel }))
    .execute();
}

/** Members who may get messages of a kind, with the channel each chose (null: the default). */
export function activeMembersWithChoice(db: Db, kind: NotificationKind) {
  return db
    .selectFrom('users')
    .leftJoin('notificationChoices', (join) => join.onRef('notificationChoices.userId', '=', 'users.id').on('notificationChoices.kind', '=', kind))
    .selectAll('users')
    .select('notificationChoices.channel')
    .where('users.disabled', '=', 0)
    .execute();
}

/** Notes by others written between two instants, as the reader may see them; oldest first. */
export function notesForDigest(db: Db, reader: Viewer, from: string, to: string) {
  return db
    .selectFrom('notes')
    .innerJoin('users', 'users.id', 'notes.userId')
    .select(['notes.text', 'notes.createdAt', 'users.name as authorName'])
    .where('notes.userId', '!=', reader.id)
    .where('notes.createdAt', '>=', from)
    .where('notes.createdAt', '<', to)
    .where(seenByViewer('users', reader))
    .orderBy('notes.createdAt')
    .execute();
}
