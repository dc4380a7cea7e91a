import { defineConfig } from 'vitest/config';

/**
 * The bench workspace's own tests (`npm test --workspace bench`, which .ci/run runs after the root's `npm test`):
 * its pure parts, and the benchmark page in Chromium, which the test builds first.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
