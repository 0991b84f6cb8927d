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
          // A failing browser test keeps what its pages showed (test-artifacts/failed-…, and their text in the output).
          setupFiles: ['test/failureShots.ts'],
          // Password hashes at 2^12 (production: 2^17, refused below): the platforms that tests start as processes of
          // their own hash logins and seeded accounts in milliseconds instead of half a second of a core each.
          env: { PASSWORD_HASH_COST: '12' },
          hookTimeout: 60_000,
        },
      },
      ...(existsSync('web/vitest.config.ts') ? ['web/vitest.config.ts', 'web/vitest.isolated.config.ts'] : []),
    ],
  },
});
