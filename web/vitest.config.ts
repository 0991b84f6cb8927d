import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const root = import.meta.dirname;
const tests = (readdirSync(path.join(root, 'src'), { recursive: true }) as string[]).filter((f) => /\.test\.tsx?$/.test(f)).map((f) => `src/${f}`);
/** Files that replace a module with `vi.mock` need modules of their own; the rest share a worker's modules. */
export const mockingTests = tests.filter((f) => readFileSync(path.join(root, f), 'utf8').includes('vi.mock('));

/** What every console component test runs in, with or without modules of its own (vitest.isolated.config.ts). */
export const componentTests = {
  environment: 'jsdom',
  setupFiles: ['src/test/setup.ts'],
  // CI machines here run at a third of their best speed some hours, with both cores busy: a test that takes 2 s then
  // takes 6. A test that fails still fails by its assertions; it is only given time to get there.
  testTimeout: 20_000,
};

/**
 * The console's component tests in jsdom. A worker keeps its modules from one file to the next (React, Blueprint and
 * the console are imported once, not once a file: four times faster); each file still gets a new jsdom document.
 */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    ...componentTests,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    exclude: mockingTests,
    isolate: false,
  },
});
