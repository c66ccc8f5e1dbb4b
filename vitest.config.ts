import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['../../vitest.fast-check.ts'],
        },
      },
      {
        test: {
          name: 'rich-text',
          root: './packages/rich-text',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['../../vitest.fast-check.ts'],
        },
      },
      {
        test: {
          name: 'platform-fakes',
          root: './packages/platform-fakes',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'bench/*.test.ts'],
          environment: 'node',
          setupFiles: ['../../vitest.fast-check.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The same API tests again on a PostgreSQL server, when one is given (CI starts one).
      ...(process.env['TEST_DATABASE_URL']
        ? [
            {
              test: {
                name: 'server-postgres',
                root: './apps/server',
                include: ['src/**/*.test.ts'],
                // Platform adapters and their local servers use no database: once is enough.
                exclude: ['src/platforms/**'],
                environment: 'node',
                setupFiles: ['../../vitest.fast-check.ts'],
                env: { TEST_DB_KIND: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      './apps/web/vitest.config.ts',
      // The root scripts that make the README's commands work (Node 24 launcher, web build check).
      {
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
