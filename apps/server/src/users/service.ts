import { randomUUID } from 'node:crypto';
import { displayNameSchema, emailSchema, isSuperadmin, newPasswordSchema, type ChangeAction, type Role, type SessionUser } from '@rustico/core';
import { hashPassword, type PasswordHashing } from './passwords.ts';
import type { AppContext } from '../context.ts';
import { uniqueViolation } from '../db/constraints.ts';
import { lastChange, recordChange, type Fields } from '../history/service.ts';
import type { Db } from '../db/database.ts';
import { AppError, staleEdit } from '../http/errors.ts';
import { encodeProfilePhoto } from './photo-encoding.ts';
import { listUsers } from './repository.ts';
import { lockFilesForWrite, lockRowForWrite } from '../db/locks.ts';
import { contentKey, deleteFile, getFile, putUpload, versionedUrl, type StoredFile } from '../storage/service.ts';
import { countUsers, findUserByEmail, findUserById, insertUser, updateName, updatePasswordHash, updatePhoto, type UserRow } from './repository.ts';

// What other features read and write of users goes through here, not its repository.
export { countOtherActiveSuperadmins, countUsers, findUserByCalendarToken, findUserByEmail, findUserById, listUsers, takeVoucher, touchLastSeen, updateLanguage, updateName, updatePasswordHash, updatePhoto, updateUser, type UserRow } from './repository.ts';

/** Calendar colours handed out in turn to new members who did not pick one. */
export const MEMBER_COLOURS = ['#b5542d', '#3d6b4f', '#2f5d8a', '#8a5a9e', '#c08a1e', '#a63d5a', '#4a7885', '#6b6b3d'];

export interface NewUser {
  email: string;
  name: string;
  password: string | null;
  role: Role;
  colour?: string | undefined;
  hidden?: boolean | undefined;
}

/** A member's photo is the stored file `photos/<users.photo>`; the name changes with the bytes. */
const PHOTO_FOLDER = 'photos';
const photoKey = (photo: string) => `${PHOTO_FOLDER}/${photo}`;

export function photoUrlOf(user: Pick<UserRow, 'id' | 'photo'>): string | null {
  return user.photo ? versionedUrl(`/api/users/${user.id}/photo`, photoKey(user.photo)) : null;
}

/** Whoever sees a hidden account in the members list (itself, hidden accounts, superadmins) sees its face. */
export async function getUserPhoto(db: Db, viewer: SessionUser, userId: string): Promise<StoredFile | undefined> {
  const user = await findUserById(db, userId);
  if (!user?.photo) return undefined;
  const visible = user.hidden === 0 || viewer.hidden || user.id === viewer.id || isSuperadmin(viewer.role);
  return visible ? getFile(db, photoKey(user.photo)) : undefined;
}

export function toSessionUser(user: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'colour' | 'hidden' | 'giftUsed' | 'photo' | 'language' | 'version'>): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    colour: user.colour,
    hidden: user.hidden === 1,
    giftUsed: user.giftUsed === 1,
    photoUrl: photoUrlOf(user),
    language: user.language,
    version: user.version,
  };
}

/** What the history keeps of a member: what others see and an administrator changes. */
export function memberFields(row: Pick<UserRow, 'name' | 'email' | 'role' | 'colour' | 'hidden' | 'disabled'>): Fields {
  return { name: row.name, email: row.email, role: row.role, colour: row.colour, hidden: row.hidden === 1, disabled: row.disabled === 1 };
}

/** Keeps a change of a member in the history, in the change's transaction. */
export async function recordMemberChange(
  trx: Db,
  change: { row: Pick<UserRow, 'id' | 'name'>; action: ChangeAction; byId: string | null; at: Date; before: Fields | null; after: Fields | null },
): Promise<void> {
  const { row, ...rest } = change;
  await recordChange(trx, { subject: 'member', subjectId: row.id, ownerId: row.id, label: row.name, ...rest });
}

/** What creating an account needs: the database, the clock and the password's hashing cost. */
export type AccountWriter = Pick<AppContext, 'db' | 'now'> & PasswordHashing;

export async function createUser(ctx: AccountWriter, input: NewUser, db: Db = ctx.db): Promise<UserRow> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AppError(400, 'INVALID_EMAIL', 'Invalid email address', 'email');
  const password = input.password === null ? null : newPasswordSchema.safeParse(input.password);
  if (password && !password.success) throw new AppError(400, 'VALIDATION', 'Password must have at least 8 characters', 'password');
  const name = displayNameSchema.safeParse(input.name);
  if (!name.success) throw new AppError(400, 'NAME_REQUIRED', 'A name is required', 'name');
  if (await findUserByEmail(db, email.data)) {
    throw new AppError(409, 'EMAIL_TAKEN', `An account with ${email.data} exists already`, 'email');
  }
  const colour = input.colour ?? MEMBER_COLOURS[(await countUsers(db)) % MEMBER_COLOURS.length]!;
  const user: UserRow = {
    id: randomUUID(),
    email: email.data,
    name: name.data,
    role: input.role,
    colour,
    hidden: input.hidden ? 1 : 0,
    disabled: 0,
    giftUsed: 0,
    passwordHash: password ? await hashPassword(password.data, ctx.config.passwordHash) : null,
    photo: null,
    createdAt: ctx.now().toISOString(),
    lastSeenAt: null,
    calendarToken: null,
    language: null,
    version: 1,
  };
  try {
    await insertUser(db, user);
  } catch (error) {
    // Another request added the same address between the check above and this insert.
    if (uniqueViolation(error)?.columns.includes('email')) throw new AppError(409, 'EMAIL_TAKEN', `An account with ${email.data} exists already`, 'email');
    throw error;
  }
  return user;
}

