import { createHash, randomBytes } from 'node:crypto';
import { emailSchema, type Language, type PasswordLinkPurpose, type PasswordLinkStatus } from '@rustico/core';
import { emailLanguageOf } from '../auth/service.ts';
import { hashPassword } from '../users/passwords.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { hasToken, takeToken } from '../http/rate-limit-repository.ts';
import { composeMail } from '../mail/layout.ts';
import { publicBaseUrl } from '../mail/links.ts';
import { mailTexts } from '../mail/texts.ts';
import { findUserByEmail, replacePasswordHash, type UserRow } from '../users/service.ts';
import {
  findUsableLink,
  insertPasswordLink,
  pruneExpiredLinks,
  retireLinksOf,
  takeLink,
} from './repository.ts';

const MINUTE_MS = 60_000;
export const RESET_LINK_VALID_MS = 60 * MINUTE_MS;
export const INVITATION_VALID_MS = 7 * 24 * 60 * MINUTE_MS;
/** Per account and per address, a token bucket of this many that refills over the window, in the database. */
export const RESET_WINDOW_MS = 15 * MINUTE_MS;
export const MAX_RESETS_PER_ACCOUNT = 5;
export const MAX_RESETS_PER_ADDRESS = 20;

const linkIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A token from the account's bucket and one from the address's, or neither: a refused request
 * leaves nothing behind (no row, no token taken), so a flood costs a read or two a request,
 * holds no more rows than keys that got through, and never pushes a person's limit further out.
 */
async function takeResetTokens(ctx: AppContext, keys: { account: string; address: string }): Promise<void> {
  const now = ctx.now().getTime();
  const limited = (max: number) =>
    new AppError(429, 'RATE_LIMITED', 'Too many password requests, try again later', undefined, Math.ceil(RESET_WINDOW_MS / max / 1000));
  // Under a flood nearly every request is refused: one read by key says so, without a lock.
  if (!(await hasToken(ctx.db, keys.account, now, MAX_RESETS_PER_ACCOUNT, RESET_WINDOW_MS))) throw limited(MAX_RESETS_PER_ACCOUNT);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await takeToken(trx, keys.account, now, MAX_RESETS_PER_ACCOUNT, RESET_WINDOW_MS))) throw limited(MAX_RESETS_PER_ACCOUNT);
    if (!(await takeToken(trx, keys.address, now, MAX_RESETS_PER_ADDRESS, RESET_WINDOW_MS))) throw limited(MAX_RESETS_PER_ADDRESS);
  });
}

/**
 * Makes a single-use link for a member and returns its address; only the hash is stored. A new
 * invitation replaces whatever links the member still had, in the same transaction.
 */
async function createLink(ctx: AppContext, user: UserRow, purpose: PasswordLinkPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (purpose === 'invitation') await retireLinksOf(trx, user.id, now.toISOString());
    await insertPasswordLink(trx, {
      id: linkIdOf(token),
      userId: user.id,
      purpose,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + (purpose === 'reset' ? RESET_LINK_VALID_MS : INVITATION_VALID_MS)).toISOString(),
      usedAt: null,
    });
  });
  return `${publicBaseUrl(ctx.config)}/nuova-password/${token}`;
}

/**
 * A link sent for the old password must not outlive it: every change of a member's password,
 * and disabling the account, retires the member's open links, in the transaction of the change.
 */
export async function retirePasswordLinks(db: Db, userId: string, at: Date): Promise<void> {
  await retireLinksOf(db, userId, at.toISOString());
}

/**
 * "Password dimenticata?": the answer is the same whether an account has this address or
 * not; the email (if any) leaves after the answer, so the timing tells nothing either. It is in
 * the language of the member's emails; for one who never chose a language nor kept a session,
 * in the one of the browser that asked (the page they asked on spoke it).
 */
