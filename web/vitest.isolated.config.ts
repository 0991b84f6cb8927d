import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { componentTests, mockingTests } from './vitest.config.ts';

/** The console's component tests that mock a module (`vi.mock`): each file imports everything afresh. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web-isolated',
    ...componentTests,
    include: mockingTests,
  },
});
