import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { EMAIL_DOMAIN } from './e2e/support/demo.ts';
import { findChromium } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'it-CH',
    timezoneId: 'Europe/Zurich',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: (findChromium() as string | null) ?? undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    // The download budget is measured once, on the desktop project.
    { name: 'phone', testIgnore: /bundle-budget/, use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 } },
    // Touch gestures are tested on the phone only.
    { name: 'desktop', testIgnore: /\.phone\.spec\.ts$/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'sh e2e/support/start-server.sh',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(os.tmpdir(), `rustico-e2e-${port}`),
      DATABASE_URL: '',
      EMAIL_DOMAIN,
      LOG_LEVEL: 'warn',
    },
  },
});
