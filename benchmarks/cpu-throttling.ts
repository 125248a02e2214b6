/** How much slower than the host Lighthouse simulates the phone's CPU in `npm run bench:web`. */
import type { Run } from './lighthouse.ts';

/** At or below this benchmark index Lighthouse warns that the host is slower than its CPU throttling expects. */
export const SLOW_HOST_BENCHMARK_INDEX = 1000;

/** The mobile preset's CPU slowdown. */
export const PRESET_CPU_SLOWDOWN = 4;

/**
 * The CPU slowdown that makes a host of this benchmark index the phone Lighthouse's 4x means on
 * its reference host (an index of about 1,533): the formula of Lighthouse's CPU throttling
 * calculator (patrickhulce/lighthouse-cpu-throttling-calculator), which its docs/throttling.md
 * points to. On a host at 3,500 the preset's 4x is a phone three times faster than intended.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/**
 * `BENCH_WEB_CPU=calibrated`: every run's slowdown is calibrated from the benchmark index of the
 * run before it (the host's speed changes from hour to hour on a shared machine), so scores of a
 * fast hour and a slow one compare. The default is the mobile preset's 4x, as the issue measures.
 */
export class CpuThrottling {
  constructor(readonly calibrated = process.env.BENCH_WEB_CPU === 'calibrated') {}

  private lastIndex: number | undefined;

  /** Before the first run a calibrated bench takes one to learn the host (web.ts). */
  slowdown(): number {
    return this.calibrated && this.lastIndex !== undefined ? calibratedCpuSlowdown(this.lastIndex) : PRESET_CPU_SLOWDOWN;
  }

  observe(run: Run): void {
    this.lastIndex = run.benchmarkIndex;
  }

  describe(): string {
    return this.calibrated ? 'CPU slowdown calibrated to each run\'s host (BENCH_WEB_CPU=calibrated)' : 'the mobile preset\'s 4x CPU slowdown';
  }
}
