import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The e2e server's SMTP port: next to its HTTP port (SMTP_URL in playwright.config.ts). */
export const mailPort = (httpPort: number) => httpPort + 1;

/** Where the test SMTP server (mail-sink.ts) leaves each message it receives, as JSON. */
export const mailDir = (httpPort: number) => path.join(os.tmpdir(), `rustico-e2e-${httpPort}-mail`);

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  /** What is attached, by name and type (a reminder's QR-bill). */
  attachments: { filename: string; contentType: string }[];
}

/** Waits for the first message to an address that matches, as the member's inbox would show it. */
export async function waitForMail(httpPort: number, to: string, match: (mail: CaughtMail) => boolean, timeoutMs = 15_000): Promise<CaughtMail> {
  const dir = mailDir(httpPort);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    for (const file of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CaughtMail;
      if (mail.to.includes(to) && match(mail)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no email to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The address behind an email's button, as its plain text gives it (`Apri l'app: http://…`). */
export function buttonLink(mail: CaughtMail, label: string): string | undefined {
  return mail.text.split('\n').find((line) => line.startsWith(`${label}: `))?.slice(label.length + 2);
}
