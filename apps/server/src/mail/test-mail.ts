import type { Language } from '@rustico/core';
import type { AppContext } from '../context.ts';
import { composeMail } from './layout.ts';
import { publicBaseUrl } from './links.ts';
import { mailTexts } from './texts.ts';

/** `mail test --to …`: proves SMTP_URL and MAIL_FROM work, in the recipient's language (a member's, else the house's). */
export async function sendTestMail(ctx: AppContext, to: string, language: Language): Promise<void> {
  const t = mailTexts(language);
  await ctx.mailer.send(
    composeMail(to, ctx.config.houseName, {
      subject: t.test.subject,
      greeting: t.greeting(to),
      paragraphs: [t.test.body],
      button: { label: t.openApp, url: publicBaseUrl(ctx.config) },
      footer: [],
    }),
  );
}
