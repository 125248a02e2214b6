import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, NotesTable } from '../db/schema.ts';

export interface NoteViewer {
  id: string;
  hidden: boolean;
}

export async function insertNote(db: Kysely<Database>, note: NotesTable): Promise<void> {
  await db.insertInto('notes').values(note).execute();
}

/**
 * Notes with author and reactions as the viewer may see them: a hidden
 * account's notes and thumbs-up are seen only by hidden accounts and itself.
 */
function visibleNotes(db: Kysely<Database>, viewer: NoteViewer) {
  let query = db
    .selectFrom('notes')
    .innerJoin('users', 'users.id', 'notes.userId')
    .selectAll('notes')
    .select(['users.name as authorName', 'users.photo as authorPhoto', 'users.hidden as authorHidden'])
    .select((eb) => {
      let reactors = eb
        .selectFrom('noteReactions')
        .innerJoin('users as reactor', 'reactor.id', 'noteReactions.userId')
        .whereRef('noteReactions.noteId', '=', 'notes.id');
      if (!viewer.hidden) reactors = reactors.where((w) => w.or([w('reactor.hidden', '=', 0), w('reactor.id', '=', viewer.id)]));
      return [
        reactors.select((r) => r.fn.countAll<number | string>().as('n')).as('reactionCount'),
        eb
          .selectFrom('noteReactions')
          .select('noteReactions.userId')
          .whereRef('noteReactions.noteId', '=', 'notes.id')
          .where('noteReactions.userId', '=', viewer.id)
          .as('myReaction'),
      ];
    });
  if (!viewer.hidden) query = query.where((eb) => eb.or([eb('users.hidden', '=', 0), eb('users.id', '=', viewer.id)]));
  return query;
}

export type NoteRow = NonNullable<Awaited<ReturnType<typeof findNote>>>;

export function findNote(db: Kysely<Database>, id: string, viewer: NoteViewer) {
  return visibleNotes(db, viewer).where('notes.id', '=', id).executeTakeFirst();
}

/** Newest first; `before` is the (createdAt, id) of the last note of the previous page. */
export function listNotes(db: Db, viewer: NoteViewer, limit: number, before?: { createdAt: string; id: string }) {
  let query = visibleNotes(db, viewer);
  if (before) {
    query = query.where((eb) =>
      eb.or([eb('notes.createdAt', '<', before.createdAt), eb.and([eb('notes.createdAt', '=', before.createdAt), eb('notes.id', '<', before.id)])]),
    );
  }
  return query.orderBy('notes.createdAt', 'desc').orderBy('notes.id', 'desc').limit(limit).execute();
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
