import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from '../scripts/chromium.mjs';
import { ADMIN_EMAIL, login, measureWithRetries, ms, SCREENS, seconds, type Run, type Screen } from './lighthouse.ts';
import { CpuThrottling, SLOW_HOST_BENCHMARK_INDEX } from './cpu-throttling.ts';
import { median } from './load.ts';
import { fixed, markdownTable, writeReport, type BenchSection } from './report.ts';
import { cli, repoRoot, startRustico } from './servers.ts';

/**
 * `npm run bench:web`: Lighthouse (mobile preset: a mid-range phone, simulated slow 4G and a
 * 4x slower CPU) against the production build on the demo house, each screen three times,
 * logged in as an admin (the session cookie on every request) for the /app screens. Prints
 * the table and writes it into docs/performance.md. A benchmark, not a test: nothing asserts.
 */

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 8393);
const REPORT = path.resolve(import.meta.dirname, '../docs/performance.md');
const MARKERS = { begin: '<!-- bench:web:begin (written by npm run bench:web) -->', end: '<!-- bench:web:end -->' };

function sections(results: Map<Screen, Run[]>, cpu: CpuThrottling): BenchSection[] {
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
    fixed(medianOf(runs, 'benchmarkIndex')),
    `${fixed(medianOf(runs, 'cpuSlowdown'), 1)}x`,
    runs.map((run) => String(run.performance)).join(', '),
  ]);
  const targeted = [...results].filter(([screen]) => screen.targeted);
  const worst = (key: keyof Run, pick: (a: number, b: number) => number) =>
    targeted.map(([screen, runs]) => ({ path: screen.path, value: medianOf(runs, key) })).reduce((a, b) => (pick(a.value, b.value) === a.value ? a : b));
  const perf = worst('performance', Math.min);
  const cls = worst('cls', Math.max);
  const tbt = worst('tbt', Math.max);
  const host = worst('benchmarkIndex', Math.min);
  const accessibility = [...results].map(([screen, runs]) => ({ path: screen.path, value: medianOf(runs, 'accessibility') })).reduce((a, b) => (b.value < a.value ? b : a));
  const check = (met: boolean) => (met ? 'met' : '**not met**');
  return [
    {
      title: cpu.calibrated ? 'Lighthouse, mobile preset, CPU slowdown calibrated' : 'Lighthouse, mobile preset',
      intro:
        `Medians of ${RUNS} runs per screen, each metric on its own; "script" is the JavaScript transferred (KB, compressed), ` +
        '"script time" Lighthouse\'s bootup-time (evaluation and parsing under the simulated slower CPU); ' +
        `"host CPU" Lighthouse's benchmark index of this machine during the runs (its 4x slowdown expects about 1,500; it warns that scores suffer at ${SLOW_HOST_BENCHMARK_INDEX} or less), ` +
        `"slowdown" the CPU slowdown simulated (${cpu.describe()}); the last column is every run's performance score.`,
      columns: ['screen', 'performance', 'accessibility', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index', 'script time', 'script KB', 'host CPU', 'slowdown', 'runs'],
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
        [
          `host CPU above ${SLOW_HOST_BENCHMARK_INDEX} (else Lighthouse warns; not a target)`,
          host.path,
          fixed(host.value),
          host.value > SLOW_HOST_BENCHMARK_INDEX ? 'as Lighthouse expects' : '**slower than Lighthouse expects**',
        ],
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
    const cpu = new CpuThrottling();
    // A calibrated first run needs the host's benchmark index from a run before it.
    if (cpu.calibrated) await measureWithRetries(`${rustico.url}/login`, null, cpu);
    const results = new Map<Screen, Run[]>(SCREENS.map((screen) => [screen, []]));
    // Rounds over the screens rather than three in a row, so a busy moment of the machine spreads out.
    for (let round = 1; round <= RUNS; round++) {
      for (const screen of SCREENS) {
        const run = await measureWithRetries(`${rustico.url}${screen.path}`, screen.loggedIn ? cookie : null, cpu);
        results.get(screen)!.push(run);
        console.log(
          `round ${round} ${screen.path}: performance ${run.performance}, LCP ${seconds(run.lcp)}, TBT ${ms(run.tbt)}, CLS ${fixed(run.cls, 3)} (host CPU ${fixed(run.benchmarkIndex)}, slowdown ${fixed(run.cpuSlowdown, 1)}x, load ${fixed(os.loadavg()[0]!, 1)})`,
        );
      }
    }
    const cpus = os.cpus();
    // Debian's chromium wrapper script chatters on stderr.
    const chromium = execFileSync(findChromium()!, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const heading =
      `Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC with Lighthouse ${lighthouseVersion()} and ${chromium}, ` +
      `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, load average ${fixed(loadBefore, 1)} at the start (${fixed(os.loadavg()[0]!, 1)} at the end); ` +
      `${cpu.describe()}; the production build on the demo house, logged in as an admin (${ADMIN_EMAIL}) for the /app screens.`;
    const tables = sections(results, cpu);
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
