import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { adminSession } from './admin-session.ts';
import { portFromMessage, startChild, waitForHealth } from './child-process.ts';

/**
 * `npm run bench`: Postdeck (embedded PGlite, as `npm start` runs it) against a bare Fastify
 * hello-world, each in its own process, under the same load from this one.
 * Targets (issue 2): user info at >= 50 % of hello-world throughput, p99 under 20 ms.
 */
const CONNECTIONS = 50;
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 10);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

async function load(url: string, headers: Record<string, string> = {}) {
  // A short warm-up first, so the JIT has compiled the hot path before it is measured.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const dataDir = mkdtempSync(join(tmpdir(), 'postdeck-bench-'));
const password = 'Bench!pass1';
const hello = await startChild(here('./hello-server.ts'), {}, portFromMessage);
const postdeckPort = 18000 + Math.floor(Math.random() * 1000);
const postdeck = await startChild(
  here('../src/main.ts'),
  {
    DATA_DIR: dataDir,
    PORT: String(postdeckPort),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: password,
    LOG_LEVEL: 'warn',
  },
  () => waitForHealth(postdeckPort),
);

try {
  const base = `http://127.0.0.1:${postdeck.port}/prod-api`;
  const auth = { authorization: `Bearer ${await adminSession(base, password)}` };

  const helloUrl = `http://127.0.0.1:${hello.port}/`;
  // The baseline is measured before and after, so drift of this machine during the run shows.
  const rows = [
    { name: 'fastify hello-world (before)', ...(await load(helloUrl)) },
    { name: 'GET /control/user/info', ...(await load(`${base}/control/user/info`, auth)) },
    { name: 'GET /control/user/dashboard', ...(await load(`${base}/control/user/dashboard`, auth)) },
    { name: 'fastify hello-world (after)', ...(await load(helloUrl)) },
  ];
  const baseline = ((rows[0]?.rps ?? 1) + (rows[3]?.rps ?? 1)) / 2;
  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, load generator in this process\n`);
  console.log('| endpoint | req/s | p50 ms | p99 ms | vs mean hello-world |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${((r.rps / baseline) * 100).toFixed(0)} % |`,
    );
  }
  const info = rows[1];
  if (info) {
    const ok = info.rps / baseline >= 0.5 && info.p99 < 20;
    console.log(`\ntarget (info >= 50 % of hello-world, p99 < 20 ms): ${ok ? 'met' : 'NOT met'}`);
  }
} finally {
  hello.child.kill('SIGTERM');
  postdeck.child.kill('SIGTERM');
  await new Promise((r) => postdeck.child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
