import type { Language } from '@rustico/core';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import type { SessionsTable } from '../db/schema.ts';

export async function insertSession(db: Db, session: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

// Every request with a cookie asks this: the caller's columns only (no password hash, no feed token).
const sessionWithUser = prepared((db, id: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['users.id', 'users.name', 'users.email', 'users.role', 'users.colour', 'users.hidden', 'users.disabled', 'users.giftUsed', 'users.photo', 'users.language', 'users.version'])
    .select(['sessions.id as sessionId', 'sessions.expiresAt', 'sessions.lastUsedAt', 'sessions.language as sessionLanguage'])
    .where('sessions.id', '=', id),
);

export async function findSessionWithUser(db: Db, id: string) {
  return (await sessionWithUser(db, id))[0];
}

export function findLiveSessions(db: Db, ids: string[], now: string) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['sessions.id', 'users.hidden'])
    .where('sessions.id', 'in', ids)
    .where('sessions.expiresAt', '>', now)
    .where('users.disabled', '=', 0)
    .execute();
}

export async function findSessionPasskey(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom('sessions').select('passkeyId').where('id', '=', id).executeTakeFirst();
  return row?.passkeyId ?? null;
}

export async function extendSession(db: Db, id: string, lastUsedAt: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ lastUsedAt, expiresAt }).where('id', '=', id).execute();
}

export async function updateSessionLanguage(db: Db, id: string, language: Language): Promise<void> {
  await db.updateTable('sessions').set({ language }).where('id', '=', id).execute();
}

/** The browser language of the member's most recently used session that had one. */
export async function latestSessionLanguage(db: Db, userId: string): Promise<Language | null> {
  const row = await db
    .selectFrom('sessions')
    .select('language')
    .where('userId', '=', userId)
    .where('language', 'is not', null)
    .orderBy('lastUsedAt', 'desc')
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.language ?? null;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', now).execute();
}

export async function insertLoginFailures(db: Db, rows: { id: string; key: string; failedAt: string }[]): Promise<void> {
  await db.insertInto('loginFailures').values(rows).execute();
}

/** Failures for a key since a moment, oldest first (the oldest tells when the limit lifts). */
export function recentLoginFailures(db: Db, key: string, since: string) {
  return db
    .selectFrom('loginFailures')
    .select('failedAt')
    .where('key', '=', key)
    .where('failedAt', '>', since)
    .orderBy('failedAt')
    .execute();
}

export async function deleteLoginFailures(db: Db, ids: string[]): Promise<void> {
  await db.deleteFrom('loginFailures').where('id', 'in', ids).execute();
}

export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('loginFailures').where('key', '=', key).execute();
}

export async function deleteLoginFailuresBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('loginFailures').where('failedAt', '<=', before).execute();
}

export async function deleteSessionsOfUser(db: Db, userId: string, exceptId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}
