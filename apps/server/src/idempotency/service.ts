import { createHash } from 'node:crypto';
import { isKeptAnswer } from '@rustico/core';
import type { AppContext } from '../context.ts';
import type { CommitMark } from '../db/commit-marks.ts';
import { AppError, errorBody } from '../http/errors.ts';
import {
  deleteKeysClaimedBefore,
  findKey,
  insertClaim,
  markAppliedStatement,
  releaseClaim,
  renewClaim,
  retakeClaim,
  storeResponse,
  type StoredResponse,
} from './repository.ts';

/** How long a key answers with its first response (an offline phone may resend days later). */
export const KEY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A claim older than this without a response belongs to a request that died: retaken if it wrote nothing. */
export const STALE_CLAIM_MS = 30_000;
/** How long a duplicate waits for the first request's answer before asking the caller to retry. */
const DUPLICATE_WAIT_MS = 10_000;
const POLL_MS = 50;
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !KEY_PATTERN.test(value)) {
    throw new AppError(400, 'IDEMPOTENCY_KEY_INVALID', 'Idempotency-Key must be 1 to 128 letters, digits or ._:-', 'Idempotency-Key');
  }
  return value;
}

/**
 * What the request asks for, and on which version (If-Match): the same key with another request is
 * a mistake, not a resend.
 */
export function requestFingerprint(method: string, url: string, body: unknown, ifMatch?: string): string {
  // Without If-Match the text is what it was before versions, so keys already kept still match.
  const hash = createHash('sha256').update(`${method} ${url}${ifMatch === undefined ? '' : ` @${ifMatch}`}\n`);
  if (Buffer.isBuffer(body)) hash.update(body);
  else {
    let text: string;
    try {
      text = JSON.stringify(body ?? null);
    } catch {
      // Only a body nested thousands deep overflows the stack: no resend of a real write looks like that.
      throw new AppError(400, 'VALIDATION', 'The body is nested too deeply');
    }
    hash.update(text);
  }
  return hash.digest('hex');
}

export type Claim = { kind: 'claimed'; claimedAt: string } | { kind: 'replay'; response: StoredResponse };

/**
 * Claims the key for this request, or finds the answer of the request that claimed it first.
 * The claim is a row inserted before the write runs, so concurrent duplicates (also in other
 * processes) wait for the first one instead of writing again. A key past its lifetime is new
 * again here, whether or not the hourly clean-up has removed it yet.
 */
export async function claimKey(ctx: AppContext, userId: string, key: string, fingerprint: string): Promise<Claim> {
  await cleanUpNowAndThen(ctx);
  const deadline = Date.now() + DUPLICATE_WAIT_MS;
  for (;;) {
    const now = ctx.now();
    const claimedAt = now.toISOString();
    if (await insertClaim(ctx.db, userId, key, fingerprint, claimedAt)) return { kind: 'claimed', claimedAt };
    const existing = await findKey(ctx.db, userId, key);
    if (!existing) continue; // released between the insert and the read: try again
    const age = now.getTime() - new Date(existing.claimedAt).getTime();
    if (age >= KEY_LIFETIME_MS) {
      if (await renewClaim(ctx.db, userId, key, existing.claimedAt, fingerprint, claimedAt)) return { kind: 'claimed', claimedAt };
      continue;
    }
    if (existing.requestHash !== fingerprint) {
      throw new AppError(422, 'IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was used for a different request');
    }
    if (existing.response) return { kind: 'replay', response: existing.response };
    if (age > STALE_CLAIM_MS) {
      // Its request died. Once its write committed it is never run again: the answer says it was saved.
      if (existing.appliedAt) {
        await storeResponse(ctx.db, userId, key, existing.claimedAt, appliedAnswer(existing.appliedAt, existing.createdId));
        continue;
      }
      if (await retakeClaim(ctx.db, userId, key, existing.claimedAt, claimedAt)) return { kind: 'claimed', claimedAt };
    }
    if (Date.now() > deadline) {
      throw new AppError(409, 'IDEMPOTENCY_IN_PROGRESS', 'The first request with this Idempotency-Key is still running', undefined, 1);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The answer for a write that was made but whose own answer was lost (its process died, or it failed after writing). */
function appliedAnswer(appliedAt: string, createdId: string | null): StoredResponse {
  const error = errorBody('IDEMPOTENCY_APPLIED', 'This change was saved, but its answer was lost: reload to see it', undefined, undefined, { appliedAt, createdId });
  return { status: 409, type: 'application/json; charset=utf-8', body: JSON.stringify(error) };
}

/** Writes that are bookkeeping around a request, not the change it asks for. */
const BOOKKEEPING = new Set(['idempotency_keys', 'rate_limits', 'login_failures']);

/** What every write of the claiming request leaves in its own transaction: the claim is applied. */
export function appliedMark(ctx: AppContext, userId: string, key: string, claimedAt: string): CommitMark {
  return {
    active: true,
    createdId: null,
    ignores: BOOKKEEPING,
    statement: (mark) => markAppliedStatement(ctx.db, userId, key, claimedAt, ctx.now().toISOString(), mark.createdId),
    // A resend took the claim over (this request ran past the stale time): it makes the write, not this one.
    lost: () => new AppError(409, 'IDEMPOTENCY_IN_PROGRESS', 'Another request with this Idempotency-Key took it over', undefined, 1),
  };
}

export async function finishClaim(ctx: AppContext, userId: string, key: string, claimedAt: string, response: StoredResponse | null): Promise<void> {
  if (response && isKeptAnswer(response.status)) {
    await storeResponse(ctx.db, userId, key, claimedAt, response);
    return;
  }
  if (await releaseClaim(ctx.db, userId, key, claimedAt)) return;
  // It failed after something was written: a resend must not write it again.
  const claim = await findKey(ctx.db, userId, key);
  if (claim?.appliedAt && claim.claimedAt === claimedAt) await storeResponse(ctx.db, userId, key, claimedAt, appliedAnswer(claim.appliedAt, claim.createdId));
}

const lastCleanup = new WeakMap<AppContext, number>();

async function cleanUpNowAndThen(ctx: AppContext): Promise<void> {
  const now = ctx.now().getTime();
  const last = lastCleanup.get(ctx);
  if (last !== undefined && Math.abs(now - last) < CLEANUP_EVERY_MS) return;
  lastCleanup.set(ctx, now);
  await deleteKeysClaimedBefore(ctx.db, new Date(now - KEY_LIFETIME_MS).toISOString());
}
