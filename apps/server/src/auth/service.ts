import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { emailSchema, type SessionUser } from '@rustico/core';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { findUserByEmail, touchLastSeen } from '../users/repository.ts';
import { toSessionUser } from '../users/service.ts';
import { verifyPassword } from './passwords.ts';
import {
  clearLoginFailures,
  deleteExpiredSessions,
  deleteLoginFailuresBefore,
  deleteSession,
  extendSession,
  findSessionWithUser,
  insertLoginFailures,
  insertSession,
  recentLoginFailures,
} from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sessions are extended at most once an hour, so a busy tab does not write on every request. */
const SESSION_TOUCH_MS = 60 * 60 * 1000;

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** A family member mistyping is fine; a script guessing one account's password is not. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** Per address, higher: a whole family may log in from the house's one connection. */
export const MAX_FAILURES_PER_ADDRESS = 20;

export interface IssuedSession {
  token: string;
  expiresAt: Date;
  user: SessionUser;
}

/** The cookie carries a random token; the database keeps only its hash. */
function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(ctx: AppContext, userId: string, userAgent: string | null): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.config.sessionDays * DAY_MS);
  await insertSession(ctx.db, {
    id: sessionIdOf(token),
    userId,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    lastUsedAt: now.toISOString(),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

export interface ResolvedSession {
  user: SessionUser;
  /** Set when the session was extended and the cookie should be sent again. */
  renewedUntil: Date | null;
}

/** The logged-in user for a cookie token, sliding the expiry forward while it is used. */
export async function resolveSession(ctx: AppContext, token: string): Promise<ResolvedSession | null> {
  const id = sessionIdOf(token);
  const row = await findSessionWithUser(ctx.db, id);
  const now = ctx.now();
  if (!row) return null;
  if (row.disabled === 1 || new Date(row.expiresAt) <= now) {
    await deleteSession(ctx.db, id);
    return null;
  }
  let renewedUntil: Date | null = null;
  if (now.getTime() - new Date(row.lastUsedAt).getTime() >= SESSION_TOUCH_MS) {
    renewedUntil = new Date(now.getTime() + ctx.config.sessionDays * DAY_MS);
    await extendSession(ctx.db, id, now.toISOString(), renewedUntil.toISOString());
    await touchLastSeen(ctx.db, row.id, now.toISOString());
  }
  return { user: toSessionUser(row), renewedUntil };
}

export async function endSession(ctx: AppContext, token: string): Promise<void> {
  await deleteSession(ctx.db, sessionIdOf(token));
}

function failureKeys(email: string, address: string) {
  return { account: `account:${email}`, address: `address:${address}` };
}

async function assertNotRateLimited(ctx: AppContext, key: string, max: number): Promise<void> {
  const now = ctx.now().getTime();
  const failures = await recentLoginFailures(ctx.db, key, new Date(now - LOGIN_WINDOW_MS).toISOString());
  if (failures.length < max) return;
  // The limit lifts when enough of the oldest failures have left the window.
  const liftsAt = new Date(failures[failures.length - max]!.failedAt).getTime() + LOGIN_WINDOW_MS;
  const retryAfterSeconds = Math.max(1, Math.ceil((liftsAt - now) / 1000));
  throw new AppError(429, 'RATE_LIMITED', 'Too many failed logins, try again later', undefined, retryAfterSeconds);
}

async function recordFailure(ctx: AppContext, keys: string[]): Promise<void> {
  const failedAt = ctx.now().toISOString();
  await insertLoginFailures(ctx.db, keys.map((key) => ({ id: randomUUID(), key, failedAt })));
}

export interface LoginInput {
  email: string;
  password: string;
  address: string;
  userAgent: string | null;
}

/** Checks the credentials with the error codes of the spec's catalogue and opens a session. */
export async function login(ctx: AppContext, input: LoginInput): Promise<IssuedSession> {
  const parsedEmail = emailSchema.safeParse(input.email);
  if (!parsedEmail.success) throw new AppError(400, 'INVALID_EMAIL', 'Invalid email address', 'email');
  const email = parsedEmail.data;
  const keys = failureKeys(email, input.address);
  await assertNotRateLimited(ctx, keys.address, MAX_FAILURES_PER_ADDRESS);
  await assertNotRateLimited(ctx, keys.account, MAX_FAILURES_PER_ACCOUNT);

  const user = await findUserByEmail(ctx.db, email);
  if (!user) {
    await recordFailure(ctx, [keys.address]);
    throw new AppError(401, 'USER_NOT_FOUND', 'No account with this email', 'email');
  }
  if (user.disabled === 1 || user.passwordHash === null) {
    await recordFailure(ctx, [keys.address, keys.account]);
    throw new AppError(401, 'AUTH_FAILED', 'This account cannot log in');
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordFailure(ctx, [keys.address, keys.account]);
    throw new AppError(401, 'WRONG_PASSWORD', 'Wrong password', 'password');
  }
  await clearLoginFailures(ctx.db, keys.account);
  const session = await createSession(ctx, user.id, input.userAgent);
  await touchLastSeen(ctx.db, user.id, ctx.now().toISOString());
  return { ...session, user: toSessionUser(user) };
}

/** Housekeeping run at start and once a day: expired sessions and old failures go. */
export async function pruneAuthRecords(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  await deleteExpiredSessions(ctx.db, now.toISOString());
  await deleteLoginFailuresBefore(ctx.db, new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString());
}
