import type { Language } from '@rustico/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import type { Insertable, Selectable } from 'kysely';
import type { UsersTable } from '../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listUsers(db: Db) {
  return db.selectFrom('users').selectAll().orderBy('createdAt').orderBy('name').execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertUser(db: Db, user: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

/** A new password also ends the private calendar address: whoever had the old one may have copied it. */
export async function updatePasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ passwordHash, calendarToken: null }).where('id', '=', id).execute();
}

export async function touchLastSeen(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('users').set({ lastSeenAt: at }).where('id', '=', id).execute();
}

export async function updatePhoto(db: Db, id: string, photo: string | null): Promise<void> {
  await db.updateTable('users').set({ photo }).where('id', '=', id).execute();
}

/** Takes the one-time voucher; false when it was used already (also by a concurrent request). */
export async function takeVoucher(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.updateTable('users').set({ giftUsed: 1 }).where('id', '=', id).where('giftUsed', '=', 0).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateLanguage(db: Db, id: string, language: Language): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', id).execute();
}

export async function updateName(db: Db, id: string, name: string): Promise<void> {
  await db.updateTable('users').set({ name }).where('id', '=', id).execute();
}

export async function updateUser(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'role' | 'colour' | 'hidden' | 'disabled' | 'giftUsed' | 'passwordHash' | 'calendarToken'>>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Superadmins who can still log in, other than the given account. */
export async function countOtherActiveSuperadmins(db: Kysely<Database>, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('role', '=', 'superadmin')
    .where('disabled', '=', 0)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findUserByCalendarToken(db: Db, token: string) {
  return db.selectFrom('users').selectAll().where('calendarToken', '=', token).where('disabled', '=', 0).executeTakeFirst();
}
