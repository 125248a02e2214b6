import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { mailDir, mailPort } from './mail.ts';

/**
 * Playwright's global setup: an SMTP server on loopback for the e2e server's emails,
 * written to files the specs read. Returns the teardown.
 */
export default async function startMailSink(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT ?? 8181);
  const dir = mailDir(port);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
          count += 1;
          const file = path.join(dir, `${String(Date.now())}-${String(count).padStart(5, '0')}.json`);
          const attachments = mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType }));
          fs.writeFileSync(file, JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '', attachments }));
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(mailPort(port), '127.0.0.1', resolve);
  });
  return () => new Promise((resolve) => server.close(() => resolve()));
}
