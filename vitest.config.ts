import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    // The web app's unit tests are of plain modules: no DOM is simulated.
    environment: 'node',
    // A zone far from UTC and Europe: code that forgets the house's zone fails here.
    env: { TZ: 'Pacific/Chatham' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
