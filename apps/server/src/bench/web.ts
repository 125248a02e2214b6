import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { findChromium } from '../../../../scripts/chromium.mjs';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { median } from './load.ts';
import { fixed, markdownTable, writeReport, type BenchSection } from './report.ts';
import { cli, repoRoot, startRustico, type RunningServer } from './servers.ts';

/**
 * `npm run bench:web`: Lighthouse (mobile preset: a mid-range phone, simulated slow 4G and a
 * 4x slower CPU) against the production build on the demo house, each screen three times,
 * logged in as an admin (the session cookie on every request) for the /app screens. Prints
 * the table and writes it into docs/performance.md. A benchmark, not a test: nothing asserts.
 */

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 8393);
const REPORT = path.resolve(import.meta.dirname, '../../../../docs/performance.md');
const MARKERS = { begin: '<!-- bench:web:begin (written by npm run bench:web) -->', end: '<!-- bench:web:end -->' };
/** An admin of the demo house (apps/server/src/demo/seed.ts). */
const ADMIN_EMAIL = 'giulia@bernasconi.ch';

interface Screen {
  path: string;
  loggedIn: boolean;
  /** The targets apply to the screens a member lives in. */
  targeted: boolean;
}

const SCREENS: Screen[] = [
  { path: '/login', loggedIn: false, targeted: false },
  { path: '/app', loggedIn: true, targeted: true },
  { path: '/app/calendario', loggedIn: true, targeted: true },
  { path: '/app/gestione', loggedIn: true, targeted: true },
  { path: '/app/impostazioni', loggedIn: true, targeted: true },
];

interface Run {
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

async function login(rustico: RunningServer): Promise<string> {
  const response = await fetch(`${rustico.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return response.headers.getSetCookie().find((c) => c.startsWith('rustico_session='))!.split(';')[0]!;
}

async function measure(url: string, cookie: string | null): Promise<Run> {
  const chromium = await launchChromium();
  try {
    const result = await lighthouse(url, {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
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
    };
  } finally {
    await chromium.stop();
  }
}

/** Lighthouse now and then fails to record a load (NO_NAVSTART on a busy machine): such a run is taken again. */
async function measureWithRetries(url: string, cookie: string | null, attempts = 3): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, cookie);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`  ${url}: ${error instanceof Error ? error.message : String(error)}; again`);
    }
  }
}

const seconds = (ms: number) => `${fixed(ms / 1000, 1)} s`;
const ms = (value: number) => `${fixed(value)} ms`;

function sections(results: Map<Screen, Run[]>): BenchSection[] {
  const medianOf = (runs: Run[], key: keyof Run) => median(runs.map((run) => run[key]));
  const rows = [...results].map(([screen, runs]) => [
    screen.path,
    fixed(medianOf(runs, 'performance')),
    fixed(medianOf(runs, 'accessibility')),
    seconds(medianOf(runs, 'fcp')),
    seconds(medianOf(runs, 'lcp')),
    ms(medianOf(runs, 'tbt')),
    fixed(medianOf(runs, 'cls'), 3),
    seconds(medianOf(runs, 'speedIndex')),
    ms(medianOf(runs, 'bootup')),
    fixed(medianOf(runs, 'script') / 1000, 1),
    runs.map((run) => String(run.performance)).join(', '),
  ]);
  const targeted = [...results].filter(([screen]) => screen.targeted);
  const worst = (key: keyof Run, pick: (a: number, b: number) => number) =>
    targeted.map(([screen, runs]) => ({ path: screen.path, value: medianOf(runs, key) })).reduce((a, b) => (pick(a.value, b.value) === a.value ? a : b));
  const perf = worst('performance', Math.min);
  const cls = worst('cls', Math.max);
  const tbt = worst('tbt', Math.max);
  const accessibility = [...results].map(([screen, runs]) => ({ path: screen.path, value: medianOf(runs, 'accessibility') })).reduce((a, b) => (b.value < a.value ? b : a));
  const check = (met: boolean) => (met ? 'met' : '**not met**');
  return [
    {
      title: 'Lighthouse, mobile preset',
      intro:
        `Medians of ${RUNS} runs per screen, each metric on its own; "script" is the JavaScript transferred (KB, compressed), ` +
        '"script time" Lighthouse\'s bootup-time (evaluation and parsing under the simulated 4x slower CPU); the last column is every run\'s performance score.',
      columns: ['screen', 'performance', 'accessibility', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index', 'script time', 'script KB', 'runs'],
      rows,
    },
    {
      title: 'Targets (/app, /app/calendario, /app/gestione, /app/impostazioni)',
      columns: ['target', 'worst screen', 'measured', ''],
      rows: [
        ['performance ≥ 95', perf.path, fixed(perf.value), check(perf.value >= 95)],
        ['CLS ≤ 0.05', cls.path, fixed(cls.value, 3), check(cls.value <= 0.05)],
        ['TBT ≤ 150 ms', tbt.path, ms(tbt.value), check(tbt.value <= 150)],
        ['accessibility 100 (every screen)', accessibility.path, fixed(accessibility.value), check(accessibility.value >= 100)],
      ],
    },
  ];
}

async function main(): Promise<void> {
  // Lighthouse measures what production serves: build what is stale first.
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-bench-web-'));
  const started = new Date();
  const loadBefore = os.loadavg()[0]!;
  await cli(dataDir, 'demo');
  const rustico = await startRustico(PORT, dataDir);
  try {
    const cookie = await login(rustico);
    // One load of each screen first, so the first measured run does not pay the server's warm-up.
    for (const screen of SCREENS) await fetch(`${rustico.url}${screen.path}`, screen.loggedIn ? { headers: { cookie } } : {});
    const results = new Map<Screen, Run[]>(SCREENS.map((screen) => [screen, []]));
    // Rounds over the screens rather than three in a row, so a busy moment of the machine spreads out.
    for (let round = 1; round <= RUNS; round++) {
      for (const screen of SCREENS) {
        const run = await measureWithRetries(`${rustico.url}${screen.path}`, screen.loggedIn ? cookie : null);
        results.get(screen)!.push(run);
        console.log(
          `round ${round} ${screen.path}: performance ${run.performance}, LCP ${seconds(run.lcp)}, TBT ${ms(run.tbt)}, CLS ${fixed(run.cls, 3)} (load ${fixed(os.loadavg()[0]!, 1)})`,
        );
      }
    }
    const cpus = os.cpus();
    // Debian's chromium wrapper script chatters on stderr.
    const chromium = execFileSync(findChromium()!, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const heading =
      `Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC with Lighthouse ${lighthouseVersion()} and ${chromium}, ` +
      `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, load average ${fixed(loadBefore, 1)} at the start (${fixed(os.loadavg()[0]!, 1)} at the end); ` +
      `the production build on the demo house, logged in as an admin (${ADMIN_EMAIL}) for the /app screens.`;
    const tables = sections(results);
    console.log(`\n${heading}\n`);
    for (const section of tables) console.log(`${markdownTable(section)}\n`);
    writeReport(REPORT, heading, tables, MARKERS);
    console.log(`Written to ${path.relative(process.cwd(), REPORT)}`);
  } finally {
    await rustico.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function lighthouseVersion(): string {
  const file = path.join(repoRoot, 'node_modules/lighthouse/package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

await main();
