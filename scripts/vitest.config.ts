import { defineConfig } from 'vitest/config';

/** Tests of the built server as production runs it; `npm run build` comes first. */
export default defineConfig({
  test: {
    root: `${import.meta.dirname}/..`,
    include: ['scripts/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
