import {
  includesEmail,
  includesPush,
  localMomentIn,
  type Channel,
  type Language,
  type LocalMoment,
  type NotificationKind,
  type UndeliverableReason,
} from '@rustico/core';
import { emailLanguageOf } from '../auth/service.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { composeMail } from '../mail/layout.ts';
import { unsubscribeUrl } from '../mail/links.ts';
import { mailTexts } from '../mail/texts.ts';
import type { PushReport } from '../push/sender.ts';
import { findUserById, type UserRow } from '../users/service.ts';
import { jobLabel, jobSchema, kindOfJob, type Job, type RenderedJob } from './jobs.ts';
import {
  countSince,
  deleteFinishedBefore,
  dismissUndeliverable,
  findDelivery,
  insertClaim,
  listRetriable,
  listUndeliverable,
  markFailedAttempt,
  markSent,
  markSkipped,
  markUndeliverable,
  reclaim,
  type DeliveryRow,
} from './repository.ts';

const MINUTE_MS = 60_000;
/** A claim older than this belongs to a process that died while sending: another may take it over. */
export const CLAIM_TIMEOUT_MS = 15 * MINUTE_MS;
/** After the n-th failed try, wait this long; after the last, give up (and log it). */
export const RETRY_AFTER_MINUTES = [5, 15, 60, 240];
/**
 * A message that must reach its member and reached them by no channel is tried again this much
 * later, until its renderer says it is no longer due (a reminder: when its day ends); a reminder's
 * run that asks for it again tries at once.
 */
export const UNDELIVERABLE_RETRY_MINUTES = 5;

/**
 * Kinds of message that must reach their member: when the chosen channel cannot (push chosen
 * and no device takes it), email stands in where the server has it; when nothing can, they are
 * undeliverable, tried again while due, and the member is told in the app (reminders/).
 */
const MUST_REACH: ReadonlySet<NotificationKind> = new Set(['reminders']);

