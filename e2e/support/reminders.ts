import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { EMAIL_DOMAIN } from './demo.ts';
import { mailPort } from './mail.ts';

const port = Number(process.env.E2E_PORT ?? 8181);

/**
 * `npm run cli -- reminders run --at …` against the e2e server's house, as cron would run it; its
 * report. Without `mail` it runs as a house without SMTP_URL: push is the only way.
 */
export function runReminders(at: string, { mail = true } = {}): string {
  const result = spawnSync(process.execPath, ['build/current/server/cli.js', 'reminders', 'run', '--at', at], {
    env: {
      ...process.env,
      DATA_DIR: path.join(os.tmpdir(), `rustico-e2e-${port}`),
      DATABASE_URL: '',
      EMAIL_DOMAIN,
      LOG_LEVEL: 'warn',
      SMTP_URL: mail ? `smtp://127.0.0.1:${mailPort(port)}` : '',
      MAIL_FROM: 'Rustico Corzoneso <rustico@bernasconi.ch>',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}