export async function requestPasswordReset(ctx: AppContext, input: { email: string; address: string; browserLanguage?: Language | undefined }): Promise<void> {
  if (!ctx.mailer.enabled) throw new AppError(409, 'MAIL_DISABLED', 'This house sends no email: ask an administrator');
  const parsed = emailSchema.safeParse(input.email);
  if (!parsed.success) throw new AppError(400, 'INVALID_EMAIL', 'Invalid email address', 'email');
  const email = parsed.data;
  await takeResetTokens(ctx, { account: `reset-account:${email}`, address: `reset-address:${input.address}` });
  ctx.tasks.run('password reset email failed', async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user || user.disabled === 1) return;
    const url = await createLink(ctx, user, 'reset');
    const t = mailTexts(await emailLanguageOf(ctx.db, user, input.browserLanguage));
    await ctx.mailer.send(
      composeMail(user.email, ctx.config.houseName, {
        subject: t.passwordReset.subject,
        greeting: t.greeting(user.name),
        paragraphs: [t.passwordReset.intro, t.passwordReset.validity],
        button: { label: t.passwordReset.action, url },
        footer: [t.passwordReset.ignore],
      }),
    );
  });
}

/** Emails a new member the link to choose their own password. */
export async function sendInvitation(ctx: AppContext, user: UserRow): Promise<void> {
  const url = await createLink(ctx, user, 'invitation');
  const t = mailTexts(await emailLanguageOf(ctx.db, user));
  ctx.tasks.run('invitation email failed', () =>
    ctx.mailer.send(
      composeMail(user.email, ctx.config.houseName, {
        subject: t.invitation.subject(ctx.config.houseName),
        greeting: t.greeting(user.name),
        paragraphs: [t.invitation.intro(ctx.config.houseName, user.email), t.invitation.validity],
        button: { label: t.invitation.action, url },
        footer: [],
      }),
    ),
  );
}

export async function passwordLinkStatus(ctx: AppContext, token: string): Promise<PasswordLinkStatus> {
  const link = await findUsableLink(ctx.db, linkIdOf(token), ctx.now().toISOString());
  return link ? { valid: true, purpose: link.purpose, name: link.name, email: link.email } : { valid: false, purpose: null, name: null, email: null };
}

/** Sets the member's new password through a link, once; every session of theirs ends. */
export async function usePasswordLink(ctx: AppContext, token: string, password: string): Promise<void> {
  const id = linkIdOf(token);
  const link = await findUsableLink(ctx.db, id, ctx.now().toISOString());
  if (!link) throw new AppError(410, 'PASSWORD_LINK_INVALID', 'This link has expired or was used already');
  const passwordHash = await hashPassword(password, ctx.config.passwordHash);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    if (!(await takeLink(trx, id, now))) throw new AppError(410, 'PASSWORD_LINK_INVALID', 'This link has expired or was used already');
    await replacePasswordHash(trx, link.userId, passwordHash, ctx.now());
  });
  ctx.events.disconnect(link.userId);
}

/** An invitation's link while it can still be used: the member may complete it with a passkey instead of a password. */
export async function openInvitation(ctx: AppContext, token: string): Promise<{ id: string; userId: string; name: string; email: string } | null> {
  const link = await findUsableLink(ctx.db, linkIdOf(token), ctx.now().toISOString());
  return link?.purpose === 'invitation' ? { id: link.id, userId: link.userId, name: link.name, email: link.email } : null;
}

/** Uses an invitation's link, once, in the caller's transaction; false when it was used or expired meanwhile. */
export async function takeInvitation(trx: Db, linkId: string, at: Date): Promise<boolean> {
  return takeLink(trx, linkId, at.toISOString());
}

/** Housekeeping with the sessions': long-expired links go (the reset limit's buckets go with the write limit's). */
export async function prunePasswordRecords(ctx: AppContext): Promise<void> {
  await pruneExpiredLinks(ctx.db, new Date(ctx.now().getTime() - INVITATION_VALID_MS).toISOString());
}
