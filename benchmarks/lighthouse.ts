import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { findChromium } from '../scripts/chromium.mjs';
import { DEMO_PASSWORD } from '../apps/server/src/demo/seed.ts';
import type { CpuThrottling } from './cpu-throttling.ts';
import { fixed } from './report.ts';
import type { RunningServer } from './servers.ts';

/** What `npm run bench:web` and `npm run bench:web:compare` share: the screens, a logged-in Lighthouse run. */

/** An admin of the demo house (apps/server/src/demo/seed.ts). */
export const ADMIN_EMAIL = 'giulia@bernasconi.ch';

export interface Screen {
  path: string;
  loggedIn: boolean;
  /** The targets apply to the screens a member lives in. */
  targeted: boolean;
}

export const SCREENS: Screen[] = [
  { path: '/login', loggedIn: false, targeted: false },
  { path: '/app', loggedIn: true, targeted: true },
  { path: '/app/calendario', loggedIn: true, targeted: true },
  { path: '/app/gestione', loggedIn: true, targeted: true },
  { path: '/app/impostazioni', loggedIn: true, targeted: true },
];

export interface Run {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** Script transferred, bytes. */
  script: number;
  /** Main-thread script evaluation under the simulated CPU, ms. */
  bootup: number;
  /**
   * Lighthouse's measure of the host CPU during the run. Its 4x slowdown is meant for a host of
   * about 1,500 (cpu-throttling.ts); at 1,000 or less Lighthouse warns that the scores suffer.
   */
  benchmarkIndex: number;
  /** The CPU slowdown Lighthouse simulated. */
  cpuSlowdown: number;
}

/** A headless Chromium with its DevTools port open, on a profile of its own. */
async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const executable = findChromium();
  if (!executable) throw new Error('no Chromium found: run node scripts/ensure-chromium.mjs');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-lighthouse-'));
  const child: ChildProcess = spawn(
    executable,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port:\n${seen}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${String(code)}:\n${seen}`)));
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    // Chromium's helper processes can still be writing into the profile after the browser exits:
    // a profile left in the temporary folder must not end the whole benchmark.
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (error) {
      console.log(`  left ${profile}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return { port, stop };
}

export async function login(rustico: RunningServer): Promise<string> {
  const response = await fetch(`${rustico.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return response.headers.getSetCookie().find((c) => c.startsWith('rustico_session='))!.split(';')[0]!;
}

async function measure(url: string, cookie: string | null, cpuSlowdown: number): Promise<Run> {
  const chromium = await launchChromium();
  try {
    const result = await lighthouse(url, {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      throttling: { cpuSlowdownMultiplier: cpuSlowdown },
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A redirect elsewhere (to /login: the cookie did not work) would measure another screen.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${lhr.finalDisplayedUrl} (not logged in?)`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const summary = lhr.audits['resource-summary']?.details;
    const items = summary && 'items' in summary ? (summary.items as { resourceType: string; transferSize: number }[]) : [];
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      speedIndex: numeric('speed-index'),
      script: items.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
      bootup: numeric('bootup-time'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      cpuSlowdown,
    };
  } finally {
    await chromium.stop();
  }
}

/** Lighthouse now and then fails to record a load (NO_NAVSTART on a busy machine): such a run is taken again. */
export async function measureWithRetries(url: string, cookie: string | null, cpu: CpuThrottling, attempts = 3): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      const run = await measure(url, cookie, cpu.slowdown());
      cpu.observe(run);
      return run;
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`  ${url}: ${error instanceof Error ? error.message : String(error)}; again`);
    }
  }
}

export const seconds = (ms: number) => `${fixed(ms / 1000, 1)} s`;
export const ms = (value: number) => `${fixed(value)} ms`;
