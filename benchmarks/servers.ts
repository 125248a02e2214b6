import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');
/** The compiled server and CLI, as production runs them (`npm run build` makes them). */
const compiled = (entry: 'main' | 'cli') => path.join(repoRoot, 'build/current/server', `${entry}.js`);

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within a minute`);
}

function start(args: string[], env: Record<string, string>, healthUrl: string, logFile: string): Promise<RunningServer> {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.closeSync(log);
  };
  return waitFor(healthUrl, child).then(
    () => ({ url: new URL(healthUrl).origin, process: child, stop }),
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );
}

/** The production server (`npm run serve`: the compiled server), logging at info as it does in production, to a file. */
export function startRustico(port: number, dataDir: string): Promise<RunningServer> {
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' };
  return start([compiled('main')], env, `http://127.0.0.1:${port}/api/health`, path.join(dataDir, 'server.log'));
}

export function startBareFastify(port: number, logDir: string): Promise<RunningServer> {
  return start(['--import', 'tsx', path.join(import.meta.dirname, 'bare-fastify.ts')], { PORT: String(port) }, `http://127.0.0.1:${port}/`, path.join(logDir, 'bare.log'));
}

/** Runs the command line in a data folder, as `npm run cli -- …` does. */
export async function cli(dataDir: string, ...args: string[]): Promise<void> {
  const child = spawn(process.execPath, [compiled('cli'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`cli ${args.join(' ')} failed with ${String(code)}`);
}
