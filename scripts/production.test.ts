import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/src/test/ports.ts';
import { alive, processTree, type Proc } from '../benchmarks/processes.ts';

/** The built server as production runs it: `npm start` on a current build, node alone. */
const root = path.resolve(import.meta.dirname, '..');
const temporary: string[] = [];
const started: ChildProcess[] = [];
/** Processes a failing test may leave behind (an orphaned server), ended by id afterwards. */
const spawnedTrees: Proc[][] = [];

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

function npmStart(cwd: string, env: Record<string, string>) {
  const child = spawn('npm', ['start'], { cwd, env: { ...process.env, HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn', ...env } });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(url: string, exited: Promise<unknown>, output: () => string): Promise<Response> {
  let stopped = false;
  void exited.then(() => (stopped = true));
  for (let i = 0; i < 600; i++) {
    if (stopped) throw new Error(`npm start ended before answering:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no answer from ${url}:\n${output()}`);
}

beforeAll(() => {
  // `npm test` builds first; run alone, the test builds what is stale itself.
  execFileSync(process.execPath, ['scripts/build.mjs', '--quiet'], { cwd: root, stdio: 'inherit' });
});

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const proc of spawnedTrees.flat()) if (alive(proc.pid)) process.kill(proc.pid, 'SIGKILL');
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm start on a current build', () => {
  it('runs the compiled server alone, and SIGTERM to npm ends every process within 5 s with the database intact', async () => {
    const dataDir = tempDir('rustico-stop-');
    const cli = (...args: string[]) =>
      execFileSync(process.execPath, ['build/current/server/cli.js', ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' } });
    cli('demo');
    cli('user', 'add', '--email', 'ferma@example.ch', '--name', 'Ferma', '--password', 'ferma-subito-2026', '--role', 'admin');
    const countBookings = () => {
      const db = new Database(path.join(dataDir, 'rustico.sqlite'), { readonly: true });
      try {
        return { bookings: (db.prepare('select count(*) as n from bookings').get() as { n: number }).n, integrity: db.pragma('integrity_check', { simple: true }) };
      } finally {
        db.close();
      }
    };
    const before = countBookings();
    expect(before.bookings).toBeGreaterThan(10);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = npmStart(root, { PORT: String(port), DATA_DIR: dataDir });
    await waitFor(`${base}/api/health`, server.exited, server.output);

    const tree = processTree(server.child.pid!);
    spawnedTrees.push(tree);
    expect(tree.map((p) => p.command)).toContainEqual(expect.stringMatching(/^node build\/current\/server\/main\.js$/));
    expect(tree.filter((p) => /tsx|esbuild|vite/.test(p.command)), JSON.stringify(tree)).toEqual([]);

    const login = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ferma@example.ch', password: 'ferma-subito-2026' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('rustico_session='))!.split(';')[0]!;
    const stream = await fetch(`${base}/api/events`, { headers: { cookie, accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();
    const streamEnded = (async () => {
      try {
        while (!(await reader.read()).done);
      } catch {
        // a reset counts as closed too
      }
      return Date.now();
    })();

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    while (tree.some((p) => alive(p.pid)) && Date.now() - signalled < 5_000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tree.filter((p) => alive(p.pid)), 'still running 5 s after SIGTERM').toEqual([]);
    expect(code, server.output()).toBe(0);
    expect((await streamEnded) - signalled).toBeLessThan(5_000);

    expect(countBookings()).toEqual({ bookings: before.bookings, integrity: 'ok' });
    // Checkpointed: the stopped house is one self-contained file.
    const wal = path.join(dataDir, 'rustico.sqlite-wal');
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
  });
});

describe('a release with the production dependencies only', () => {
  it('starts with npm start and serves /login', async () => {
    const release = path.join(tempDir('rustico-release-'), 'rustico');
    execFileSync(process.execPath, ['scripts/release.mjs', release], { cwd: root });
    // From npm's cache, without install scripts: the one package that compiles at install
    // (better-sqlite3) gets the binary this checkout compiled, so the test stays fast.
    execFileSync('npm', ['ci', '--omit=dev', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: release, stdio: 'inherit' });
    const binary = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
    fs.mkdirSync(path.dirname(path.join(release, binary)), { recursive: true });
    fs.copyFileSync(path.join(root, binary), path.join(release, binary));
    for (const tool of ['tsx', 'esbuild', 'vite', 'vitest', '@playwright/test']) expect(fs.existsSync(path.join(release, 'node_modules', tool)), tool).toBe(false);

    const port = await freePort();
    const server = npmStart(release, { PORT: String(port), DATA_DIR: path.join(release, 'data') });
    const page = await waitFor(`http://127.0.0.1:${port}/login`, server.exited, server.output);
    expect(await page.text()).toMatch(/<meta name="rustico-config" content="[^"]*Rustico/);
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
  }, 300_000);
});
