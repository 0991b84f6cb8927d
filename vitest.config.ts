import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/** Server suites run in node against real PostgreSQL; the console's component tests run in jsdom (web/). */
export default defineConfig({
  test: {
    globalSetup: ['test/globalSetup.ts'],
    reporters: ['default', './test/summaryReporter.ts'],
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['contracts/**/*.test.ts', 'services/**/*.test.ts', 'bench/**/*.test.ts', 'test/**/*.test.ts', 'flow-engine/**/*.test.ts', 'plugins/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(existsSync('web/vitest.config.ts') ? ['web/vitest.config.ts'] : []),
    ],
  },
});
