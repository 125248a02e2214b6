import { formatStayDates, type Language } from '@rustico/core';
import type { AppContext } from '../context.ts';
import type { Job, RenderedJob } from '../deliveries/jobs.ts';
import type { Renderers } from '../deliveries/service.ts';
import { publicBaseUrl } from '../mail/links.ts';
import { mailTexts } from '../mail/texts.ts';
import type { UserRow } from '../users/service.ts';
import { notesForDigest } from './repository.ts';

const NOTE_PREVIEW = 280;

/** Another member's booking was made, moved or cancelled (the push notice went out on its own). */
export function renderBookingNotice(ctx: AppContext, user: UserRow, language: Language, job: Extract<Job, { type: 'booking' }>): RenderedJob {
  const t = mailTexts(language);
  return {
    mail: {
      greeting: t.greeting(user.name),
      subject: t.booking.subject[job.action](job.ownerName),
      paragraphs: [t.booking.body[job.action](job.ownerName, formatStayDates(job.start, job.end))],
      button: { label: t.booking.action, url: `${publicBaseUrl(ctx.config)}/app/calendario` },
      footer: [t.footerKind.bookings, t.unsubscribe],
    },
    push: null,
  };
}

/** The day's notes by others in one email; null when nobody wrote. */
export async function renderNotesDigest(
  ctx: AppContext,
  user: UserRow,
  language: Language,
  job: Extract<Job, { type: 'notes-digest' }>,
): Promise<RenderedJob | null> {
  const notes = await notesForDigest(ctx.db, { id: user.id, hidden: user.hidden === 1 }, job.from, job.to);
  if (notes.length === 0) return null;
  const t = mailTexts(language);
  return {
    mail: {
      greeting: t.greeting(user.name),
      subject: t.notesDigest.subject(notes.length),
      paragraphs: [t.notesDigest.intro(notes.length)],
      list: notes.map((n) => t.notesDigest.line(n.authorName, n.text.length > NOTE_PREVIEW ? `${n.text.slice(0, NOTE_PREVIEW - 1)}…` : n.text)),
      button: { label: t.notesDigest.action, url: `${publicBaseUrl(ctx.config)}/app/gestione#note` },
      footer: [t.footerKind.notes, t.unsubscribe],
    },
    push: null,
  };
}

/** Others' bookings and notes by email, for deliveries (registered in parts.ts). */
export const notificationRenderers: Renderers = { booking: renderBookingNotice, 'notes-digest': renderNotesDigest };
