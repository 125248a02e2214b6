import { dueStayReminders, formatChf, formatStayDates, type Language, type LocalMoment, type ReminderKind } from '@rustico/core';
import { findBooking, type BookingRow } from '../bookings/service.ts';
import type { AppContext } from '../context.ts';
import { markdownBulletPoints, renderMarkdownForMail } from '../content/markdown.ts';
import type { RenderedJob } from '../deliveries/jobs.ts';
import type { Renderers } from '../deliveries/service.ts';
import { readChecklist, readHouseMarkdown, readPaymentDetails } from '../house/content.ts';
import type { MailContent } from '../mail/layout.ts';
import { absoluteUrls, publicBaseUrl, registerPath } from '../mail/links.ts';
import { mailTexts } from '../mail/texts.ts';
import { qrBillPdf } from '../stays/qr-bill.ts';
import type { UserRow } from '../users/service.ts';
import { listUnpaidStays } from './repository.ts';

const stayOf = (row: BookingRow) => ({
  start: row.startDate,
  end: row.endDate,
  purpose: row.purpose,
  checkedIn: row.checkedIn === 1,
  checkedOut: row.checkedOut === 1,
  paid: row.paid === 1,
  costCentimes: row.costCentimes,
});

function push(content: MailContent, url: string): RenderedJob['push'] {
  const body = content.paragraphs[0] ?? '';
  return { title: content.subject, body: body.length > 160 ? `${body.slice(0, 159)}…` : body, url };
}

/**
 * A stay's reminder for its owner, or null when it is no longer due at that moment
 * (checked in meanwhile, paid, moved to other dates, or its day has passed).
 */
export async function renderStayReminder(
  ctx: AppContext,
  user: UserRow,
  language: Language,
  reminder: Exclude<ReminderKind, 'unpaid-summary'>,
  bookingId: string,
  at: LocalMoment,
): Promise<RenderedJob | null> {
  const row = await findBooking(ctx.db, bookingId, { id: user.id, hidden: true });
  if (!row || row.userId !== user.id || !dueStayReminders(stayOf(row), at).includes(reminder)) return null;
  const t = mailTexts(language);
  const base = publicBaseUrl(ctx.config);
  const stay = { dates: formatStayDates(row.startDate, row.endDate) };
  const common = { greeting: t.greeting(user.name), footer: [t.footerKind.reminders, t.unsubscribe] };
  // A stay is registered in Gestione, where the link chooses it.
  const registration = registerPath(row.id);
  const register = `${base}${registration}`;
  // The house's own texts come in the member's language when the house wrote them so; else as it
  // wrote them, with a line that says so.
  const houseNote = (...texts: ({ language: Language } | null)[]) => (texts.some((text) => text && text.language !== language) ? [t.houseText] : []);
  switch (reminder) {
    case 'arrival-eve': {
      const guide = await readHouseMarkdown(ctx.config.contentDir, 'tutorials/arrivo.md', language);
      const letter = await readHouseMarkdown(ctx.config.contentDir, 'welcome.md', language);
      // The letter's bullet points are its essentials; each text's links as the page showing it has them.
      const essentials = letter ? await markdownBulletPoints(letter.source, absoluteUrls(ctx.config, '/app')) : [];
      const mail: MailContent = {
        ...common,
        subject: t.arrivalEve.subject,
        paragraphs: [t.arrivalEve.intro(stay), ...houseNote(essentials.length > 0 ? letter : null, guide), ...(essentials.length > 0 ? [t.arrivalEve.letter] : [])],
        list: essentials,
        button: { label: t.arrivalEve.guide, url: `${base}/app/tutorial/arrivo` },
        ...(guide ? { extra: await renderMarkdownForMail(guide.source, absoluteUrls(ctx.config, '/app/tutorial/arrivo')) } : {}),
      };
      return { mail, push: push(mail, '/app/tutorial/arrivo') };
    }
    case 'checkin-missing': {
      const mail: MailContent = { ...common, subject: t.checkinMissing.subject, paragraphs: [t.checkinMissing.intro(stay)], button: { label: t.checkinMissing.action, url: register } };
      return { mail, push: push(mail, registration) };
    }
    case 'departure': {
      const checklist = await readChecklist(ctx.config.contentDir, language);
      const mail: MailContent = {
        ...common,
        subject: t.departure.subject,
        paragraphs: [t.departure.intro(stay), ...houseNote(checklist), t.departure.checklist],
        list: checklist.groups.flatMap((group) => group.items.map((item) => `${group.title}: ${item.text}`)),
        button: { label: t.departure.action, url: register },
      };
      return { mail, push: push(mail, registration) };
    }
    case 'unpaid': {
      const payment = await readPaymentDetails(ctx.config.contentDir);
      const amount = formatChf(row.costCentimes);
      const billed = { id: row.id, start: row.startDate, end: row.endDate, costCentimes: row.costCentimes, ownerName: row.ownerName };
      const pdf = await qrBillPdf(payment, billed, language);
      const mail: MailContent = {
        ...common,
        subject: t.unpaid.subject(amount),
        paragraphs: [t.unpaid.intro({ ...stay, amount }), t.unpaid.bank(payment.accountHolder, payment.iban), t.unpaid.twint(payment.twintPhone), t.unpaid.attached],
        button: { label: t.unpaid.action, url: register },
        attachments: [{ filename: `qr-bill-${row.startDate}.pdf`, content: pdf, contentType: 'application/pdf' }],
      };
      return { mail, push: push(mail, registration) };
    }
  }
}

/** The weekly list of finished, unpaid stays an admin may see; null when there is none. */
export async function renderUnpaidSummary(ctx: AppContext, user: UserRow, language: Language, today: string): Promise<RenderedJob | null> {
  const stays = await listUnpaidStays(ctx.db, today, { id: user.id, hidden: user.hidden === 1 });
  if (stays.length === 0) return null;
  const t = mailTexts(language);
  const total = formatChf(stays.reduce((sum, s) => sum + s.costCentimes, 0));
  const mail: MailContent = {
    greeting: t.greeting(user.name),
    subject: t.unpaidSummary.subject(stays.length),
    paragraphs: [t.unpaidSummary.intro(stays.length, total)],
    list: stays.map((s) => t.unpaidSummary.line(s.ownerName, formatStayDates(s.startDate, s.endDate), formatChf(s.costCentimes))),
    button: { label: t.unpaidSummary.action, url: `${publicBaseUrl(ctx.config)}/app/statistiche` },
    footer: [t.footerKind.reminders, t.unsubscribe],
  };
  return { mail, push: push(mail, '/app/statistiche') };
}

/** The reminders' messages, for deliveries (registered in parts.ts). */
export const reminderRenderers: Renderers = {
  reminder: (ctx, user, language, job, moment) => renderStayReminder(ctx, user, language, job.reminder, job.bookingId, moment),
  // The weekly summary is of the day it was planned for only.
  'unpaid-summary': (ctx, user, language, job, moment) => (job.day === moment.day ? renderUnpaidSummary(ctx, user, language, moment.day) : null),
};
