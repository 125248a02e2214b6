import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { EMAIL_DOMAIN } from './e2e/support/demo.ts';
import { mailPort } from './e2e/support/mail.ts';
import { findChromium } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: 'e2e',
  // The SMTP server the e2e server sends its emails to.
  globalSetup: './e2e/support/mail-sink.ts',
  fullyParallel: true,
  // Playwright's default is half the cores: one worker on a two-core machine, which leaves a core
  // idle while a test waits for the server. Two or more use both (E2E_WORKERS to choose).
  workers: Number(process.env.E2E_WORKERS ?? Math.max(2, Math.floor(os.availableParallelism() / 2))),
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  // CI shares two cores with whatever else the machine runs: a flow of 5 s has been seen to take
  // 30 s there. A hang still fails, a minute later.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'it-CH',
    timezoneId: 'Europe/Zurich',
    // Recording a trace for every test cost about a sixth of the step's CPU, and CI keeps no
    // files to open it from: off, and `--trace retain-on-failure` where one will be read.
    trace: 'off',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: (findChromium() as string | null) ?? undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  /*
   * User flows run on the phone, where the family uses Rustico most. The desktop runs what differs
   * there: every screen's accessibility (axe), the desktop's own specs, and the tests tagged
   * @desktop (a path of its own: the mouse, the keyboard, the side bar) or @layout (how a screen
   * fits its width), which the widths between phone and desktop run too.
   */
  projects: [
    { name: 'phone', testIgnore: /\.desktop\.spec\.ts$/, use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 } },
    {
      name: 'desktop',
      testIgnore: /\.phone\.spec\.ts$/,
      grep: [/@desktop/, /@layout/, /accessibility\.spec\.ts/, /\.desktop\.spec\.ts/],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    // Large phones and small tablets, where the navigation changes sides.
    { name: 'w560', grep: /@layout/, testIgnore: /\.(phone|desktop)\.spec\.ts$/, use: { ...devices['Pixel 7'], viewport: { width: 560, height: 900 }, deviceScaleFactor: 1 } },
    { name: 'w768', grep: /@layout/, testIgnore: /\.(phone|desktop)\.spec\.ts$/, use: { ...devices['Pixel 7'], viewport: { width: 768, height: 1024 }, deviceScaleFactor: 1 } },
  ],
  webServer: {
    command: 'sh e2e/support/start-server.sh',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // Room for a build when a source changed since the last one.
    timeout: 240_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(os.tmpdir(), `rustico-e2e-${port}`),
      DATABASE_URL: '',
      EMAIL_DOMAIN,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${mailPort(port)}`,
      MAIL_FROM: 'Rustico Corzoneso <rustico@bernasconi.ch>',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The daily-flows push test runs its push service on loopback.
      PUSH_ALLOW_LOOPBACK: 'true',
      // Parallel specs share the demo accounts; the limit itself is covered by the API tests.
      WRITE_LIMIT_PER_MINUTE: '600',
      // The demo's accounts and every login at argon2id's lowest cost (auth/passwords.test.ts checks the real one).
      PASSWORD_HASH_MEMORY_KIB: '8',
      PASSWORD_HASH_ITERATIONS: '1',
    },
  },
});
