import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, todayIn } from '@rustico/core';
import { DEMO_PASSWORD } from '../apps/server/src/demo/seed.ts';
import { CONNECTIONS, load, median } from './load.ts';
import { fixed, markdownTable, percent, writeReport, type BenchSection } from './report.ts';
import { footprint } from './footprint.ts';
import { cli, repoRoot, startBareFastify, startRustico, type RunningServer } from './servers.ts';

/**
 * `npm run bench`: the production server on the demo house against a bare
 * Fastify on the same Node, autocannon with 50 connections in interleaved
 * rounds (medians), then again after 20 years of data. Prints the tables and
 * writes them into docs/performance.md.
 *
 * A new measurement is a function (bench: Bench) => Promise<BenchSection[]>
 * added to MEASUREMENTS; it runs on the 20-year house after the throughput.
 */
export interface Bench {
  rustico: RunningServer;
  bare: RunningServer;
  /** A superadmin's session cookie (`rustico_session=…`). */
  cookie: string;
  /** Seconds per load run. */
  seconds: number;
  /** What the calendar asks for: the month of bookings. */
  monthPath: string;
}

const MEASUREMENTS: ((bench: Bench) => Promise<BenchSection[]>)[] = [footprint];

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 8391);
const REPORT = path.resolve(import.meta.dirname, '../docs/performance.md');

interface Target {
  name: string;
  path: string;
}

/** What each screen asks for first, as the web app sends it. */
function screenTargets(userId: string, today: string): Target[] {
  const first = `${today.slice(0, 8)}01`;
  // The calendar shows six weeks from the Monday on or before the 1st.
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(first, -weekday);
  return [
    { name: 'health', path: '/api/health' },
    { name: 'month (calendar)', path: `/api/bookings?from=${from}&to=${addDays(from, 41)}` },
    { name: 'notes', path: '/api/notes' },
    { name: 'next booking (home)', path: '/api/bookings/next' },
    { name: 'last note (home)', path: '/api/notes/latest' },
    { name: 'house letter (home)', path: '/api/content/welcome' },
    { name: 'my history', path: `/api/users/${userId}/bookings` },
    { name: 'statistics of the year', path: `/api/admin/statistics?year=${today.slice(0, 4)}` },
    { name: 'all bookings, first page', path: '/api/users/0/bookings' },
  ];
}

interface Figures {
  rps: number;
  p99: number;
  bytes: number;
}

/** Rounds of bare Fastify then every target, one after the other, so background load hits all alike. */
async function measure(bench: Bench, targets: Target[]): Promise<{ bare: Figures; targets: Map<string, Figures> }> {
  const runs = new Map<string, { rps: number[]; p99: number[] }>();
  const record = (name: string, rps: number, p99: number) => {
    const entry = runs.get(name) ?? { rps: [], p99: [] };
    entry.rps.push(rps);
    entry.p99.push(p99);
    runs.set(name, entry);
  };
  // Warm up the JIT and the database's cache before anything counts.
  await load(`${bench.bare.url}/`, 2);
  for (const target of targets) await load(`${bench.rustico.url}${target.path}`, 1, bench.cookie);
  for (let round = 1; round <= ROUNDS; round++) {
    process.stdout.write(`  round ${round}/${ROUNDS}:`);
    const bare = await load(`${bench.bare.url}/`, bench.seconds);
    record('bare', bare.rps, bare.p99);
    for (const target of targets) {
      const result = await load(`${bench.rustico.url}${target.path}`, bench.seconds, bench.cookie);
      record(target.name, result.rps, result.p99);
      process.stdout.write('.');
    }
    process.stdout.write('\n');
  }
  const figures = async (name: string, url: string, cookie?: string): Promise<Figures> => {
    const answer = await fetch(url, cookie ? { headers: { cookie } } : {});
    const entry = runs.get(name)!;
    return { rps: median(entry.rps), p99: median(entry.p99), bytes: (await answer.arrayBuffer()).byteLength };
  };
  const result = new Map<string, Figures>();
  for (const target of targets) result.set(target.name, await figures(target.name, `${bench.rustico.url}${target.path}`, bench.cookie));
  return { bare: await figures('bare', `${bench.bare.url}/`), targets: result };
}

