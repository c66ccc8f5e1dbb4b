import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const measureScript = fileURLToPath(new URL('../../../scripts/measure-login-js.mjs', import.meta.url));

interface Measured {
  files: { file: string; gzip: number }[];
  totalGzip: number;
}

test('the first paint of /login needs at most 150 KB of gzipped JavaScript (issue 11)', () => {
  // The build the run serves (npm run test:e2e builds first); the script exits 1 over budget,
  // which execFileSync turns into a throw with its report.
  const { files, totalGzip } = JSON.parse(
    execFileSync(process.execPath, [measureScript, '--json'], { encoding: 'utf8' }),
  ) as Measured;
  expect(files.some(({ file }) => file.includes('login-page'))).toBe(true);
  expect(totalGzip).toBeLessThanOrEqual(150_000);
});

test('the login page paints before antd, TanStack Query or zod arrive', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  // Chunk names come from the modules that open them (vite's default naming).
  expect(scripts.filter((path) => /\/(zod|antd-outlet|layout-with-messages|table)-/.test(path))).toEqual([]);
});
