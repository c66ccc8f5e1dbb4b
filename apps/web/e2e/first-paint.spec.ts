import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { LANDING, signIn } from './pages/session';

const measureScript = fileURLToPath(new URL('../../../scripts/measure-login-js.mjs', import.meta.url));
const measureContentScript = fileURLToPath(
  new URL('../../../scripts/measure-content-js.mjs', import.meta.url),
);

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

test('the first view of the department content page needs at most 550 KB of gzipped JavaScript in 32 files (issue 11)', () => {
  // Issue 11 wants Lighthouse 90 mobile / 98 desktop on this page; this holds the number of files
  // reached (125 before antd's first-view modules came in one chunk, 67 before small common
  // chunks were inlined: over HTTP/1.1 each file beyond the sixth waits for a connection) and
  // the bytes (562.5 KB gz before the date picker, admin filters, settings drawer and bell list
  // went lazy; 499 KB before the inlining, whose strict execution order adds 35 KB). 540 KB became
  // 550 when publishing came (issue 20): its texts in four languages sit in the first locale chunk
  // (543.7 KB measured); loading a feature's texts with the feature is the way back under 540.
  const { files, totalGzip } = JSON.parse(
    execFileSync(process.execPath, [measureContentScript, '--json'], { encoding: 'utf8' }),
  ) as Measured;
  expect(files.some(({ file }) => file.includes('content-list-page'))).toBe(true);
  expect(totalGzip).toBeLessThanOrEqual(550_000);
  expect(files.length).toBeLessThanOrEqual(32);
});

test('the content list shows without the date picker or department tree, which load when wanted', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await signIn(page);
  await page.goto(LANDING);
  await expect(page.getByTestId('content-filters')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const lazy = /\/(date-picker|date-range-picker|tree-select|content-admin-filters|settings-drawer)-/;
  expect(scripts.filter((path) => lazy.test(path))).toEqual([]);
  await page.getByRole('textbox', { name: 'Updated' }).click();
  await expect(page.getByPlaceholder('Start date')).toBeFocused();
  await expect(page.locator('.ant-picker-dropdown')).toBeVisible();
});

test('the login page paints before antd, TanStack Query or zod arrive', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  // Chunk names come from the modules that open them (vite's default naming).
  expect(scripts.filter((path) => /\/(zod|antd|layout-with-messages|table)-/.test(path))).toEqual([]);
});