/**
 * A member changes their own name; made on a version of the profile no longer current (another
 * device, or an administrator meanwhile), it changes nothing (409 STALE_EDIT).
 */
export async function changeOwnName(ctx: Pick<AppContext, 'db' | 'now'>, user: SessionUser, name: string, expectedVersion?: number): Promise<UserRow> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockRowForWrite(trx, 'users', user.id);
    const current = (await findUserById(trx, user.id))!;
    if (expectedVersion !== undefined && current.version !== expectedVersion) {
      throw staleEdit(toSessionUser(current), await lastChange(trx, 'member', current.id));
    }
    await updateName(trx, user.id, name);
    const updated = (await findUserById(trx, user.id))!;
    await recordMemberChange(trx, { row: updated, action: 'updated', byId: user.id, at: ctx.now(), before: memberFields(current), after: memberFields(updated) });
    return updated;
  });
}

/**
 * Re-encodes and stores a member's photo, points their account at it and drops the one it
 * replaces (which then no longer counts against their storage budget).
 */
export async function setUserPhoto(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, userId: string, image: Buffer, options: { allowSvg?: boolean } = {}): Promise<string> {
  const bytes = await encodeProfilePhoto(image, options);
  const key = contentKey(PHOTO_FOLDER, userId, bytes, 'webp');
  const fileName = key.slice(PHOTO_FOLDER.length + 1);
  await ctx.db.transaction().execute(async (trx) => {
    await lockFilesForWrite(trx);
    const previous = (await findUserById(trx, userId))?.photo;
    if (previous && previous !== fileName) await deleteFile(trx, photoKey(previous));
    await putUpload(trx, { key, contentType: 'image/webp', bytes }, userId, ctx.config.storage, ctx.now());
    await updatePhoto(trx, userId, fileName);
    const row = (await findUserById(trx, userId))!;
    await recordMemberChange(trx, { row, action: 'photo', byId: userId, at: ctx.now(), before: null, after: null });
  });
  return fileName;
}

/**
 * What must end with a member's password (changed by whoever) or their access (disabled): the
 * sessions it opened (auth/) and the links to choose a new one (password-links/). Those features
 * register here when the context is created (parts.ts), so users/ knows neither; each runs in
 * the transaction of the change. `keepSessionId` is the session that made the change itself.
 */
export type CredentialsRevoker = (trx: Db, userId: string, at: Date, keepSessionId: string | undefined) => Promise<void>;

const revokers = new Set<CredentialsRevoker>();

export function whenCredentialsRevoked(revoker: CredentialsRevoker): void {
  revokers.add(revoker);
}

export async function revokeCredentials(trx: Db, userId: string, at: Date, keepSessionId?: string): Promise<void> {
  for (const revoke of revokers) await revoke(trx, userId, at, keepSessionId);
}

/** A member's new password hash; whoever knew the old password (or holds a link to choose one) is out. */
export async function replacePasswordHash(trx: Db, userId: string, passwordHash: string, at: Date, keepSessionId?: string): Promise<void> {
  await updatePasswordHash(trx, userId, passwordHash);
  await revokeCredentials(trx, userId, at, keepSessionId);
}

export async function setUserPassword(ctx: Pick<AppContext, 'db' | 'events' | 'now'> & PasswordHashing, email: string, password: string): Promise<void> {
  const parsed = emailSchema.safeParse(email);
  const user = parsed.success ? await findUserByEmail(ctx.db, parsed.data) : undefined;
  if (!user) throw new AppError(404, 'USER_NOT_FOUND', `No account with email ${email}`, 'email');
  const parsedPassword = newPasswordSchema.safeParse(password);
  if (!parsedPassword.success) throw new AppError(400, 'VALIDATION', 'Password must have at least 8 characters', 'password');
  const passwordHash = await hashPassword(parsedPassword.data, ctx.config.passwordHash);
  await ctx.db.transaction().execute((trx) => replacePasswordHash(trx, user.id, passwordHash, ctx.now()));
  // Open tabs too (other processes notice the ended sessions themselves).
  ctx.events.disconnect(user.id);
}

/** Who a member may give a stay to or swap with: the enabled members they may see, by name. */
export async function memberDirectory(db: Db, viewer: SessionUser): Promise<{ id: string; name: string; colour: string }[]> {
  const users = await listUsers(db);
  return users
    .filter((u) => u.disabled === 0 && (u.hidden === 0 || viewer.hidden))
    .map((u) => ({ id: u.id, name: u.name, colour: u.colour }))
    .sort((a, b) => a.name.localeCompare(b.name, 'it'));
}
