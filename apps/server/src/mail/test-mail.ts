import type { AppContext } from '../context.ts';
import { composeMail } from './layout.ts';
import { publicBaseUrl } from './links.ts';
import { mailTexts } from './texts.ts';

/** `mail test --to …`: proves SMTP_URL and MAIL_FROM work, in the house's language. */
export async function sendTestMail(ctx: AppContext, to: string): Promise<void> {
  const t = mailTexts('it');
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
