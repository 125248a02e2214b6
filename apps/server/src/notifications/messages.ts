import { formatMonth, formatStayDates, monthOf, MONTH_PARAM, type Language, type PushMessage } from '@rustico/core';
import type { AppContext } from '../context.ts';
import type { Job, NoticeItem, RenderedJob } from '../deliveries/jobs.ts';
import type { Renderers } from '../deliveries/service.ts';
import type { MailContent } from '../mail/layout.ts';
import { bookingUrl, publicBaseUrl } from '../mail/links.ts';
import { mailTexts } from '../mail/texts.ts';
import { bookingMessage } from '../push/messages.ts';
import type { UserRow } from '../users/service.ts';
import { MERGED_TEXTS } from './texts.ts';

const NOTE_PREVIEW = 280;
const PUSH_BODY = 160;

const preview = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** One line of a merged message: the booking as it ended up, or the note. */
function lineOf(language: Language, item: NoticeItem): string {
  const t = mailTexts(language);
  return item.kind === 'bookings' ? t.booking.body[item.action](item.ownerName, formatStayDates(item.start, item.end)) : t.notesDigest.line(item.actorName, preview(item.text, NOTE_PREVIEW));
}

function mailOf(ctx: AppContext, user: UserRow, language: Language, job: Extract<Job, { type: 'changes' }>): MailContent {
  const t = mailTexts(language);
  const merged = MERGED_TEXTS[language];
  const base = publicBaseUrl(ctx.config);
  const kinds = [...new Set(job.items.map((item) => item.kind))];
  const bookings = job.items.filter((item) => item.kind === 'bookings');
  const [first] = bookings;
  // One booking that still exists opens on it; else the calendar on the month of the first.
  const calendarUrl = !first
    ? null
    : bookings.length === 1 && first.action !== 'deleted'
      ? bookingUrl(ctx.config, { id: first.id, start: first.start })
      : `${base}/app/calendario?${MONTH_PARAM}=${formatMonth(monthOf(first.start))}`;
  const button = calendarUrl ? { label: t.booking.action, url: calendarUrl } : { label: t.notesDigest.action, url: `${base}/app/gestione#note` };
  const common = { greeting: t.greeting(user.name), button, footer: [...kinds.map((kind) => t.footerKind[kind]), t.unsubscribe] };
  const [only] = job.items;
  if (job.summary) {
    return { ...common, subject: merged.summarySubject(job.items.length), paragraphs: [merged.summaryIntro], list: job.items.map((item) => lineOf(language, item)) };
  }
  if (job.items.length === 1 && only) {
    const subject = only.kind === 'bookings' ? t.booking.subject[only.action](only.ownerName) : t.notesDigest.subject(1);
    return { ...common, subject, paragraphs: [lineOf(language, only)] };
  }
  return { ...common, subject: merged.subject(job.items.length), paragraphs: [merged.intro], list: job.items.map((item) => lineOf(language, item)) };
}

function pushOf(language: Language, job: Extract<Job, { type: 'changes' }>): PushMessage {
  const [only] = job.items;
  if (job.items.length === 1 && only?.kind === 'bookings') return bookingMessage(only.action, only)(language);
  const body = job.items.map((item) => (item.kind === 'bookings' ? `${item.ownerName}: ${formatStayDates(item.start, item.end)}` : `${item.actorName}: ${item.text}`)).join(' · ');
  return { title: MERGED_TEXTS[language].pushTitle(job.items.length), body: preview(body, PUSH_BODY), url: '/app/calendario', tag: 'changes' };
}

/** Others' bookings and notes, merged for one channel (the push or the email). */
export function renderChanges(ctx: AppContext, user: UserRow, language: Language, job: Extract<Job, { type: 'changes' }>): RenderedJob {
  return { mail: mailOf(ctx, user, language, job), push: job.channel === 'push' ? pushOf(language, job) : null };
}

/** Others' bookings and notes, for deliveries (registered in parts.ts). */
export const notificationRenderers: Renderers = { changes: renderChanges };
