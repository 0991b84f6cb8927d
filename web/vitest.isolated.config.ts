import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { mockingTests } from './vitest.config';

/** The console's component tests that mock a module (`vi.mock`): each file imports everything afresh. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web-isolated',
    environment: 'jsdom',
    include: mockingTests,
    setupFiles: ['src/test/setup.ts'],
  },
});
