import { formatStayDates, type Language } from '@rustico/core';
import type { AppContext } from '../context.ts';
import type { RenderedJob } from '../deliveries/jobs.ts';
import type { Renderers } from '../deliveries/service.ts';
import type { MailContent } from '../mail/layout.ts';
import { publicBaseUrl } from '../mail/links.ts';
import { mailTexts } from '../mail/texts.ts';
import type { UserRow } from '../users/service.ts';
import { overdueTask } from './service.ts';

const texts: Record<Language, { subject: (title: string) => string; intro: (title: string, window: string) => string; action: string }> = {
  it: {
    subject: (title) => `Lavoro in ritardo: ${title}`,
    intro: (title, window) => `«${title}» andava fatto ${window} e nessuno l’ha ancora segnato come fatto.`,
    action: 'Apri i lavori',
  },
  de: {
    subject: (title) => `Arbeit überfällig: ${title}`,
    intro: (title, window) => `«${title}» war ${window} fällig und ist noch nicht als erledigt markiert.`,
    action: 'Arbeiten öffnen',
  },
  en: {
    subject: (title) => `Work overdue: ${title}`,
    intro: (title, window) => `“${title}” was due ${window} and nobody has marked it done yet.`,
    action: 'Open the work list',
  },
  fr: {
    subject: (title) => `Travail en retard: ${title}`,
    intro: (title, window) => `«${title}» était à faire ${window} et personne ne l’a encore marqué comme fait.`,
    action: 'Ouvrir les travaux',
  },
};

/** An overdue task for an admin; null once it is done or deleted. */
export async function renderTaskOverdue(ctx: AppContext, user: UserRow, language: Language, taskId: string): Promise<RenderedJob | null> {
  const task = await overdueTask(ctx, taskId);
  if (!task) return null;
  const t = mailTexts(language);
  const own = texts[language];
  const mail: MailContent = {
    greeting: t.greeting(user.name),
    subject: own.subject(task.title),
    paragraphs: [own.intro(task.title, formatStayDates(task.from, task.to))],
    button: { label: own.action, url: `${publicBaseUrl(ctx.config)}/app/lavori` },
    footer: [t.footerKind.reminders, t.unsubscribe],
  };
  const body = mail.paragraphs[0] ?? '';
  return { mail, push: { title: mail.subject, body: body.length > 160 ? `${body.slice(0, 159)}…` : body, url: '/app/lavori' } };
}

/** Registered in parts.ts: deliveries writes the overdue reminder with it. */
export const upkeepRenderers: Renderers = {
  'task-overdue': (ctx, user, language, job) => renderTaskOverdue(ctx, user, language, job.taskId),
};
