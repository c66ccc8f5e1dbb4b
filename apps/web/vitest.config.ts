import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { ANTD_STYLES_ID } from './vite/antd-static-styles.ts';

export default defineProject({
  root: import.meta.dirname,
  // Vite leaves CSS out of the unit tests: antd's stylesheet is an empty module there.
  plugins: [
    react(),
    {
      name: 'antd-styles-left-out',
      resolveId: (id) => (id === ANTD_STYLES_ID ? '\0antd.css' : undefined),
      load: (id) => (id === '\0antd.css' ? '' : undefined),
    },
  ],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts', '../../vitest.fast-check.ts'],
    // antd pages in jsdom take seconds on a busy 2-core machine; this is a hang guard, not a speed target.
    testTimeout: 20_000,
  },
});
