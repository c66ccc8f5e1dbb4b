import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../server/src/lib/chromium.ts';
import { E2E, E2E_SSO } from './e2e/e2e-env';

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
    // Headless comes from Playwright's own option, so `--headed` still shows the browser.
    launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] },
  },
  webServer: [
    {
      command: `node ${E2E.serverScript}`,
      url: `${E2E.baseUrl}/prod-api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: E2E.serverEnv,
    },
    // The single sign-on spec's server, with its OpenID Connect provider (sso.spec.ts).
    {
      command: `node ${E2E.serverScript}`,
      url: `${E2E_SSO.baseUrl}/prod-api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: E2E_SSO.serverEnv,
    },
  ],
});
