// temporary probe: what scripts the content page loads after sign-in
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
const root = '/work/wt/lh';
const { E2E } = await import(root + '/apps/web/e2e/e2e-env.ts');
const { API_BASE, COOKIE, DEFAULT_LANDING } = await import(root + '/packages/contract/src/constants.ts');
const { ENDPOINT_ROUTES } = await import(root + '/packages/contract/src/endpoint-routes.ts');
const port = 8197;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'probe-'));
const server = spawn(process.execPath, [E2E.serverScript], {
  env: { ...process.env, ...E2E.serverEnv, PORT: String(port), DATA_DIR: dataDir },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (;;) {
  try {
    if ((await fetch(`${base}${API_BASE}/health`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 250));
}
const { method, path } = ENDPOINT_ROUTES.login;
const res = await (
  await fetch(`${base}${API_BASE}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: E2E.adminPassword }),
  })
).json();
const now = Date.now();
const value = encodeURIComponent(
  JSON.stringify({
    accessToken: res.data.accessToken,
    refreshToken: res.data.refreshToken,
    expireIn: now + res.data.expireIn * 1000,
  }),
);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext();
await context.addCookies([{ name: COOKIE.jwt, value, url: base, sameSite: 'Lax' }]);
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
const scripts = [];
page.on('request', (r) => {
  if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
});
await page.goto(base + DEFAULT_LANDING, { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
const { profile } = await cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = profile.timeDeltas;
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
const agg = new Map();
const aggUrl = new Map();
for (const [id, us] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}`;
  agg.set(key, (agg.get(key) ?? 0) + us);
  const u = cf.url.split('/').pop() || cf.functionName;
  aggUrl.set(u, (aggUrl.get(u) ?? 0) + us);
}
console.log('--- self time by function (ms, 4x CPU)');
for (const [k, us] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log((us / 1000).toFixed(0).padStart(6), k);
console.log('--- by file');
for (const [k, us] of [...aggUrl].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log((us / 1000).toFixed(0).padStart(6), k);
let total = 0;
const rows = scripts.map((p) => {
  const b = readFileSync(join(root, 'apps/web/dist', p));
  const gz = gzipSync(b, { level: 9 }).length;
  total += gz;
  return [gz, p];
});
rows.sort((a, b) => b[0] - a[0]);
for (const [gz, p] of rows.slice(0, 0)) console.log((gz / 1000).toFixed(1).padStart(7), p);
console.log('total KB gz', (total / 1000).toFixed(1), 'files', rows.length);
await browser.close();
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });
