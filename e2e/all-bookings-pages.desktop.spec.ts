import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demo } from './support/demo.ts';
import { expect, loginAs, seriousA11yViolations, test } from './support/fixtures.ts';

// A house of its own with twenty years of stays, so the shared demo house of the other specs stays as it is.
// +1 is the test mail server's (support/mail.ts), +50 the offline spec's.
const port = Number(process.env.E2E_PORT ?? 8181) + 2;
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = path.join(os.tmpdir(), `rustico-e2e-${port}-twenty-years`);
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', EMAIL_DOMAIN: 'bernasconi.ch', LOG_LEVEL: 'warn' };
  for (const args of [['demo'], ['demo', 'history', '--years', '20']]) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], { env, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
  }
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { env, stdio: 'ignore' });
  await expect.poll(async () => (await fetch(`${baseURL}/api/health`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('all bookings of twenty years come a page at a time as the admin scrolls or picks a year', async ({ page }) => {
  await loginAs(page, demo.admin);
  const firstAnswer = page.waitForResponse((response) => response.url().endsWith('/api/users/0/bookings'));
  await page.goto('/app/prenotazioni/0');
  expect((await (await firstAnswer).body()).byteLength).toBeLessThanOrEqual(100 * 1024);

  const entries = page.locator('main li > button[aria-expanded]');
  await expect(entries).toHaveCount(30);
  // Scrolling to the end of the list brings the next page by itself.
  await page.getByRole('button', { name: 'Carica altre prenotazioni' }).scrollIntoViewIfNeeded();
  await expect(entries).toHaveCount(60);

  const year = String(new Date().getFullYear() - 10);
  await page.getByRole('combobox', { name: 'Anno' }).click();
  await page.getByRole('option', { name: year, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`anno=${year}`));
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([year]);
  // A year holds about 50 stays: the rest of it arrives as the list's end comes into view.
  await page.getByRole('button', { name: 'Carica altre prenotazioni' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Carica altre prenotazioni' })).toHaveCount(0);
  const shown = await entries.count();
  expect(shown).toBeGreaterThan(45);
  expect(await seriousA11yViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Esporta CSV' }).click()]);
  const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines.length - 1).toBe(shown);
});
