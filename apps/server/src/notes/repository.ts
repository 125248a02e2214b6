import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { hiddenFlag, seenBy, type Viewer } from '../db/visibility.ts';
import type { Database, NotesTable } from '../db/schema.ts';

export async function insertNote(db: Kysely<Database>, note: Insertable<NotesTable>): Promise<void> {
  await db.insertInto('notes').values(note).execute();
}

/**
 * Notes with author and reactions as the viewer may see them: a hidden
 * account's notes and thumbs-up are seen only by hidden accounts and itself.
 * One shape for every viewer (their hidden flag is a value), so a page of
 * notes is a prepared query.
 */
function visibleNotes(db: Kysely<Database>, viewerId: string, viewerHidden: number) {
  return db
    .selectFrom('notes')
    .innerJoin('users', 'users.id', 'notes.userId')
    .selectAll('notes')
    .select(['users.name as authorName', 'users.photo as authorPhoto', 'users.hidden as authorHidden'])
    .select((eb) => [
      eb
        .selectFrom('noteReactions')
        .innerJoin('users as reactor', 'reactor.id', 'noteReactions.userId')
        .whereRef('noteReactions.noteId', '=', 'notes.id')
        .where(seenBy('reactor', viewerId, viewerHidden))
        .select((r) => r.fn.countAll<number | string>().as('n'))
        .as('reactionCount'),
      eb.selectFrom('noteReactions').select('noteReactions.userId').whereRef('noteReactions.noteId', '=', 'notes.id').where('noteReactions.userId', '=', viewerId).as('myReaction'),
    ])
    .where(seenBy('users', viewerId, viewerHidden));
}

export type NoteRow = NonNullable<Awaited<ReturnType<typeof findNote>>>;

export function findNote(db: Kysely<Database>, id: string, viewer: Viewer) {
  return visibleNotes(db, viewer.id, hiddenFlag(viewer)).where('notes.id', '=', id).executeTakeFirst();
}

/** Past every real note: the first page starts before it. */
const AFTER_ALL = { createdAt: '9999-12-31T23:59:59.999Z', id: '' };

const notesPage = prepared((db, viewerId: string, viewerHidden: number, beforeCreatedAt: string, beforeId: string, limit: number) =>
  visibleNotes(db, viewerId, viewerHidden)
    .where((eb) => eb.or([eb('notes.createdAt', '<', beforeCreatedAt), eb.and([eb('notes.createdAt', '=', beforeCreatedAt), eb('notes.id', '<', beforeId)])]))
    .orderBy('notes.createdAt', 'desc')
    .orderBy('notes.id', 'desc')
    .limit(limit),
);

/** Newest first; `before` is the (createdAt, id) of the last note of the previous page. */
export function listNotes(db: Db, viewer: Viewer, limit: number, before = AFTER_ALL) {
  return notesPage(db, viewer.id, hiddenFlag(viewer), before.createdAt, before.id, limit);
}

export async function deleteNote(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('notes').where('id', '=', id).execute();
}

export async function addReaction(db: Kysely<Database>, noteId: string, userId: string, at: string): Promise<void> {
  await db
    .insertInto('noteReactions')
    .values({ noteId, userId, createdAt: at })
    .onConflict((oc) => oc.columns(['noteId', 'userId']).doNothing())
    .execute();
}

export async function removeReaction(db: Kysely<Database>, noteId: string, userId: string): Promise<void> {
  await db.deleteFrom('noteReactions').where('noteId', '=', noteId).where('userId', '=', userId).execute();
}
