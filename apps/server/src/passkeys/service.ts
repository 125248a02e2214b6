import { randomBytes } from 'node:crypto';
import {
  PASSKEYS_PER_MEMBER,
  type AuthenticationCredential,
  type NewPasskey,
  type Passkey,
  type PasskeyCreationOptions,
  type PasskeyRequestOptions,
  type RegistrationCredential,
  type SessionUser,
} from '@rustico/core';
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import { countLoginAttempt, createSession, forgiveLoginAttempt, sessionPasskey, type IssuedSession, type SessionClient } from '../auth/service.ts';
import type { RelyingParty } from '../config.ts';
import type { AppContext } from '../context.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import { openInvitation, takeInvitation } from '../password-links/service.ts';
import { findUserById, toSessionUser, touchLastSeen } from '../users/service.ts';
import {
  countPasskeysOf,
  deleteExpiredChallenges,
  deletePasskeys,
  findPasskey,
  findPasskeyWithUser,
  insertChallenge,
  insertPasskey,
  passkeysOf,
  recordUse,
  takeChallenge,
  type ChallengeRow,
  type PasskeyRow,
} from './repository.ts';

// What other features read of passkeys (the members list) goes through here, not its repository.
export { countPasskeysOf, passkeyCounts } from './repository.ts';

/** A challenge answers within five minutes, once. */
export const CHALLENGE_VALID_MS = 5 * 60_000;
/** Open challenges kept per requester (a member, a link, an address): a family's tabs, not a flood's requests. */
export const OPEN_CHALLENGES = 10;

/** WebAuthn's verification, loaded with the first passkey (a house may never use one). */
const webauthn = () => import('@simplewebauthn/server');

function relyingParty(ctx: AppContext): RelyingParty {
  if (!ctx.config.relyingParty) throw new AppError(409, 'PASSKEYS_UNAVAILABLE', 'Passkeys need PUBLIC_URL to be a domain name over HTTPS (or localhost)');
  return ctx.config.relyingParty;
}

const transportsOf = (passkey: Pick<PasskeyRow, 'transports'>): AuthenticatorTransport[] | undefined =>
  passkey.transports ? (JSON.parse(passkey.transports) as AuthenticatorTransport[]) : undefined;

function toPasskey(row: PasskeyRow, currentId: string | null): Passkey {
  return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, current: row.id === currentId };
}

async function handOut(ctx: AppContext, challenge: string, row: Pick<ChallengeRow, 'purpose' | 'userId' | 'userHandle' | 'linkId' | 'requester'>): Promise<void> {
  const now = ctx.now();
  await insertChallenge(
    ctx.db,
    { ...row, challenge, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + CHALLENGE_VALID_MS).toISOString() },
    OPEN_CHALLENGES,
  );
}

/** The challenge a browser signed, as its clientDataJSON says; null when there is none to read. */
function challengeIn(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = typeof data === 'object' && data !== null ? (data as { challenge?: unknown }).challenge : undefined;
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

/** Takes the challenge an answer signed: a replayed, expired or unknown one is refused. */
async function takeAnsweredChallenge(ctx: AppContext, clientDataJSON: string, purpose: ChallengeRow['purpose']): Promise<ChallengeRow> {
  const challenge = challengeIn(clientDataJSON);
  const row = challenge === null ? undefined : await takeChallenge(ctx.db, challenge, purpose);
  if (!row || new Date(row.expiresAt) <= ctx.now()) {
    throw new AppError(purpose === 'login' ? 401 : 400, 'PASSKEY_EXPIRED', 'This passkey request expired or was answered already: start again');
  }
  return row;
}

interface Holder {
  userId: string;
  email: string;
  name: string;
}

/** Options to make a passkey for a member, under their one random user handle (never the email). */
async function creationOptions(ctx: AppContext, holder: Holder, challenge: Pick<ChallengeRow, 'purpose' | 'linkId' | 'requester'>): Promise<PasskeyCreationOptions> {
  const rp = relyingParty(ctx);
  const existing = await passkeysOf(ctx.db, holder.userId);
  if (existing.length >= PASSKEYS_PER_MEMBER) throw new AppError(409, 'PASSKEYS_FULL', `At most ${PASSKEYS_PER_MEMBER} passkeys per member`);
  const userHandle = existing[0]?.userHandle ?? randomBytes(32).toString('base64url');
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: ctx.config.houseName,
    rpID: rp.id,
    userName: holder.email,
    userDisplayName: holder.name,
    userID: new Uint8Array(Buffer.from(userHandle, 'base64url')),
    timeout: CHALLENGE_VALID_MS,
    attestationType: 'none',
    // The same device twice would be one passkey under two names.
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: transportsOf(passkey) })),
    // A passkey: found by the device without an email typed (discoverable), unlocked by the person.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await handOut(ctx, options.challenge, { ...challenge, userId: holder.userId, userHandle });
  return options;
}