async function login(rustico: RunningServer): Promise<{ cookie: string; userId: string }> {
  const response = await fetch(`${rustico.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'marco@bernasconi.ch', password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('rustico_session='))!.split(';')[0]!;
  return { cookie, userId: ((await response.json()) as { user: { id: string } }).user.id };
}

function throughputSections(young: Awaited<ReturnType<typeof measure>>, old: Awaited<ReturnType<typeof measure>>): BenchSection[] {
  const row = (name: string, a: Figures, b: Figures): string[] => [
    name,
    fixed(a.rps),
    percent(a.rps / young.bare.rps),
    fixed(a.p99),
    fixed(b.rps),
    percent(b.rps / old.bare.rps),
    fixed(b.p99),
    `${fixed(a.rps / b.rps, 2)}x`,
    fixed(b.bytes / 1024, 1),
  ];
  const rows = [row('bare Fastify (reference)', young.bare, old.bare)];
  for (const [name, figures] of young.targets) rows.push(row(name, figures, old.targets.get(name)!));

  const ratio = (name: string) => young.targets.get(name)!.rps / young.bare.rps;
  const slowdowns = [...young.targets].map(([name, figures]) => ({ name, by: figures.rps / old.targets.get(name)!.rps }));
  const worst = slowdowns.reduce((a, b) => (b.by > a.by ? b : a));
  const allBookings = old.targets.get('all bookings, first page')!.bytes;
  const month = young.targets.get('month (calendar)')!;
  const check = (met: boolean) => (met ? 'met' : '**not met**');
  return [
    {
      title: 'Requests per second, young house and after 20 years',
      intro:
        `Medians of ${ROUNDS} interleaved rounds of ${SECONDS} s, autocannon with ${CONNECTIONS} connections; ` +
        '"% of bare" divides by the bare Fastify of the same phase; "slower" is young ÷ 20 years; the answer size is at 20 years.',
      columns: ['request', 'young req/s', '% of bare', 'p99 ms', '20 years req/s', '% of bare', 'p99 ms', 'slower', 'answer KB'],
      rows,
    },
    {
      title: 'Targets',
      columns: ['target', 'measured', ''],
      rows: [
        ['/api/health ≥ 40% of bare Fastify', percent(ratio('health')), check(ratio('health') >= 0.4)],
        ['a month of bookings ≥ 20% of bare Fastify', percent(ratio('month (calendar)')), check(ratio('month (calendar)') >= 0.2)],
        ['a month of bookings p99 ≤ 10 ms', `${fixed(month.p99)} ms`, check(month.p99 <= 10)],
        [`after 20 years every screen within 1.5x (slowest: ${worst.name})`, `${fixed(worst.by, 2)}x`, check(worst.by <= 1.5)],
        ['all bookings, first answer at 20 years ≤ 100 KB', `${fixed(allBookings / 1024, 1)} KB`, check(allBookings <= 100 * 1024)],
      ],
    },
  ];
}

async function main(): Promise<void> {
  // The servers measured are the compiled ones: build what is stale first.
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-bench-'));
  const started = new Date();
  const loadBefore = os.loadavg()[0]!;
  console.log(`Demo house in ${dataDir}`);
  await cli(dataDir, 'demo');
  const rustico = await startRustico(PORT, dataDir);
  const bare = await startBareFastify(PORT + 1, dataDir);
  try {
    const { cookie, userId } = await login(rustico);
    const targets = screenTargets(userId, todayIn('Europe/Zurich', new Date()));
    const bench: Bench = { rustico, bare, cookie, seconds: SECONDS, monthPath: targets.find((t) => t.name === 'month (calendar)')!.path };
    console.log('Young house:');
    const young = await measure(bench, targets);
    console.log('Adding 20 years of data…');
    await cli(dataDir, 'demo', 'history', '--years', '20');
    console.log('After 20 years:');
    const old = await measure(bench, targets);
    const sections = throughputSections(young, old);
    for (const measurement of MEASUREMENTS) sections.push(...(await measurement(bench)));

    const cpus = os.cpus();
    const heading =
      `Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on Node ${process.version}, ` +
      `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, load average ${fixed(loadBefore, 1)} at the start ` +
      `(${fixed(os.loadavg()[0]!, 1)} at the end); SQLite, logging at info to a file; autocannon on the same machine.`;
    console.log(`\n${heading}\n`);
    for (const section of sections) console.log(`${markdownTable(section)}\n`);
    writeReport(REPORT, heading, sections);
    console.log(`Written to ${path.relative(process.cwd(), REPORT)}`);
  } finally {
    await rustico.stop();
    await bare.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
