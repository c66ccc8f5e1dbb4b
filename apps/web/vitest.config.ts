import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts', '../../vitest.fast-check.ts'],
    // antd pages in jsdom take seconds on a busy 2-core machine; this is a hang guard, not a speed target.
    testTimeout: 20_000,
  },
});
