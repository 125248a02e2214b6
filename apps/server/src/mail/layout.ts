import type { MailMessage } from './mailer.ts';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/** The parts of an email; plain text everywhere except `extraHtml`, which is already safe HTML. */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  list?: string[];
  button?: { label: string; url: string };
  /** A house text (content/renderMarkdownForMail): safe HTML, and the same as readable text, links absolute in both. */
  extra?: { html: string; text: string };
  /** Closing lines, e.g. where the unsubscribe link is. */
  footer: string[];
  /** The signed link that stops this kind of email, and its label. */
  unsubscribe?: { url: string; label: string };
  attachments?: MailMessage['attachments'];
}

/** Renders an email as HTML and plain text, with the house's name on top. */
export function composeMail(to: string, houseName: string, content: MailContent): MailMessage {
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.list ? [...content.list.map((item) => `- ${item}`), ''] : []),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ''] : []),
    ...(content.extra ? [content.extra.text.trim(), ''] : []),
    '-- ',
    houseName,
    ...content.footer,
  ].join('\n');
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f1ea;font-family:Georgia,'Times New Roman',serif;color:#2b2420">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<p style="font-size:14px;letter-spacing:.08em;text-transform:uppercase;color:#8a5a3c;margin:0 0 16px">${escapeHtml(houseName)}</p>
<div style="background:#fffdf9;border-radius:12px;padding:24px;font-size:16px;line-height:1.5">
<p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
${content.list ? `<ul style="margin:0 0 16px;padding-left:20px">${content.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : ''}
${
  content.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.button.url)}" style="background:#b5542d;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${escapeHtml(content.button.label)}</a></p>`
    : ''
}
${content.extra ? `<div style="border-top:1px solid #e8dfd3;margin-top:16px;padding-top:8px">${content.extra.html}</div>` : ''}
</div>
<p style="font-size:13px;color:#6b5f57;margin:16px 0 0">${content.footer.map(escapeHtml).join('<br>')}${
    content.unsubscribe ? ` <a href="${escapeHtml(content.unsubscribe.url)}" style="color:#6b5f57">${escapeHtml(content.unsubscribe.label)}</a>` : ''
  }</p>
</div></body></html>`;
  return {
    to,
    subject: content.subject,
    text: content.unsubscribe ? `${text}\n${content.unsubscribe.url}\n` : `${text}\n`,
    html,
    ...(content.attachments ? { attachments: content.attachments } : {}),
    ...(content.unsubscribe ? { unsubscribeUrl: content.unsubscribe.url } : {}),
  };
}
