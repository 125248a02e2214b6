import type { ActivityEntry, ActivityQuery, Change, ChangeAction, FieldValue, HistorySubject, SessionUser } from '@rustico/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { activityPage, changesOf, insertChange, lastChangeOf, type ChangeRow } from './repository.ts';

export type Fields = Record<string, FieldValue>;

/** The fields whose values differ, each with its value before and after (null: none). */
export function changedFields(before: Fields | null, after: Fields | null): Record<string, { from: FieldValue; to: FieldValue }> {
  const fields: Record<string, { from: FieldValue; to: FieldValue }> = {};
  for (const name of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const from = before?.[name] ?? null;
    const to = after?.[name] ?? null;
    if (from !== to) fields[name] = { from, to };
  }
  return fields;
}

export interface NewChange {
  subject: HistorySubject;
  subjectId: string;
  ownerId: string | null;
  action: ChangeAction;
  /** Null for the command line. */
  byId: string | null;
  at: Date;
  /** What the thing is, as the history will name it: a stay's dates and owner, a name. */
  label: string;
  /** The thing's fields before the change (null: it did not exist) and after (null: it is gone). */
  before: Fields | null;
  after: Fields | null;
}

/**
 * Keeps a change in the history, in the transaction that makes it: the history never tells of
 * a change that did not happen, nor misses one that did. An update that changed no field is none.
 */
export async function recordChange(trx: Kysely<Database>, change: NewChange): Promise<void> {
  const fields = changedFields(change.before, change.after);
  if (change.action === 'updated' && Object.keys(fields).length === 0) return;
  await insertChange(trx, {
    at: change.at.toISOString(),
    byId: change.byId,
    subject: change.subject,
    subjectId: change.subjectId,
    ownerId: change.ownerId,
    action: change.action,
    label: change.label,
    fields: JSON.stringify(fields),
  });
}

const toChange = (row: ChangeRow): Change => ({ action: row.action, byId: row.byId, byName: row.byName, at: row.at, fields: JSON.parse(row.fields) as Change['fields'] });

/** A thing's changes, oldest first, as the viewer may see them (the caller checked the thing is theirs to see). */
export async function historyOf(ctx: AppContext, viewer: SessionUser, subject: HistorySubject, subjectId: string): Promise<Change[]> {
  return (await changesOf(ctx.db, viewer, subject, subjectId)).map(toChange);
}

/** Who changed a thing last and when: what an editor whose edit came too late is told. */
export async function lastChange(db: Kysely<Database>, subject: HistorySubject, subjectId: string): Promise<{ changedByName: string | null; changedAt: string | null }> {
  const row = await lastChangeOf(db, subject, subjectId);
  return { changedByName: row?.byName ?? null, changedAt: row?.at ?? null };
}

/** The house's changes, newest first, a page at a time (administrators' «Attività»). */
export async function activity(ctx: AppContext, viewer: SessionUser, query: ActivityQuery): Promise<{ entries: ActivityEntry[]; nextCursor: string | null }> {
  const rows = await activityPage(ctx.db, viewer, {
    before: query.before ? Number(query.before) : null,
    byId: query.memberId ?? null,
    subject: query.kind ?? null,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((row) => ({ ...toChange(row), id: String(row.seq), subject: row.subject, subjectId: row.subjectId, label: row.label })),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.seq) : null,
  };
}
