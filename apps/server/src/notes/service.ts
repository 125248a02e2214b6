import { randomUUID } from 'node:crypto';
import { type Note, type NoteInput, type SessionUser } from '@rustico/core';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { lockRowForWrite } from '../db/locks.ts';
import { lastChange, recordChange } from '../history/service.ts';
import { whileUnchanged } from '../db/unchanged.ts';
import { recipientsOf } from '../push/recipients.ts';
import { decodeCursor, keysetPage } from '../http/cursor.ts';
import { forbidden, notFound, staleEdit } from '../http/errors.ts';
import { queueNotice } from '../notifications/service.ts';
import { noteMessage } from '../push/messages.ts';
import { photoUrlOf } from '../users/service.ts';
import { addReaction, deleteNote as deleteNoteRow, findNote, insertNote, listNotes, removeReaction, type NoteRow } from './repository.ts';

// What other features read and write of notes goes through here, not its repository.
export { addReaction, insertNote } from './repository.ts';

export function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    authorId: row.userId,
    authorName: row.authorName,
    authorPhotoUrl: photoUrlOf({ id: row.userId, photo: row.authorPhoto }),
    text: row.text,
    label: row.eventKind && row.eventDate ? { kind: row.eventKind, date: row.eventDate } : null,
    createdAt: row.createdAt,
    reactionCount: Number(row.reactionCount ?? 0),
    reactedByMe: row.myReaction !== null && row.myReaction !== undefined,
    version: row.version,
  };
}

const audienceOf = (user: SessionUser) => ({ ownerId: user.id, ownerHidden: user.hidden });

/** Pages of notes asked again while no note, thumbs-up or author changed. */
const pages = whileUnchanged<{ notes: Note[]; nextCursor: string | null }>(200);

export async function notesPage(ctx: AppContext, viewer: SessionUser, limit: number, before?: string) {
  const cursor = before ? decodeCursor(before) : undefined;
  const after = cursor && { createdAt: cursor.key, id: cursor.id };
  return pages(ctx.db, JSON.stringify([viewer.id, viewer.hidden, limit, after]), async () => {
    const { items, nextCursor } = keysetPage(await listNotes(ctx.db, viewer, limit + 1, after), limit, toNote, (note) => note.createdAt);
    return { notes: items, nextCursor };
  });
}

export async function latestNote(ctx: AppContext, viewer: SessionUser): Promise<Note | null> {
  const [row] = await listNotes(ctx.db, viewer, 1);
  return row ? toNote(row) : null;
}

/** A note's email waits to be merged (its push goes at once); a note deleted before it goes is not told. */
export function queueNoteNotice(ctx: AppContext, trx: Db, author: { id: string; name: string; hidden: boolean }, action: 'created' | 'deleted', note: { id: string; text: string }) {
  const audience = { exceptUserId: author.id, onlyHidden: author.hidden };
  return queueNotice(ctx, trx, audience, { kind: 'notes', subjectId: note.id, action, details: { actorName: author.name, text: note.text } });
}

export async function createNote(ctx: AppContext, author: SessionUser, input: NoteInput): Promise<Note> {
  const id = randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    await insertNote(trx, { id, userId: author.id, text: input.text, eventKind: null, eventDate: null, bookingId: null, createdAt: ctx.now().toISOString() });
    await queueNoteNotice(ctx, trx, { id: author.id, name: author.name, hidden: author.hidden }, 'created', { id, text: input.text });
  });
  ctx.events.publish({ type: 'note', action: 'created', id }, audienceOf(author));
  const note = toNote((await findNote(ctx.db, id, author))!);
  ctx.push.notify(recipientsOf(author, 'notes'), noteMessage(note));
  return note;
}

/** Its author deletes a note; made on a version no longer current, nothing changes (409 STALE_EDIT). Its text stays in the history. */
export async function deleteNote(ctx: AppContext, user: SessionUser, id: string, expectedVersion?: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockRowForWrite(trx, 'notes', id);
    const row = await findNote(trx, id, user);
    if (!row) throw notFound('Note');
    if (row.userId !== user.id) throw forbidden();
    if (expectedVersion !== undefined && row.version !== expectedVersion) throw staleEdit(toNote(row), await lastChange(trx, 'note', id));
    await deleteNoteRow(trx, id);
    await queueNoteNotice(ctx, trx, { id: row.userId, name: row.authorName, hidden: row.authorHidden === 1 }, 'deleted', row);
    await recordChange(trx, { subject: 'note', subjectId: id, ownerId: row.userId, action: 'deleted', byId: user.id, at: ctx.now(), label: row.text.slice(0, 80), before: { text: row.text }, after: null });
  });
  ctx.events.publish({ type: 'note', action: 'deleted', id }, audienceOf(user));
}

/** Thumbs-up on or off; anyone who can see a note may react to it. */
export async function setReaction(ctx: AppContext, user: SessionUser, id: string, on: boolean): Promise<Note> {
  const row = await findNote(ctx.db, id, user);
  if (!row) throw notFound('Note');
  if (on) await addReaction(ctx.db, id, user.id, ctx.now().toISOString());
  else await removeReaction(ctx.db, id, user.id);
  // Everyone who sees the note sees its count change, unless the reactor is hidden: its
  // thumbs-up counts only for hidden accounts, so only they (and it) hear of it.
  const audience = user.hidden ? audienceOf(user) : { ownerId: row.userId, ownerHidden: row.authorHidden === 1 };
  ctx.events.publish({ type: 'note', action: 'reacted', id }, audience);
  return toNote((await findNote(ctx.db, id, user))!);
}