/** Checks a new passkey against its challenge, origin and relying party; the row to store. */
async function verifiedPasskey(ctx: AppContext, challenge: ChallengeRow, name: string, credential: RegistrationCredential): Promise<PasskeyRow> {
  const rp = relyingParty(ctx);
  const { verifyRegistrationResponse } = await webauthn();
  const refused = (reason: string) => {
    ctx.log.info({ userId: challenge.userId, reason }, 'passkey refused');
    return new AppError(400, 'PASSKEY_INVALID', 'The passkey could not be verified');
  };
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response: credential as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    throw refused(error instanceof Error ? error.message : String(error));
  }
  if (!result.verified) throw refused('not verified');
  const made = result.registrationInfo.credential;
  const transports = made.transports ?? credential.response.transports;
  return {
    id: made.id,
    userId: challenge.userId!,
    userHandle: challenge.userHandle!,
    publicKey: Buffer.from(made.publicKey).toString('base64url'),
    counter: made.counter,
    transports: transports ? JSON.stringify(transports) : null,
    name,
    createdAt: ctx.now().toISOString(),
    lastUsedAt: null,
  };
}

async function store(ctx: AppContext, passkey: PasskeyRow, within?: (trx: AppContext['db']) => Promise<void>): Promise<void> {
  if (await findPasskey(ctx.db, passkey.id)) throw new AppError(409, 'PASSKEY_INVALID', 'This passkey is stored already');
  await ctx.db.transaction().execute(async (trx) => {
    await within?.(trx);
    await insertPasskey(trx, passkey);
  });
}

/** My passkeys, the one this session signed in with marked. */
export async function myPasskeys(ctx: AppContext, user: SessionUser, sessionToken: string): Promise<Passkey[]> {
  const current = await sessionPasskey(ctx, sessionToken);
  return (await passkeysOf(ctx.db, user.id)).map((row) => toPasskey(row, current));
}

export async function registrationOptions(ctx: AppContext, user: SessionUser): Promise<PasskeyCreationOptions> {
  return creationOptions(ctx, { userId: user.id, email: user.email, name: user.name }, { purpose: 'register', linkId: null, requester: `user:${user.id}` });
}

/** Stores the passkey a member's device made, with the name they gave it. */
export async function addPasskey(ctx: AppContext, user: SessionUser, input: NewPasskey): Promise<Passkey> {
  const challenge = await takeAnsweredChallenge(ctx, input.credential.response.clientDataJSON, 'register');
  if (challenge.userId !== user.id) throw new AppError(400, 'PASSKEY_EXPIRED', 'This passkey request was made for someone else');
  if ((await countPasskeysOf(ctx.db, user.id)) >= PASSKEYS_PER_MEMBER) throw new AppError(409, 'PASSKEYS_FULL', `At most ${PASSKEYS_PER_MEMBER} passkeys per member`);
  const passkey = await verifiedPasskey(ctx, challenge, input.name, input.credential);
  await store(ctx, passkey);
  return toPasskey(passkey, null);
}

/**
 * Removes one of my passkeys: whoever signed in with it (a lost phone) is out, this session too
 * when it was the one.
 */
export async function removeMyPasskey(ctx: AppContext, user: SessionUser, id: string): Promise<void> {
  const passkey = await findPasskey(ctx.db, id);
  if (!passkey) throw notFound('Passkey');
  if (passkey.userId !== user.id) throw forbidden();
  await deletePasskeys(ctx.db, user.id, id);
  // Open tabs of those sessions (other processes notice the ended sessions themselves).
  ctx.events.disconnect(user.id);
}

/** An administrator removes every passkey of a member (a lost phone); the sessions they opened end. */
export async function removeMemberPasskeys(ctx: AppContext, memberId: string): Promise<void> {
  if ((await deletePasskeys(ctx.db, memberId)) > 0) ctx.events.disconnect(memberId);
}

/** Options to sign in with any passkey of the house: the device offers the ones it holds. */
export async function signInOptions(ctx: AppContext, address: string): Promise<PasskeyRequestOptions> {
  const rp = relyingParty(ctx);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CHALLENGE_VALID_MS });
  await handOut(ctx, options.challenge, { purpose: 'login', userId: null, userHandle: null, linkId: null, requester: `address:${address}` });
  return options;
}

export interface PasskeySignIn extends SessionClient {
  credential: AuthenticationCredential;
  address: string;
}

/**
 * Signs in with a passkey: the challenge is taken once, the signature checked with the stored
 * key, the person verified on the device (fingerprint, face, screen lock) and the signature
 * counter must move forward (a cloned authenticator's would not). Counted toward the login's
 * limits like a password, per address and per the passkey's account.
 */
