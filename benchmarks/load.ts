import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const run = promisify(execFile);
const autocannon = createRequire(import.meta.url).resolve('autocannon');

export const CONNECTIONS = 50;

export interface LoadResult {
  /** Requests per second, the mean over the run. */
  rps: number;
  p50: number;
  p99: number;
}

/**
 * autocannon in a process of its own (as a real client would be), 50
 * connections; any error or non-2xx answer spoils the figure, so it throws.
 */
export async function load(url: string, seconds: number, cookie?: string): Promise<LoadResult> {
  const args = [autocannon, '-c', String(CONNECTIONS), '-d', String(seconds), '-j'];
  if (cookie) args.push('-H', `cookie=${cookie}`);
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
