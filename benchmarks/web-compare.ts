import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login, measureWithRetries, ms, SCREENS, seconds, type Run } from './lighthouse.ts';
import { CpuThrottling } from './cpu-throttling.ts';
import { median } from './load.ts';
import { fixed, markdownTable } from './report.ts';
import { cli, startRustico, type RunningServer } from './servers.ts';

/**
 * `npm run bench:web:compare -- <web build> <web build> …`: the same Lighthouse runs as
 * `npm run bench:web`, against several builds of the web app at once (copies of
 * build/current/web), each served by its own server on its own demo house. On each screen the
 * runs alternate between the builds, so a busy moment of the machine falls on all of them: on a
 * shared machine the same build's score moves by 3 to 6 points from one hour to the next, more
 * than most changes. Prints medians per screen and build; writes nothing.
 */

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const FIRST_PORT = Number(process.env.BENCH_WEB_PORT ?? 8393);
/** BENCH_WEB_SCREENS=/app,/app/gestione: only these screens. */
const screens = SCREENS.filter((screen) => !process.env.BENCH_WEB_SCREENS || process.env.BENCH_WEB_SCREENS.split(',').includes(screen.path));

interface Build {
  /** Its place in the command line: the same build may be given twice, to see the machine's own spread. */
  index: number;
  dir: string;
  dataDir: string;
  rustico: RunningServer;
  cookie: string;
}

async function serve(dir: string, index: number): Promise<Build> {
  if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir} holds no web build (index.html): copy one with cp -rL build/current/web <dir>`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-bench-compare-'));
  await cli(dataDir, 'demo');
  // The server reads WEB_DIST_DIR once, from the environment it is started with.
  process.env.WEB_DIST_DIR = path.resolve(dir);
  const rustico = await startRustico(FIRST_PORT + index, dataDir);
  const cookie = await login(rustico);
  for (const screen of screens) await fetch(`${rustico.url}${screen.path}`, screen.loggedIn ? { headers: { cookie } } : {});
  return { index, dir, dataDir, rustico, cookie };
}

async function main(): Promise<void> {
  const dirs = process.argv.slice(2);
  if (dirs.length < 2) throw new Error('usage: npm run bench:web:compare -- <web build> <web build> [...]');
  const builds: Build[] = [];
  try {
    for (const [index, dir] of dirs.entries()) builds.push(await serve(dir, index));
    const cpu = new CpuThrottling();
    if (cpu.calibrated) await measureWithRetries(`${builds[0]!.rustico.url}/login`, null, cpu);
    const results = new Map<string, Run[]>();
    for (let round = 1; round <= RUNS; round++) {
      for (const screen of screens) {
        // Each round starts with another build, so none is always the first after a pause.
        const order = builds.map((_, index) => builds[(index + round) % builds.length]!);
        for (const build of order) {
          const run = await measureWithRetries(`${build.rustico.url}${screen.path}`, screen.loggedIn ? build.cookie : null, cpu);
          const key = `${screen.path} ${build.index}`;
          results.set(key, [...(results.get(key) ?? []), run]);
          console.log(`round ${round} ${screen.path} ${build.dir}: performance ${run.performance}, FCP ${seconds(run.fcp)}, LCP ${seconds(run.lcp)}, TBT ${ms(run.tbt)}`);
        }
      }
    }
    const medianOf = (runs: Run[], key: keyof Run) => median(runs.map((run) => run[key]));
    const rows = screens.flatMap((screen) =>
      builds.map(({ index, dir }) => {
        const runs = results.get(`${screen.path} ${index}`)!;
        return [
          screen.path,
          dir,
          fixed(medianOf(runs, 'performance')),
          seconds(medianOf(runs, 'fcp')),
          seconds(medianOf(runs, 'lcp')),
          ms(medianOf(runs, 'tbt')),
          fixed(medianOf(runs, 'cls'), 3),
          fixed(medianOf(runs, 'script') / 1000, 1),
          runs.map((run) => String(run.performance)).join(', '),
        ];
      }),
    );
    console.log(`\nMedians of ${RUNS} runs, alternating between the builds on each screen, ${cpu.describe()}:\n`);
    console.log(markdownTable({ title: 'Lighthouse, mobile preset', columns: ['screen', 'build', 'performance', 'FCP', 'LCP', 'TBT', 'CLS', 'script KB', 'runs'], rows }));
  } finally {
    for (const build of builds) {
      await build.rustico.stop();
      fs.rmSync(build.dataDir, { recursive: true, force: true });
    }
  }
}

await main();
