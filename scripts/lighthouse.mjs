// `npm run lighthouse`: Lighthouse's mobile and desktop presets on /login and on the department
// content page of the built console, in Debian's Chromium, printing the performance and
// best-practices scores (and the JavaScript a first paint of /login needs). Starts the console
// as the end-to-end run does (apps/web/e2e/start-server.ts: a fresh embedded database, the demo
// organisation), signs in through the API and hands the session cookie to the browser the way
// the app stores it. Not part of `npm test`: a run takes a few minutes.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, chromiumPath } from '../apps/server/src/lib/chromium.ts';
import { E2E } from '../apps/web/e2e/e2e-env.ts';
import { API_BASE, COOKIE, DEFAULT_LANDING } from '../packages/contract/src/constants.ts';
import { ENDPOINT_ROUTES } from '../packages/contract/src/endpoint-routes.ts';
import { LOGIN_JS_BUDGET_KB, measureLoginJs } from './measure-login-js.mjs';

const port = Number(process.env.LIGHTHOUSE_PORT ?? 8191);
const debuggingPort = Number(process.env.LIGHTHOUSE_DEBUGGING_PORT ?? 9333);
const base = `http://127.0.0.1:${port}`;
const chromePath = chromiumPath();
const CHROME_FLAGS = [...CHROMIUM_ARGS, '--headless=new', `--remote-debugging-port=${debuggingPort}`];
const ALL_PAGES = [
  { name: '/login', path: '/login', signedIn: false },
  { name: 'department content', path: DEFAULT_LANDING, signedIn: true },
];
// LIGHTHOUSE_PAGES=content (or login) measures one page; LIGHTHOUSE_RUNS=3 repeats each run so a
// median can be read on a shared machine.
const PAGES = ALL_PAGES.filter((page) => page.name.includes(process.env.LIGHTHOUSE_PAGES ?? ''));
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
// LIGHTHOUSE_PRESETS=mobile (or desktop) runs that preset only.
const PRESETS = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
].filter((preset) => preset.name.includes(process.env.LIGHTHOUSE_PRESETS ?? ''));

async function waitForHealth(server) {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      const response = await fetch(`${base}${API_BASE}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function signIn() {
  const { method, path } = ENDPOINT_ROUTES.login;
  const response = await fetch(`${base}${API_BASE}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: E2E.adminPassword }),
  });
  const { code, msg, data } = await response.json();
  if (code !== 200) throw new Error(`sign-in failed: ${code} ${msg}`);
  const now = Date.now();
  // What utils/auth-cookie.ts saveAuth stores.
  const value = JSON.stringify({
    accessToken: data.accessToken,
    refreshToken: data.refreshToken,
    expireIn: now + data.expireIn * 1000,
  });
  return { value: encodeURIComponent(value), expires: Math.floor(now / 1000) + data.refreshExpireIn };
}

const score = (category) => Math.round((category?.score ?? 0) * 100);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'postdeck-lighthouse-'));
  const server = spawn(process.execPath, [E2E.serverScript], {
    env: { ...process.env, ...E2E.serverEnv, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const userData = mkdtempSync(join(tmpdir(), 'postdeck-lighthouse-chrome-'));
  let context;
  try {
    await waitForHealth(server);
    context = await chromium.launchPersistentContext(userData, {
      executablePath: chromePath,
      headless: true,
      args: CHROME_FLAGS,
    });
    const rows = [];
    for (const page of PAGES) {
      if (page.signedIn) {
        const cookie = await signIn();
        await context.addCookies([
          { name: COOKIE.jwt, value: cookie.value, url: base, expires: cookie.expires, sameSite: 'Lax' },
        ]);
      }
      for (const preset of PRESETS.flatMap((one) => Array.from({ length: RUNS }, () => one))) {
        const run = () =>
          lighthouse(
            `${base}${page.path}`,
            {
              port: debuggingPort,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'best-practices'],
            },
            preset.config,
          );
        let result = await run();
        // On a busy machine a trace now and then comes back without its navigation start
        // (NO_NAVSTART); one more run is enough.
        if (result.lhr.runtimeError?.code === 'NO_NAVSTART') result = await run();
        const { categories, audits, finalDisplayedUrl, runtimeError, runWarnings } = result.lhr;
        // LIGHTHOUSE_REPORT_DIR keeps each run's full report (bootup-time, long-tasks, ...) to read.
        if (process.env.LIGHTHOUSE_REPORT_DIR) {
          const file = `${page.name.replace(/\W+/g, '-')}-${preset.name}-${rows.length}.json`;
          mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
          writeFileSync(join(process.env.LIGHTHOUSE_REPORT_DIR, file), JSON.stringify(result.lhr));
        }
        if (runtimeError)
          throw new Error(`${page.name} (${preset.name}): ${runtimeError.code} ${runtimeError.message}`);
        for (const warning of runWarnings) console.warn(`${page.name} (${preset.name}): ${warning}`);
        if (!finalDisplayedUrl.endsWith(page.path)) {
          throw new Error(`${page.name} ended at ${finalDisplayedUrl}: not signed in?`);
        }
        const failedBestPractices = categories['best-practices'].auditRefs
          .map((ref) => audits[ref.id])
          .filter((audit) => audit.score !== null && audit.score < 1)
          .map((audit) => audit.id);
        rows.push({
          page: page.name,
          preset: preset.name,
          performance: score(categories.performance),
          bestPractices: score(categories['best-practices']),
          fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
          lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
          tbtMs: Math.round(audits['total-blocking-time'].numericValue),
          failing: failedBestPractices.join(' '),
        });
        console.log(JSON.stringify(rows.at(-1)));
      }
    }
    const files = measureLoginJs();
    const kb = files.reduce((sum, file) => sum + file.gzip, 0) / 1000;
    console.log(
      `\nJavaScript to the first paint of /login: ${kb.toFixed(1)} KB gzip (budget ${LOGIN_JS_BUDGET_KB} KB)`,
    );
    console.table(rows);
  } finally {
    await context?.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
    rmSync(userData, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
