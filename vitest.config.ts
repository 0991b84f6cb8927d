import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['contracts/**/*.test.ts', 'services/**/*.test.ts', 'flow-engine/**/*.test.ts', 'plugins/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    reporters: ['default', './test/summaryReporter.ts'],
  },
});
