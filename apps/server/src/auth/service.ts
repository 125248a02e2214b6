import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { emailSchema, HOUSE_LANGUAGE, type Language, type PasswordChange, type SessionUser } from '@rustico/core';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { findUserByEmail, findUserById, replacePasswordHash, toSessionUser, touchLastSeen } from '../users/service.ts';
import { hashPassword, verifyPassword } from '../users/passwords.ts';
import {
  clearLoginFailures,
  deleteLoginFailures,
  deleteExpiredSessions,
  deleteLoginFailuresBefore,
  deleteSession,
  deleteSessionsOfUser,
  extendSession,
  findLiveSessions,
  findSessionPasskey,
  findSessionWithUser,
  insertLoginFailures,
  insertSession,
  latestSessionLanguage,
  recentLoginFailures,
  updateSessionLanguage,
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
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a session keeps of the browser it is used from. */
export interface SessionClient {
  userAgent: string | null;
  /** The first language of its Accept-Language that the app speaks; null when it names none. */
  language: Language | null;
}

/**
 * A new session for a member. One signed in with a passkey names it: removing the passkey
 * ends the session (a foreign key's cascade, in the removal's own statement).
 */
export async function createSession(ctx: AppContext, userId: string, client: SessionClient, passkeyId: string | null = null): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.config.sessionDays * DAY_MS);
  await insertSession(ctx.db, {
    id: sessionIdOf(token),
    userId,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    lastUsedAt: now.toISOString(),
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    passkeyId,
    language: client.language,
  });
  return { token, expiresAt };
}

export interface ResolvedSession {
  user: SessionUser;
  /** Set when the session was extended and the cookie should be sent again. */
  renewedUntil: Date | null;
}

/**
 * The logged-in user for a cookie token, sliding the expiry forward while it is used. `language`
 * is the browser's, when it names one the app speaks (a script's `*` names none): kept when it
 * changed, so that email speaks the language of the browser the member used last.
 */
export async function resolveSession(ctx: AppContext, token: string, language?: Language): Promise<ResolvedSession | null> {
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
  if (language !== undefined && language !== row.sessionLanguage) await updateSessionLanguage(ctx.db, id, language);
  return { user: toSessionUser(row), renewedUntil };
}

/** The member a live session belongs to (their language), or null; only read: loading a page neither slides nor ends a session. */
export async function sessionMember(ctx: AppContext, token: string): Promise<{ id: string; language: Language | null } | null> {
  const row = await findSessionWithUser(ctx.db, sessionIdOf(token));
  if (!row || row.disabled === 1 || new Date(row.expiresAt) <= ctx.now()) return null;
  return { id: row.id, language: row.language };
}

/**
 * The language a member's emails are written in: the one they chose; else the one of the browser
 * they used last (kept with its session); else, for an email a request asked for (a password
 * reset), the asking browser's; else the house's.
 */
export async function emailLanguageOf(db: Db, user: { id: string; language: Language | null }, asking?: Language): Promise<Language> {
  return user.language ?? (await latestSessionLanguage(db, user.id)) ?? asking ?? HOUSE_LANGUAGE;
}

/** Which of these sessions are still good (not expired, user not disabled), with the user's visibility now. */
export async function liveSessions(ctx: AppContext, ids: string[]): Promise<Map<string, { hidden: boolean }>> {
  const rows = await findLiveSessions(ctx.db, ids, ctx.now().toISOString());
  return new Map(rows.map((row) => [row.id, { hidden: row.hidden === 1 }]));
}

/** The passkey the session of this cookie token was signed in with; null after a password. */
export async function sessionPasskey(ctx: AppContext, token: string): Promise<string | null> {
  return findSessionPasskey(ctx.db, sessionIdOf(token));
}

export async function endSession(ctx: AppContext, token: string): Promise<void> {
  await deleteSession(ctx.db, sessionIdOf(token));
}


/**
 * Counts this attempt before the password is checked: the row is committed
 * first, then the key's rows in the window are counted. Of attempts racing in
 * parallel (from any process), the n-th to commit sees at least n rows, so no
 * more than `max` ever get to the password check.
 */
async function countAttempt(ctx: AppContext, keys: string[]): Promise<string[]> {
  const failedAt = ctx.now().toISOString();
  const rows = keys.map((key) => ({ id: randomUUID(), key, failedAt }));
  await insertLoginFailures(ctx.db, rows);
  return rows.map((row) => row.id);
}

