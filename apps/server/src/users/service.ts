import { randomUUID } from 'node:crypto';
import { emailSchema, newPasswordSchema, type Role, type SessionUser } from '@rustico/core';
import { hashPassword } from '../auth/passwords.ts';
import { deleteSessionsOfUser } from '../auth/repository.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { encodeProfilePhoto } from './photo-encoding.ts';
import { writePhoto } from './photo-store.ts';
import { countUsers, findUserByEmail, insertUser, updatePasswordHash, updatePhoto, type UserRow } from './repository.ts';

/** Calendar colours handed out in turn to new members who did not pick one. */
export const MEMBER_COLOURS = ['#b5542d', '#3d6b4f', '#2f5d8a', '#8a5a9e', '#c08a1e', '#a63d5a', '#4f7f8c', '#6b6b3d'];

export interface NewUser {
  email: string;
  name: string;
  password: string | null;
  role: Role;
  colour?: string | undefined;
  hidden?: boolean | undefined;
}

export function photoUrlOf(user: Pick<UserRow, 'id' | 'photo'>): string | null {
  return user.photo ? `/api/users/${user.id}/photo?v=${encodeURIComponent(user.photo)}` : null;
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    colour: user.colour,
    hidden: user.hidden === 1,
    giftUsed: user.giftUsed === 1,
    photoUrl: photoUrlOf(user),
  };
}

export async function createUser(ctx: Pick<AppContext, 'db' | 'now'>, input: NewUser, db: Db = ctx.db): Promise<UserRow> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AppError(400, 'INVALID_EMAIL', 'Invalid email address', 'email');
  if (input.password !== null && !newPasswordSchema.safeParse(input.password).success) {
    throw new AppError(400, 'VALIDATION', 'Password must have at least 8 characters', 'password');
  }
  if (await findUserByEmail(db, email.data)) {
    throw new AppError(409, 'EMAIL_TAKEN', `An account with ${email.data} exists already`, 'email');
  }
  const colour = input.colour ?? MEMBER_COLOURS[(await countUsers(db)) % MEMBER_COLOURS.length]!;
  const user: UserRow = {
    id: randomUUID(),
    email: email.data,
    name: input.name.trim(),
    role: input.role,
    colour,
    hidden: input.hidden ? 1 : 0,
    disabled: 0,
    giftUsed: 0,
    passwordHash: input.password === null ? null : await hashPassword(input.password),
    photo: null,
    createdAt: ctx.now().toISOString(),
    lastSeenAt: null,
    calendarToken: null,
  };
  await insertUser(db, user);
  return user;
}

/** Re-encodes and stores a member's photo, then points their account at it. */
export async function setUserPhoto(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: string,
  image: Buffer,
  options: { allowSvg?: boolean } = {},
): Promise<string> {
  const encoded = await encodeProfilePhoto(image, options);
  const fileName = encoded.fileName(userId);
  await writePhoto(ctx.config.dataDir, fileName, encoded.data);
  await updatePhoto(ctx.db, userId, fileName);
  return fileName;
}

export async function setUserPassword(ctx: Pick<AppContext, 'db'>, email: string, password: string): Promise<void> {
  const parsed = emailSchema.safeParse(email);
  const user = parsed.success ? await findUserByEmail(ctx.db, parsed.data) : undefined;
  if (!user) throw new AppError(404, 'USER_NOT_FOUND', `No account with email ${email}`, 'email');
  if (!newPasswordSchema.safeParse(password).success) {
    throw new AppError(400, 'VALIDATION', 'Password must have at least 8 characters', 'password');
  }
  await updatePasswordHash(ctx.db, user.id, await hashPassword(password));
  // Whoever knew the old password is logged out everywhere.
  await deleteSessionsOfUser(ctx.db, user.id);
}
