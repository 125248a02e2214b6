import { randomUUID } from 'node:crypto';
import { includesEmail, type Notice, type NoticeKind } from '@rustico/core';
import type { AppContext } from '../context.ts';
import { channelFor, claimAndDeliver } from '../deliveries/service.ts';
import { findUserById } from '../users/service.ts';
import { toNotice } from './mail.ts';
import { noticePush } from './messages.ts';
import { countUnread, insertNotice, listNotices, markRead } from './repository.ts';

// What other features read and write of notices goes through here, not its repository.
export { insertNotice } from './repository.ts';

export type NoticePayload = Partial<Pick<Notice, 'bookingId' | 'roundId' | 'start' | 'end' | 'byName' | 'reason' | 'inFavourOfName' | 'endsAt'>>;

/**
 * Tells one member something fair booking decided: an in-app notice (claimed under
 * `key`, so it is made once however many processes or runs try), then a push and, if
 * they chose email, an email. The push goes after the answer; with `waitForPush` the
 * call resolves only once it is handed over, so a caller can send one after the other.
 * False when the key was taken already.
 */
export async function deliverNotice(
  ctx: AppContext,
  userId: string,
  key: string,
  kind: NoticeKind,
  payload: NoticePayload,
  options: { waitForPush?: boolean } = {},
): Promise<boolean> {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.disabled === 1) return false;
  const at = ctx.now().toISOString();
  const row = { id: randomUUID(), key, userId, kind, payload: JSON.stringify(payload), createdAt: at, readAt: null };
  if (!(await insertNotice(ctx.db, row))) return false;
  const notice = toNotice(row);
  // Only the member reads their notices; hidden accounts may see that one arrived, never what it says.
  ctx.events.publish({ type: 'notice', action: 'created', id: notice.id }, { ownerId: userId, ownerHidden: true });
  const timeZone = ctx.config.houseTimeZone;
  const sent = ctx.push.send({ kind: 'fairness', onlyUserId: userId, exceptUserId: '', onlyHidden: false, onlyAdmins: false }, (language) => noticePush(language, notice, userId, timeZone));
  if (options.waitForPush) await sent;
  const job = { type: 'notice' as const, noticeId: notice.id };
  if (ctx.mailer.enabled && includesEmail(await channelFor(ctx, userId, job))) {
    ctx.tasks.run('notice email failed', async () => {
      await claimAndDeliver(ctx, user, `notice:${notice.id}`, job, ctx.now());
    });
  }
  return true;
}

const LIST_LIMIT = 50;

export async function noticesOf(ctx: AppContext, userId: string): Promise<{ notices: Notice[]; unread: number }> {
  const rows = await listNotices(ctx.db, userId, LIST_LIMIT);
  return { notices: rows.map(toNotice), unread: await countUnread(ctx.db, userId) };
}

export async function readNotices(ctx: AppContext, userId: string, ids: string[] | undefined): Promise<{ notices: Notice[]; unread: number }> {
  await markRead(ctx.db, userId, ids, ctx.now().toISOString());
  return noticesOf(ctx, userId);
}