export async function signInWithPasskey(ctx: AppContext, input: PasskeySignIn): Promise<IssuedSession> {
  const rp = relyingParty(ctx);
  const { credential } = input;
  const passkey = await findPasskeyWithUser(ctx.db, credential.id);
  const attempt = await countLoginAttempt(ctx, { address: input.address, email: passkey?.email ?? null });
  const challenge = await takeAnsweredChallenge(ctx, credential.response.clientDataJSON, 'login');
  if (!passkey) throw new AppError(401, 'PASSKEY_UNKNOWN', 'No member has this passkey (any more)');
  if (passkey.disabled === 1) throw new AppError(401, 'AUTH_FAILED', 'This account cannot log in');
  const refused = (reason: string, level: 'info' | 'warn' = 'info') => {
    ctx.log[level]({ userId: passkey.userId, passkeyId: passkey.id, reason }, 'passkey sign-in refused');
    return new AppError(401, 'PASSKEY_FAILED', 'The passkey could not be verified');
  };
  if (credential.response.userHandle !== undefined && credential.response.userHandle !== passkey.userHandle) throw refused('another user handle');
  const { verifyAuthenticationResponse } = await webauthn();
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.id, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: passkey.counter, transports: transportsOf(passkey) },
      requireUserVerification: true,
    });
    if (!result.verified) throw new Error('not verified');
    newCounter = result.authenticationInfo.newCounter;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // A counter that did not move forward: two copies of one authenticator are in use.
    throw refused(reason, /counter/i.test(reason) ? 'warn' : 'info');
  }
  if (!(await recordUse(ctx.db, passkey.id, passkey.counter, newCounter, ctx.now().toISOString()))) throw refused('counter raced', 'warn');
  await forgiveLoginAttempt(ctx, attempt, passkey.email);
  const session = await createSession(ctx, passkey.userId, input, passkey.id);
  await touchLastSeen(ctx.db, passkey.userId, ctx.now().toISOString());
  const user = await findUserById(ctx.db, passkey.userId);
  return { ...session, user: toSessionUser(user!) };
}

/** Options to make a passkey with an invitation's link, instead of choosing a password. */
export async function invitationOptions(ctx: AppContext, token: string): Promise<PasskeyCreationOptions> {
  relyingParty(ctx);
  const link = await openInvitation(ctx, token);
  if (!link) throw new AppError(410, 'PASSWORD_LINK_INVALID', 'This link has expired or was used already');
  return creationOptions(ctx, link, { purpose: 'invitation', linkId: link.id, requester: `link:${link.id}` });
}

/**
 * Completes an invitation with a passkey: the link is used once, the passkey stored and the new
 * member signed in with it. They have no password (a reset link by email gives them one).
 */
export async function acceptInvitationWithPasskey(ctx: AppContext, input: NewPasskey & SessionClient & { token: string }): Promise<IssuedSession> {
  const link = await openInvitation(ctx, input.token);
  if (!link) throw new AppError(410, 'PASSWORD_LINK_INVALID', 'This link has expired or was used already');
  const challenge = await takeAnsweredChallenge(ctx, input.credential.response.clientDataJSON, 'invitation');
  if (challenge.linkId !== link.id) throw new AppError(400, 'PASSKEY_EXPIRED', 'This passkey request was made for another link');
  // The new member signs in with it at once: its first use.
  const passkey = { ...(await verifiedPasskey(ctx, challenge, input.name, input.credential)), lastUsedAt: ctx.now().toISOString() };
  await store(ctx, passkey, async (trx) => {
    if (!(await takeInvitation(trx, link.id, ctx.now()))) throw new AppError(410, 'PASSWORD_LINK_INVALID', 'This link has expired or was used already');
  });
  const session = await createSession(ctx, link.userId, input, passkey.id);
  await touchLastSeen(ctx.db, link.userId, ctx.now().toISOString());
  const user = await findUserById(ctx.db, link.userId);
  return { ...session, user: toSessionUser(user!) };
}

/** A passkey whose key was made elsewhere than in a ceremony here (the demo house's): kept as given. */
export async function keepPasskey(
  ctx: AppContext,
  passkey: { userId: string; name: string; publicKey: Buffer; createdAt: Date; lastUsedAt: Date | null },
): Promise<void> {
  const existing = await passkeysOf(ctx.db, passkey.userId);
  await insertPasskey(ctx.db, {
    id: randomBytes(16).toString('base64url'),
    userId: passkey.userId,
    userHandle: existing[0]?.userHandle ?? randomBytes(32).toString('base64url'),
    publicKey: passkey.publicKey.toString('base64url'),
    counter: 0,
    transports: JSON.stringify(['internal', 'hybrid']),
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
  });
}

/** Housekeeping with the sessions': challenges nobody answered in time. */
export async function prunePasskeyChallenges(ctx: AppContext): Promise<void> {
  await deleteExpiredChallenges(ctx.db, ctx.now().toISOString());
}
