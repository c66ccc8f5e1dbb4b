import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { rawRows } from '../src/db/client.ts';
import { createDepartment, rootDepartment } from '../src/modules/departments/department-repo.ts';
import { markPasswordChosen } from '../src/modules/users/user-repo.ts';
import { withPostgresDatabase } from './harness.ts';
import { seedNewsroom, startPostdeck } from './newsroom.ts';
import { seedMetrics } from './seed-metrics.ts';
import { seedPublications } from './seed-publications.ts';
import { formatSpread, measurePath, RUNS, spread } from './stats.ts';

/**
 * The statistics at scale (issue 23 item 4): about 1,000,000 publications over 500 accounts in
 * 20 departments and two years, with 22 metric readings of each published post (20,000,000
 * snapshots), the accounts' followers daily, and the roll-ups made. Then the statistics page's
 * calls as an administrator (every department) against Postdeck as `npm start` runs it: the
 * overview of a year (by day, week and month, each request's year ending on another day so
 * none is answered from a shared read), the per-account table, the heatmap and the top
 * publications.
 * Target: the overview of a year in p99 under 200 ms on PostgreSQL, one request at a time.
 */
const CHILDREN = Number(process.env['BENCH_PUBLICATIONS'] ?? 1_000_000);
const PER_POST = Number(process.env['BENCH_SNAPSHOTS_PER_POST'] ?? 22);
const ACCOUNTS = 500;
const DEPARTMENTS = 20;
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 5);
const TARGET_P99_MS = 200;
const ADMIN = { username: 'admin', password: 'Bench!pass1' };

const day = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function seed(url: string) {
  return seedNewsroom({ url }, 1, async (db) => {
    const root = await rootDepartment(db);
    const departmentIds: number[] = [];
    for (let i = 1; i <= DEPARTMENTS; i++)
      departmentIds.push(await createDepartment(db, { name: `Desk ${i}`, parentId: root }));
    const [admin] = await rawRows<{ id: number }>(db, sql`select id from users where account = 'admin'`);
    // The bootstrapped administrator is asked to choose a password before anything else.
    await markPasswordChosen(db, ADMIN.username);
    // Written as a backfill would be: the trigger's marks made at once afterwards (seedMetrics).
    await db.execute(sql`alter table publications disable trigger publications_stats`);
    const seeded = await seedPublications(db, {
      departmentId: root,
      departmentIds,
      authorId: Number(admin?.id),
      accounts: ACCOUNTS,
      children: CHILDREN,
      years: 2,
      upcoming: 0,
    });
    await db.execute(sql`alter table publications enable trigger publications_stats`);
    console.log(
      `${seeded.children.toLocaleString('en')} publications seeded in ${(seeded.seedMs / 1000).toFixed(1)} s`,
    );
    const metrics = await seedMetrics(db, { perPost: PER_POST, days: 2 * 365 });
    console.log(
      `${metrics.snapshots.toLocaleString('en')} metric snapshots in ${(metrics.snapshotsMs / 1000).toFixed(1)} s; roll-ups of ${metrics.keys.toLocaleString('en')} (day, account) keys into ${metrics.dailyRows.toLocaleString('en')} daily rows in ${(metrics.rollupMs / 1000).toFixed(1)} s`,
    );
    return { ...seeded, ...metrics };
  });
}

interface Row {
  request: string;
  clients: number;
  rps: number[];
  p50: number[];
  p99: number[];
  target: number | undefined;
}

async function measure(env: Record<string, string>): Promise<Row[]> {
  const postdeck = await startPostdeck(env);
  try {
    const login = await fetch(`${postdeck.base}/prod-api/control/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const headers = { authorization: `Bearer ${token}` };
    let n = 0;
    // A year ending on each of the last 100 days in turn.
    const year = () => {
      const to = Date.now() - (n++ % 100) * day;
      return `from=${isoDay(to - 364 * day)}&to=${isoDay(to)}`;
    };
    const month = () => {
      const to = Date.now() - (n++ % 100) * day;
      return `from=${isoDay(to - 29 * day)}&to=${isoDay(to)}`;
    };
    const requests = [
      {
        request: 'overview, a year by day',
        path: () => `/prod-api/statistics/overview?${year()}`,
        target: TARGET_P99_MS,
      },
      {
        request: 'overview, a year by week',
        path: () => `/prod-api/statistics/overview?${year()}&granularity=week`,
        target: TARGET_P99_MS,
      },
      {
        request: 'overview, a year by month',
        path: () => `/prod-api/statistics/overview?${year()}&granularity=month`,
        target: TARGET_P99_MS,
      },
      {
        request: 'overview, 30 days of one platform',
        path: () => `/prod-api/statistics/overview?${month()}&platform=x`,
        target: undefined,
      },
      {
        request: 'per account, a year',
        path: () => `/prod-api/statistics/accounts?${year()}`,
        target: undefined,
      },
      { request: 'heatmap, a year', path: () => `/prod-api/statistics/heatmap?${year()}`, target: undefined },
      {
        request: 'top publications, a year',
        path: () => `/prod-api/statistics/top?${year()}`,
        target: undefined,
      },
    ];
    const rows: Row[] = [];
    for (const { request, path, target } of requests) {
      const probe = await fetch(`${postdeck.base}${path()}`, { headers });
      if (!probe.ok) throw new Error(`${request}: answered ${probe.status} ${await probe.text()}`);
      const clients = 1;
      const runs = await measurePath({
        base: postdeck.base,
        headers,
        clients,
        durationS: DURATION_S,
        path,
        request,
      });
      rows.push({ request, clients, ...runs, target });
    }
    return rows;
  } finally {
    await postdeck.stop();
  }
}

const server = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
if (!server) {
  console.log('statistics: PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it');
} else {
  await withPostgresDatabase(
    server,
    async (url) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'postdeck-bench-statistics-'));
      try {
        const seeded = await seed(url);
        const rows = await measure({ DATABASE_URL: url, DATA_DIR: dataDir });
        console.log(
          `\nstatistics on PostgreSQL, ${seeded.children.toLocaleString('en')} publications, ${seeded.snapshots.toLocaleString('en')} snapshots, ${DEPARTMENTS} departments, ${ACCOUNTS} accounts; an administrator (every department), one request at a time, ${DURATION_S} s a run, median of ${RUNS} runs (range)\n`,
        );
        console.log('| request | req/s | p50 ms | p99 ms | p99 target |');
        console.log('|---|---:|---:|---:|---|');
        for (const r of rows) {
          const verdict =
            r.target === undefined
              ? ''
              : `< ${r.target} ms: ${spread(r.p99).median < r.target ? 'met' : 'NOT met'}`;
          console.log(
            `| ${r.request} | ${formatSpread(r.rps)} | ${formatSpread(r.p50)} | ${formatSpread(r.p99)} | ${verdict} |`,
          );
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    'postdeck_bench_stats',
  );
}
