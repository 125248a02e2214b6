import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'benchmarks/**/*.test.ts'],
    // The web app's unit tests are of plain modules: no DOM is simulated.
    environment: 'node',
    // A zone far from UTC and Europe: code that forgets the house's zone fails here.
    env: { TZ: 'Pacific/Chatham' },
    // Vitest's default is one worker fewer than the cores: one on a two-core machine. The API tests
    // wait on PostgreSQL, child processes and sockets for much of their time, so more files than
    // cores at once finish sooner (measured on two cores: one worker 156 s, three 104 s).
    maxWorkers: os.availableParallelism() + 1,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