async function assertNotRateLimited(ctx: AppContext, key: string, max: number): Promise<void> {
  const now = ctx.now().getTime();
  const attempts = await recentLoginFailures(ctx.db, key, new Date(now - LOGIN_WINDOW_MS).toISOString());
  // The attempt being made is among them.
  if (attempts.length <= max) return;
  // The limit lifts when enough of the oldest failures have left the window.
  const liftsAt = new Date(attempts[attempts.length - max - 1]!.failedAt).getTime() + LOGIN_WINDOW_MS;
  const retryAfterSeconds = Math.max(1, Math.ceil((liftsAt - now) / 1000));
  throw new AppError(429, 'RATE_LIMITED', 'Too many failed logins, try again later', undefined, retryAfterSeconds);
}

export interface LoginInput extends SessionClient {
  email: string;
  password: string;
  address: string;
}

/** A login attempt counted before anything was checked: the rows that count it. */
export type LoginAttempt = string[];

/**
 * Counts an attempt from an address, for an account when one is known (a password names it, a
 * passkey's credential too), before anything is checked: refused with 429 past either limit,
 * leaving nothing counted (a refused attempt checked nothing, so it does not push the limit
 * further out). From then on a failure keeps its counted attempt; a success forgives it.
 */
export async function countLoginAttempt(ctx: AppContext, keys: { address: string; email: string | null }): Promise<LoginAttempt> {
  const address = `address:${keys.address}`;
  const account = keys.email === null ? null : `account:${keys.email}`;
  const attempt = await countAttempt(ctx, account ? [address, account] : [address]);
  try {
    await assertNotRateLimited(ctx, address, MAX_FAILURES_PER_ADDRESS);
    if (account) await assertNotRateLimited(ctx, account, MAX_FAILURES_PER_ACCOUNT);
  } catch (error) {
    await deleteLoginFailures(ctx.db, attempt);
    throw error;
  }
  return attempt;
}

/** The attempt succeeded: it no longer counts, and the account's earlier failures are forgiven. */
export async function forgiveLoginAttempt(ctx: AppContext, attempt: LoginAttempt, email: string): Promise<void> {
  await deleteLoginFailures(ctx.db, attempt);
  await clearLoginFailures(ctx.db, `account:${email}`);
}

/** Checks the credentials with the error codes of the spec's catalogue and opens a session. */
export async function login(ctx: AppContext, input: LoginInput): Promise<IssuedSession> {
  const parsedEmail = emailSchema.safeParse(input.email);
  if (!parsedEmail.success) throw new AppError(400, 'INVALID_EMAIL', 'Invalid email address', 'email');
  const email = parsedEmail.data;
  const attempt = await countLoginAttempt(ctx, { address: input.address, email });
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new AppError(401, 'USER_NOT_FOUND', 'No account with this email', 'email');
  if (user.disabled === 1 || user.passwordHash === null) throw new AppError(401, 'AUTH_FAILED', 'This account cannot log in');
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new AppError(401, 'WRONG_PASSWORD', 'Wrong password', 'password');
  await forgiveLoginAttempt(ctx, attempt, email);
  const session = await createSession(ctx, user.id, input);
  await touchLastSeen(ctx.db, user.id, ctx.now().toISOString());
  return { ...session, user: toSessionUser(user) };
}

/**
 * A member changes their own password. A wrong current password counts toward
 * the login limit (it is a password guess like any other); the member's other
 * sessions end, the one making the change stays, and open password links stop working.
 */
export async function changeOwnPassword(ctx: AppContext, user: SessionUser, sessionToken: string, input: PasswordChange, address: string): Promise<void> {
  // Counted before the check, as a login is, so parallel guesses cannot slip past the limit.
  const attempt = await countLoginAttempt(ctx, { address, email: user.email });
  const row = await findUserById(ctx.db, user.id);
  if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError(400, 'WRONG_PASSWORD', 'The current password is wrong', 'currentPassword');
  }
  await deleteLoginFailures(ctx.db, attempt);
  const passwordHash = await hashPassword(input.newPassword, ctx.config.passwordHash);
  await ctx.db.transaction().execute((trx) => replacePasswordHash(trx, user.id, passwordHash, ctx.now(), sessionIdOf(sessionToken)));
}

/**
 * A member's sessions end with their password or their access, all but the one that made the
 * change (users/service.ts asks, in the change's transaction: registered in parts.ts).
 */
export async function endSessionsOf(trx: Db, userId: string, _at: Date, keepSessionId: string | undefined): Promise<void> {
  await deleteSessionsOfUser(trx, userId, keepSessionId);
}

/** Housekeeping run at start and once a day: expired sessions and old failures go. */
export async function pruneAuthRecords(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  await deleteExpiredSessions(ctx.db, now.toISOString());
  await deleteLoginFailuresBefore(ctx.db, new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString());
}
