import { includesEmail, includesPush, localMomentIn, type Channel, type Language, type LocalMoment, type NotificationKind } from '@rustico/core';
import { emailLanguageOf } from '../auth/service.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { composeMail } from '../mail/layout.ts';
import { unsubscribeUrl } from '../mail/links.ts';
import { mailTexts } from '../mail/texts.ts';
import { findUserById, type UserRow } from '../users/service.ts';
import { jobLabel, jobSchema, kindOfJob, type Job, type RenderedJob } from './jobs.ts';
import { countSince, deleteFinishedBefore, findDelivery, insertClaim, listRetriable, markFailedAttempt, markSent, reclaim, type DeliveryRow } from './repository.ts';

const MINUTE_MS = 60_000;
/** A claim older than this belongs to a process that died while sending: another may take it over. */
export const CLAIM_TIMEOUT_MS = 15 * MINUTE_MS;
/** After the n-th failed try, wait this long; after the last, give up (and log it). */
export const RETRY_AFTER_MINUTES = [5, 15, 60, 240];

export interface Outcome {
  key: string;
  to: string;
  what: string;
  result: 'sent' | 'retry' | 'failed' | 'skipped' | 'merged';
  reason?: string;
}

/**
 * How a feature writes the messages of its jobs, in the member's language at the moment they go
 * out; null when the job is no longer due. Features register theirs at start (parts.ts), so
 * deliveries import none of them.
 */
export type Renderer<T extends Job['type']> = (
  ctx: AppContext,
  user: UserRow,
  language: Language,
  job: Extract<Job, { type: T }>,
  moment: LocalMoment,
) => Promise<RenderedJob | null> | RenderedJob | null;
export type Renderers = { [T in Job['type']]?: Renderer<T> };

/** Which channel a member chose for a kind of message (notifications/ keeps the choices). */
export type ChannelLookup = (ctx: AppContext, userId: string, kind: NotificationKind) => Promise<Channel>;

const renderers: Renderers = {};
let channelLookup: ChannelLookup | null = null;

export function renderJobsWith(parts: Renderers): void {
  Object.assign(renderers, parts);
}

export function chooseChannelsWith(lookup: ChannelLookup): void {
  channelLookup = lookup;
}

/**
 * The channels a job goes on now: the member's choice for its kind; a merged message made for one
 * channel goes there only, and only while one of its kinds still has that channel.
 */
export async function channelFor(ctx: AppContext, userId: string, job: Job): Promise<Channel> {
  const lookup = channelLookup;
  if (!lookup) throw new Error('deliveries: no channel lookup registered (parts.ts)');
  if (job.type !== 'changes') return lookup(ctx, userId, kindOfJob(job));
  const kinds = [...new Set(job.items.map((item) => item.kind))];
  const chosen = await Promise.all(kinds.map((kind) => lookup(ctx, userId, kind)));
  const reaches = chosen.some((channel) => (job.channel === 'push' ? includesPush(channel) : includesEmail(channel)));
  return reaches ? job.channel : 'none';
}

async function render(ctx: AppContext, user: UserRow, job: Job, at: Date): Promise<RenderedJob | null> {
  const renderer = renderers[job.type] as Renderer<Job['type']> | undefined;
  if (!renderer) throw new Error(`deliveries: nothing renders a ${job.type} job (parts.ts)`);
  return renderer(ctx, user, await emailLanguageOf(ctx.db, user), job, localMomentIn(ctx.config.houseTimeZone, at));
}

/**
 * Claims a delivery under its key and sends it, unless the key is taken already (sent
 * before, or being sent by another process). `at` is the moment it is sent for.
 */
export async function claimAndDeliver(ctx: AppContext, user: UserRow, key: string, job: Job, at: Date): Promise<Outcome> {
  const what = jobLabel(job);
  if (!(await claimDelivery(ctx, ctx.db, user.id, key, job))) return { key, to: user.email, what, result: 'skipped', reason: 'already sent or being sent' };
  return deliverClaimed(ctx, key, at);
}

/**
 * Claims a delivery in a caller's transaction (with what it sends, taken from a queue in the
 * same one); false when the key is taken. deliverClaimed sends it once committed; should the
 * process stop before, retryDue takes the claim over.
 */
export async function claimDelivery(ctx: Pick<AppContext, 'now'>, db: Db, userId: string, key: string, job: Job): Promise<boolean> {
  const now = ctx.now().toISOString();
  return insertClaim(db, { key, userId, job: JSON.stringify(job), claimedAt: now, createdAt: now });
}

export async function deliverClaimed(ctx: AppContext, key: string, at: Date): Promise<Outcome> {
  return deliver(ctx, (await findDelivery(ctx.db, key))!, at);
}

/** How many deliveries under a key's beginning were made since an instant (a day's cap). */
export function deliveriesSince(ctx: Pick<AppContext, 'db'>, keyPrefix: string, since: Date): Promise<number> {
  return countSince(ctx.db, keyPrefix, since.toISOString());
}

/** Sends a claimed delivery; a failed email is tried again later with growing pauses. */
async function deliver(ctx: AppContext, row: DeliveryRow, at: Date): Promise<Outcome> {
  const job = jobSchema.parse(JSON.parse(row.job));
  const what = jobLabel(job);
  const user = await findUserById(ctx.db, row.userId);
  const to = user?.email ?? '?';
  const finish = async (result: Outcome['result'], reason?: string): Promise<Outcome> => {
    await markSent(ctx.db, row.key, ctx.now().toISOString());
    return { key: row.key, to, what, result, ...(reason ? { reason } : {}) };
  };
  if (!user || user.disabled === 1) return finish('skipped', 'member disabled');
  const channel = await channelFor(ctx, user.id, job);
  try {
    const rendered = await render(ctx, user, job, at);
    if (!rendered) return finish('skipped', 'no longer due');
    // The push notice goes once, on the first try; only the email is tried again.
    if (rendered.push && includesPush(channel) && row.attempts === 0) {
      ctx.push.notify({ kind: kindOfJob(job), onlyUserId: user.id, exceptUserId: '', onlyHidden: false, onlyAdmins: false }, () => rendered.push!);
    }
    if (includesEmail(channel) && ctx.mailer.enabled) {
      const unsubscribe = { url: await unsubscribeUrl(ctx.db, ctx.config, user.id, kindOfJob(job)), label: mailTexts(await emailLanguageOf(ctx.db, user)).unsubscribeLink };
      await ctx.mailer.send(composeMail(user.email, ctx.config.houseName, { ...rendered.mail, unsubscribe }));
    }
    return finish('sent');
  } catch (error) {
    const attempts = row.attempts + 1;
    const pause = RETRY_AFTER_MINUTES[attempts - 1];
    const message = error instanceof Error ? error.message : String(error);
    await markFailedAttempt(ctx.db, row.key, {
      attempts,
      status: pause === undefined ? 'failed' : 'retry',
      nextAttemptAt: pause === undefined ? null : new Date(ctx.now().getTime() + pause * MINUTE_MS).toISOString(),
      lastError: message.slice(0, 500),
    });
    ctx.log.warn({ err: error, key: row.key, attempts }, pause === undefined ? 'email given up' : 'email failed, will retry');
    return { key: row.key, to, what, result: pause === undefined ? 'failed' : 'retry', reason: message };
  }
}

/** Tries again what failed and is due, and takes over claims of processes that died. */
export async function retryDue(ctx: AppContext, at: Date): Promise<Outcome[]> {
  const now = ctx.now();
  const rows = await listRetriable(ctx.db, now.toISOString(), new Date(now.getTime() - CLAIM_TIMEOUT_MS).toISOString());
  const outcomes: Outcome[] = [];
  for (const row of rows) {
    if (!(await reclaim(ctx.db, row, now.toISOString()))) continue;
    outcomes.push(await deliver(ctx, { ...row, status: 'sending', claimedAt: now.toISOString() }, at));
  }
  return outcomes;
}

/** Keys hold a day (or a booking's change): after 90 days no run can ask for them again. */
const KEEP_FINISHED_MS = 90 * 24 * 60 * MINUTE_MS;

/** Daily housekeeping: old finished deliveries go. */
export async function pruneDeliveries(ctx: AppContext): Promise<void> {
  await deleteFinishedBefore(ctx.db, new Date(ctx.now().getTime() - KEEP_FINISHED_MS).toISOString());
}
