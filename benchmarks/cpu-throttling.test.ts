import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calibratedCpuSlowdown, CpuThrottling, PRESET_CPU_SLOWDOWN } from './cpu-throttling.ts';
import type { Run } from './lighthouse.ts';

const run = (benchmarkIndex: number) => ({ benchmarkIndex }) as Run;

describe('the CPU slowdown Lighthouse simulates', () => {
  it('is the preset 4x on the host Lighthouse calibrated it for, more on a faster one, less on a slower one', () => {
    expect(calibratedCpuSlowdown(1533)).toBeCloseTo(4, 1);
    expect(calibratedCpuSlowdown(3600)).toBeCloseTo(12.9, 1);
    expect(calibratedCpuSlowdown(800)).toBe(2);
    expect(calibratedCpuSlowdown(100)).toBe(1);
  });

  it('grows with the host and never speeds a CPU up', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10_000, noNaN: true }), fc.double({ min: 0, max: 10_000, noNaN: true }), (a, b) => {
        const [slow, fast] = a <= b ? [a, b] : [b, a];
        expect(calibratedCpuSlowdown(slow)).toBeLessThanOrEqual(calibratedCpuSlowdown(fast) + 1e-9);
        expect(calibratedCpuSlowdown(slow)).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('stays the preset unless calibrated; calibrated, it follows the host of the run before', () => {
    const preset = new CpuThrottling(false);
    preset.observe(run(3600));
    expect(preset.slowdown()).toBe(PRESET_CPU_SLOWDOWN);

    const calibrated = new CpuThrottling(true);
    expect(calibrated.slowdown()).toBe(PRESET_CPU_SLOWDOWN);
    calibrated.observe(run(3600));
    expect(calibrated.slowdown()).toBeCloseTo(12.9, 1);
    calibrated.observe(run(1300));
    expect(calibrated.slowdown()).toBe(3);
  });
});
