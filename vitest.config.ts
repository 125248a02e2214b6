import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
    // A zone far from UTC and Europe: code that forgets the house's zone fails here.
    env: { TZ: 'Pacific/Chatham' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