export interface Outcome {
  key: string;
  to: string;
  what: string;
  result: 'sent' | 'retry' | 'failed' | 'skipped' | 'undeliverable' | 'merged';
  /** Why (anything but sent), or how (sent: the channels that accepted it). */
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

/** Why a key that is taken already is not sent again. */
const TAKEN: Record<DeliveryRow['status'], string> = {
  sending: 'being sent',
  retry: 'waiting to be tried again',
  sent: 'already sent',
  failed: 'given up before',
  skipped: 'skipped before',
  undeliverable: 'undeliverable before',
};

/**
 * Claims a delivery under its key and sends it, unless the key is taken already (sent
 * before, or being sent by another process). A message no channel could deliver yet is
 * taken over and tried again at once: the caller asks for it because it is still due.
 * `at` is the moment it is sent for.
 */
export async function claimAndDeliver(ctx: AppContext, user: UserRow, key: string, job: Job, at: Date): Promise<Outcome> {
  const what = jobLabel(job);
  const now = ctx.now().toISOString();
  const claimed = await insertClaim(ctx.db, { key, userId: user.id, job: JSON.stringify(job), claimedAt: now, createdAt: now });
  if (claimed) return deliver(ctx, (await findDelivery(ctx.db, key))!, at);
  const existing = await findDelivery(ctx.db, key);
  if (existing?.status === 'undeliverable' && existing.nextAttemptAt !== null && (await reclaim(ctx.db, existing, now))) {
    return deliver(ctx, { ...existing, status: 'sending', claimedAt: now }, at);
  }
  return { key, to: user.email, what, result: 'skipped', reason: existing ? TAKEN[existing.status] : TAKEN.sending };
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

/** What the CLI and the log say of each reason no channel reached a member. */
const UNDELIVERABLE_TEXT: Record<UndeliverableReason, string> = {
  'no-device': 'no push subscription',
  'devices-gone': 'every push subscription is gone (404/410)',
  'devices-refused': 'every push service refused it or did not answer',
  'mail-off': 'email is off (SMTP_URL is not set)',
};

function pushFailure(report: PushReport): UndeliverableReason {
  if (report.devices === 0) return 'no-device';
  return report.gone === report.devices ? 'devices-gone' : 'devices-refused';
}

/**
 * Sends a claimed delivery by the channels the member chose, and records it sent only when one
 * accepted it: a push service answered 2xx for one of their devices, or the SMTP server took the
 * email. A message that must reach them goes by email when push cannot; one no channel reached
 * is undeliverable, with the reason. A failed email is tried again later with growing pauses.
 */
async function deliver(ctx: AppContext, row: DeliveryRow, at: Date): Promise<Outcome> {
  const outcome = await deliverOnce(ctx, row, at);
  const parsed = jobSchema.safeParse(JSON.parse(row.job));
  ctx.metrics.delivery(parsed.success ? kindOfJob(parsed.data) : 'unknown', outcome.result);
  return outcome;
}

async function deliverOnce(ctx: AppContext, row: DeliveryRow, at: Date): Promise<Outcome> {
  const parsed = jobSchema.safeParse(JSON.parse(row.job));
  const user = await findUserById(ctx.db, row.userId);
  const to = user?.email ?? '?';
  const outcome = (result: Outcome['result'], reason?: string): Outcome => ({ key: row.key, to, what: parsed.success ? jobLabel(parsed.data) : 'unknown', result, ...(reason ? { reason } : {}) });
  const skip = async (reason: string): Promise<Outcome> => {
    await markSkipped(ctx.db, row.key);
    return outcome('skipped', reason);
  };
  // A job of a kind an earlier release wrote (a retry waiting across an upgrade) is not sent.
  if (!parsed.success) return skip('a kind of message this release no longer sends');
  const job = parsed.data;
  if (!user || user.disabled === 1) return skip('member disabled');
  const channel = await channelFor(ctx, user.id, job);
  const mustReach = MUST_REACH.has(kindOfJob(job));
  // The channels that accepted it; a push accepted on an earlier try (only its email failed) counts.
  const by: ('push' | 'email')[] = row.sentAt ? ['push'] : [];
  try {
    const rendered = await render(ctx, user, job, at);
    if (!rendered) {
      if (row.sentAt) {
        await markSent(ctx.db, row.key, row.sentAt);
        return outcome('sent', 'by push; the email no longer due');
      }
      // One no channel reached before stays undeliverable for the member to see, and is no longer tried.
      if (row.reason === null) return skip('no longer due');
      await markUndeliverable(ctx.db, row.key, { reason: row.reason, nextAttemptAt: null });
      return outcome('undeliverable', `${UNDELIVERABLE_TEXT[row.reason]}; given up: no longer due`);
    }
    const byPush = rendered.push !== null && includesPush(channel);
    const byEmail = includesEmail(channel);
    if (!byPush && !byEmail) return skip(channel === 'none' ? 'member chose none' : `not sent by ${channel}`);
    let pushFailed: UndeliverableReason | null = null;
    if (byPush && by.length === 0) {
      const push = rendered.push!;
      const report = await ctx.push.send({ kind: kindOfJob(job), onlyUserId: user.id, exceptUserId: '', onlyHidden: false, onlyAdmins: false }, () => push);
      if (report.accepted > 0) by.push('push');
      else pushFailed = pushFailure(report);
    }
    const instead = mustReach && !byEmail && pushFailed !== null;
    if ((byEmail || instead) && ctx.mailer.enabled) {
      const unsubscribe = { url: await unsubscribeUrl(ctx.db, ctx.config, user.id, kindOfJob(job)), label: mailTexts(await emailLanguageOf(ctx.db, user)).unsubscribeLink };
      await ctx.mailer.send(composeMail(user.email, ctx.config.houseName, { ...rendered.mail, unsubscribe }));
      by.push('email');
    }
    if (by.length > 0) {
      await markSent(ctx.db, row.key, row.sentAt ?? ctx.now().toISOString());
      const push = pushFailed ? `${instead ? ' instead of push' : '; push'}: ${UNDELIVERABLE_TEXT[pushFailed]}` : '';
      return outcome('sent', `by ${by.join(' and ')}${push}`);
    }
    // Nothing accepted it: push failed, or email was the way and the server has none.
    const reason = pushFailed ?? 'mail-off';
    const retryAt = mustReach ? new Date(ctx.now().getTime() + UNDELIVERABLE_RETRY_MINUTES * MINUTE_MS).toISOString() : null;
    await markUndeliverable(ctx.db, row.key, { reason, nextAttemptAt: retryAt });
    if (row.reason === null) ctx.log.warn({ key: row.key, reason }, 'no channel reached the member');
    const emailToo = reason !== 'mail-off' && (byEmail || mustReach) ? `, and ${UNDELIVERABLE_TEXT['mail-off']}` : '';
    return outcome('undeliverable', `${UNDELIVERABLE_TEXT[reason]}${emailToo}`);
  } catch (error) {
    const attempts = row.attempts + 1;
    const pause = RETRY_AFTER_MINUTES[attempts - 1];
    const message = error instanceof Error ? error.message : String(error);
    await markFailedAttempt(ctx.db, row.key, {
      attempts,
      status: pause === undefined ? 'failed' : 'retry',
      nextAttemptAt: pause === undefined ? null : new Date(ctx.now().getTime() + pause * MINUTE_MS).toISOString(),
      lastError: message.slice(0, 500),
      // A push accepted now is not sent again with the email's next try.
      sentAt: row.sentAt ?? (by.includes('push') ? ctx.now().toISOString() : null),
    });
    ctx.log.warn({ err: error, key: row.key, attempts }, pause === undefined ? 'email given up' : 'email failed, will retry');
    return outcome(pause === undefined ? 'failed' : 'retry', message);
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

/** A member's undeliverable messages they have not dismissed, newest first, with their jobs. */
export async function undeliverableOf(ctx: AppContext, userId: string, limit: number) {
  const rows = await listUndeliverable(ctx.db, userId, limit);
  return rows.map((row) => ({ key: row.key, job: jobSchema.parse(JSON.parse(row.job)), reason: row.reason, createdAt: row.createdAt }));
}

/** The member has seen these undeliverable messages (the ones named, or all of theirs). */
export async function dismissUndeliverableOf(ctx: AppContext, userId: string, keys: string[] | undefined): Promise<void> {
  await dismissUndeliverable(ctx.db, userId, keys, ctx.now().toISOString());
}

/** Keys hold a day (or a booking's change): after 90 days no run can ask for them again. */
const KEEP_FINISHED_MS = 90 * 24 * 60 * MINUTE_MS;

/** Daily housekeeping: old finished deliveries go. */
export async function pruneDeliveries(ctx: AppContext): Promise<void> {
  await deleteFinishedBefore(ctx.db, new Date(ctx.now().getTime() - KEEP_FINISHED_MS).toISOString());
}
