import { noticeSchema, type Language, type Notice } from '@rustico/core';
import type { AppContext } from '../context.ts';
import type { RenderedJob } from '../deliveries/jobs.ts';
import type { Renderers } from '../deliveries/service.ts';
import { bookingUrl, publicBaseUrl } from '../mail/links.ts';
import { mailTexts } from '../mail/texts.ts';
import type { NoticesTable } from '../db/schema.ts';
import type { UserRow } from '../users/service.ts';
import { noticeBooking, noticeText, noticeUrl } from './messages.ts';
import { findNotice } from './repository.ts';

export function toNotice(row: NoticesTable): Notice {
  const payload = JSON.parse(row.payload) as Partial<Notice>;
  return noticeSchema.parse({
    bookingId: null,
    roundId: null,
    start: null,
    end: null,
    byName: null,
    reason: null,
    inFavourOfName: null,
    endsAt: null,
    ...payload,
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt,
    read: row.readAt !== null,
  });
}

/** A notice as an email, for members who chose email for fair booking. */
export async function renderNoticeMail(ctx: AppContext, user: UserRow, language: Language, noticeId: string): Promise<RenderedJob | null> {
  const row = await findNotice(ctx.db, noticeId);
  if (!row) return null;
  const notice = toNotice(row);
  const text = noticeText(language, notice.kind, notice, ctx.config.houseTimeZone);
  const t = mailTexts(language);
  // A confirmed request opens on its booking; the others where their push leads.
  const booking = noticeBooking(notice);
  return {
    mail: {
      greeting: t.greeting(user.name),
      subject: text.title,
      paragraphs: [text.body],
      button: { label: t.openApp, url: booking ? bookingUrl(ctx.config, booking) : `${publicBaseUrl(ctx.config)}${noticeUrl(notice, user.id)}` },
      footer: [t.footerKind.fairness, t.unsubscribe],
    },
    push: null,
  };
}

/** Fair-booking notices by email, for deliveries (registered in parts.ts). */
export const noticeRenderers: Renderers = { notice: (ctx, user, language, job) => renderNoticeMail(ctx, user, language, job.noticeId) };
