import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONNECTIONS, load, median } from './load.ts';
import { alive, cpuMs, processTree, rssMb } from './processes.ts';
import { fixed, type BenchSection } from './report.ts';
import type { Bench } from './run.ts';
import { repoRoot } from './servers.ts';

/**
 * The production footprint: `npm start` on an empty SQLite house with a
 * current build (time to the first /api/health answer, memory at rest, the
 * processes beside the server), and the memory of the running server under
 * two minutes of load on the month of bookings.
 */
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
/** RSS soon after the first answer, and at rest: V8 gives back the start's young generation once the process has idled for some seconds. */
const SETTLING_MS = 5_000;
const REST_MS = 30_000;
const RESTARTS = 3;
const PORT = Number(process.env.BENCH_FOOTPRINT_PORT ?? 8395);

interface Start {
  firstAnswerMs: number;
  /** CPU time of npm, the build check and the server until the first answer: what a loaded machine does not inflate. */
  cpuMs: number;
  settlingRss: number;
  restRss: number;
  helpers: string[];
}

/** One `npm start` as the README says, until it rests; then SIGTERM to npm's process. */
async function npmStart(dataDir: string): Promise<Start> {
  const log = fs.openSync(path.join(dataDir, 'start.log'), 'a');
  const began = performance.now();
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise((resolve) => npm.once('exit', resolve));
  try {
    let firstAnswerMs = NaN;
    let cpu = NaN;
    while (Number.isNaN(firstAnswerMs)) {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}; see ${dataDir}/start.log`);
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) {
          firstAnswerMs = performance.now() - began;
          cpu = processTree(npm.pid!).reduce((sum, p) => sum + cpuMs(p.pid), 0);
        }
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLING_MS));
    const tree = processTree(npm.pid!).slice(1);
    const server = tree.find((p) => p.command.endsWith('server/main.js'));
    if (!server) throw new Error(`no server process under npm start: ${JSON.stringify(tree)}`);
    const settlingRss = rssMb(server.pid);
    await new Promise((resolve) => setTimeout(resolve, REST_MS - SETTLING_MS));
    return { firstAnswerMs, cpuMs: cpu, settlingRss, restRss: rssMb(server.pid), helpers: tree.filter((p) => p !== server).map((p) => p.command) };
  } finally {
    npm.kill('SIGTERM');
    await exited;
    fs.closeSync(log);
  }
}

/** Load on the month of bookings, RSS sampled every second; the figures of each minute. */
async function soak(bench: Bench) {
  const pid = bench.rustico.process.pid!;
  const samples: number[] = [];
  const sampler = setInterval(() => alive(pid) && samples.push(rssMb(pid)), 1000);
  try {
    const before = rssMb(pid);
    const url = `${bench.rustico.url}${bench.monthPath}`;
    const first = await load(url, SOAK_SECONDS, bench.cookie);
    const afterFirst = rssMb(pid);
    const second = await load(url, SOAK_SECONDS, bench.cookie);
    const afterSecond = rssMb(pid);
    return { before, first, afterFirst, second, afterSecond, peak: Math.max(...samples, afterSecond) };
  } finally {
    clearInterval(sampler);
  }
}

export async function footprint(bench: Bench): Promise<BenchSection[]> {
  console.log('Footprint: npm start on an empty house…');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-footprint-'));
  try {
    const first = await npmStart(dataDir);
    const restarts: Start[] = [];
    for (let i = 0; i < RESTARTS; i++) restarts.push(await npmStart(dataDir));
    console.log(`Footprint: ${2 * SOAK_SECONDS} s of load on the month of bookings…`);
    const soaked = await soak(bench);

    const restart = {
      firstAnswerMs: median(restarts.map((r) => r.firstAnswerMs)),
      cpuMs: median(restarts.map((r) => r.cpuMs)),
      settlingRss: median(restarts.map((r) => r.settlingRss)),
      restRss: median(restarts.map((r) => r.restRss)),
    };
    const helpers = [...new Set([...first.helpers, ...restarts.flatMap((r) => r.helpers)])];
    const growth = Math.abs(soaked.afterSecond - soaked.afterFirst) / soaked.afterFirst;
    const check = (met: boolean) => (met ? 'met' : '**not met**');
    const mb = (value: number) => `${fixed(value)} MB`;
    return [
      {
        title: 'Footprint',
        intro:
          `\`npm start\` with a current build on an empty SQLite house (the first start, then the median of ${RESTARTS} restarts), ` +
          `the server's RSS ${SETTLING_MS / 1000} s after its first answer and at rest, ${REST_MS / 1000} s after it; then ${SOAK_SECONDS} s and ${SOAK_SECONDS} s more of autocannon ` +
          `with ${CONNECTIONS} connections on the month of bookings of the 20-year house, RSS sampled every second.`,
        columns: ['measure', 'measured', 'target', ''],
        rows: [
          ['first /api/health after npm start, first start', `${fixed(first.firstAnswerMs)} ms`, '', ''],
          ['first /api/health after npm start, restart', `${fixed(restart.firstAnswerMs)} ms`, '≤ 1,000 ms', check(restart.firstAnswerMs <= 1000)],
          ['CPU time until that answer (npm, build check, server), first start / restart', `${fixed(first.cpuMs)} ms / ${fixed(restart.cpuMs)} ms`, '', ''],
          [`server RSS ${SETTLING_MS / 1000} s after the first answer, first start / restart`, `${mb(first.settlingRss)} / ${mb(restart.settlingRss)}`, '', ''],
          ['server RSS at rest, first start', mb(first.restRss), '≤ 80 MB', check(first.restRss <= 80)],
          ['server RSS at rest, restart', mb(restart.restRss), '≤ 80 MB', check(restart.restRss <= 80)],
          ['processes beside the server (npm aside)', helpers.length ? helpers.join(', ') : 'none', 'none', check(helpers.length === 0)],
          ['RSS before the load', mb(soaked.before), '', ''],
          [`month of bookings, req/s in the first and second ${SOAK_SECONDS} s`, `${fixed(soaked.first.rps)} / ${fixed(soaked.second.rps)}`, '', ''],
          ['RSS at the end of the first and the second minute', `${mb(soaked.afterFirst)} / ${mb(soaked.afterSecond)}`, 'within 10%', check(growth <= 0.1)],
          ['highest RSS under load', mb(soaked.peak), '< 160 MB', check(soaked.peak < 160)],
        ],
      },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
