import { defineConfig } from '@playwright/test';
import { E2E } from './e2e/e2e-env';

/**
 * End-to-end tests in Debian's chromium (no browser download) against the real server,
 * started on a fresh embedded database with the web app built by `npm run build`.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: E2E.baseUrl,
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `node ${E2E.serverScript}`,
    url: `${E2E.baseUrl}/prod-api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: E2E.serverEnv,
  },
});
