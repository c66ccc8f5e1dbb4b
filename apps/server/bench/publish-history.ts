import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUBLICATION_STATUSES } from '@postdeck/contract/publishing';
import { sql } from 'drizzle-orm';
import { rawRows } from '../src/db/client.ts';
import { publications } from '../src/db/schema.ts';
import { encodeCursor } from '../src/lib/list-page.ts';
import { withPostgresDatabase } from './harness.ts';
import { EDITOR, seedNewsroom, startPostdeck, type Target } from './newsroom.ts';
import { seedPublications } from './seed-publications.ts';
import { formatSpread, measurePath, RUNS, spread } from './stats.ts';

/**
 * The publish history at scale (issue 21 item 7): about 1,000,000 publications (parents of 1 to
 * 10 accounts) over 200 accounts and 3 years, and 20,000 still to go out, in the editor's
 * department, against Postdeck as `npm start` runs it (its own process). The department's list
 * (pubDepHistory): its first page, pages deep in it by keyset cursor, and first pages filtered by
 * state, account or month; and the scheduled calendar's month (scheduleList). Every request of a
 * row but the first asks for something else, so nothing is answered from a shared read.
 * Targets: p99 under 30 ms on PostgreSQL and 60 ms on PGlite; the month under 50 ms. They hold
 * for one request at a time (one client); ten clients at once on two cores are shown for their
 * throughput, their p99 being mostly the queue.
 */
const CHILDREN = Number(process.env['BENCH_PUBLICATIONS'] ?? 1_000_000);
const ACCOUNTS = 200;
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 5);
const CLIENTS = [1, 10];
const TARGET_P99_MS = { pglite: 60, postgres: 30 } as const;
const MONTH_TARGET_P99_MS = 50;
const LIST = '/prod-api/content/publish/pubDepHistory';
const MONTH = '/prod-api/content/publish/scheduleList';
/** Cursors spread over the list, for the deep pages. */
const DISTINCT_PAGES = 1000;

interface Seeded {
  parents: number;
  children: number;
  accounts: number[];
  cursors: string[];
  months: string[];
}

async function seed(target: Target): Promise<Seeded> {
  return seedNewsroom(target, 1, async (db) => {
    const [who] = await rawRows<{ id: number; department_id: number }>(
      db,
      sql`select id, department_id from users where account = ${EDITOR.account}`,
    );
    if (!who) throw new Error('no editor');
    const seeded = await seedPublications(db, {
      departmentId: Number(who.department_id),
      authorId: Number(who.id),
      accounts: ACCOUNTS,
      children: CHILDREN,
      years: 3,
      upcoming: 20_000,
    });
    console.log(
      `${seeded.parents.toLocaleString('en')} publish actions, ${seeded.children.toLocaleString('en')} publications seeded in ${(seeded.seedMs / 1000).toFixed(1)} s, analysed in ${(seeded.analyzeMs / 1000).toFixed(1)} s`,
    );
    const step = Math.max(1, Math.floor(seeded.parents / DISTINCT_PAGES));
    const spreadRows = await rawRows<{ value: string; id: number }>(
      db,
      sql`select value, id from (
        select to_json(created_at) #>> '{}' as value, id,
          row_number() over (order by created_at desc, id desc) as n
        from publications where parent_id is null) ranked
        where n % ${step} = 0 order by n`,
    );
    const order = {
      name: 'createdAt',
      column: publications.createdAt,
      kind: 'timestamp',
      id: publications.id,
      direction: 'desc',
    } as const;
    const now = Date.now();
    const day = 86_400_000;
    return {
      parents: seeded.parents,
      children: seeded.children,
      accounts: Array.from({ length: ACCOUNTS }, (_, i) => seeded.firstAccount + i),
      cursors: spreadRows.map((row) => encodeCursor(order, row.value, Number(row.id))),
      // The next three months, and three weeks' shifts of each: windows of 31 days.
      months: Array.from({ length: 12 }, (_, i) => {
        const from = new Date(now + Math.floor(i / 3) * 30 * day + (i % 3) * 7 * day);
        return `from=${from.toISOString()}&to=${new Date(from.getTime() + 31 * day).toISOString()}`;
      }),
    };
  });
}

interface Row {
  database: 'pglite' | 'postgres';
  request: string;
  clients: number;
  rps: number[];
  p50: number[];
  p99: number[];
  target: number;
}

async function measure(name: Row['database'], env: Record<string, string>, seeded: Seeded): Promise<Row[]> {
  const postdeck = await startPostdeck(env);
  try {
    const { base, headers } = postdeck;
    let n = 0;
    const states = PUBLICATION_STATUSES.filter(
      (s) => s !== 'scheduled' && s !== 'queued' && s !== 'publishing',
    );
    const yearsAgo = (i: number) => {
      const to = new Date(Date.now() - (i % 36) * 30 * 86_400_000);
      return `time=${new Date(to.getTime() - 30 * 86_400_000).toISOString()},${to.toISOString()}`;
    };
    const requests: { request: string; path: () => string; target: number }[] = [
      { request: 'first page', path: () => LIST, target: TARGET_P99_MS[name] },
      {
        request: `keyset pages, each another of ${seeded.cursors.length.toLocaleString('en')} over the list`,
        path: () => `${LIST}?after=${seeded.cursors[n++ % seeded.cursors.length]}`,
        target: TARGET_P99_MS[name],
      },
      {
        request: `first page by state, each of ${states.length} in turn`,
        path: () => `${LIST}?status=${states[n++ % states.length]}`,
        target: TARGET_P99_MS[name],
      },
      {
        request: `first page by account, each of ${ACCOUNTS} in turn`,
        path: () => `${LIST}?accountId=${seeded.accounts[n++ % seeded.accounts.length]}`,
        target: TARGET_P99_MS[name],
      },
      {
        request: 'first page of a month, each of 36 in turn',
        path: () => `${LIST}?${yearsAgo(n++)}`,
        target: TARGET_P99_MS[name],
      },
      {
        request: 'keyset pages deep, failed ones only',
        path: () => `${LIST}?status=failed&after=${seeded.cursors[n++ % seeded.cursors.length]}`,
        target: TARGET_P99_MS[name],
      },
      {
        request: 'scheduled calendar, a month (31 days), each of 12 windows in turn',
        path: () => `${MONTH}?${seeded.months[n++ % seeded.months.length]}`,
        target: MONTH_TARGET_P99_MS,
      },
    ];
    const rows: Row[] = [];
    for (const { request, path, target } of requests) {
      const probe = await fetch(`${base}${path()}`, { headers });
      if (!probe.ok) throw new Error(`${request}: answered ${probe.status} ${await probe.text()}`);
      for (const clients of CLIENTS) {
        const runs = await measurePath({ base, headers, clients, durationS: DURATION_S, path, request });
        rows.push({ database: name, request, clients, ...runs, target });
      }
    }
    return rows;
  } finally {
    await postdeck.stop();
  }
}

const rows: Row[] = [];
let seededCounts = '';
if (process.env['BENCH_SKIP_PGLITE'] !== '1') {
  const dataDir = mkdtempSync(join(tmpdir(), 'postdeck-bench-history-'));
  try {
    const seeded = await seed({ dataDir });
    seededCounts = `${seeded.parents.toLocaleString('en')} publish actions, ${seeded.children.toLocaleString('en')} publications`;
    rows.push(...(await measure('pglite', { DATA_DIR: dataDir }, seeded)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const server = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
if (server) {
  await withPostgresDatabase(
    server,
    async (url) => {
      const pgDataDir = mkdtempSync(join(tmpdir(), 'postdeck-bench-history-pg-'));
      try {
        const seeded = await seed({ url });
        seededCounts = `${seeded.parents.toLocaleString('en')} publish actions, ${seeded.children.toLocaleString('en')} publications`;
        rows.push(...(await measure('postgres', { DATABASE_URL: url, DATA_DIR: pgDataDir }, seeded)));
      } finally {
        rmSync(pgDataDir, { recursive: true, force: true });
      }
    },
    'postdeck_bench',
  );
} else {
  console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too');
}

console.log(
  `\npublish history (pubDepHistory) and the scheduled calendar, ${seededCounts}, ${DURATION_S} s a run, median of ${RUNS} runs (range)\n`,
);
console.log('| database | request | clients | req/s | p50 ms | p99 ms | p99 target |');
console.log('|---|---|---:|---:|---:|---:|---|');
for (const r of rows) {
  const met = spread(r.p99).median < r.target;
  const verdict = r.clients === 1 ? `< ${r.target} ms: ${met ? 'met' : 'NOT met'}` : '(throughput)';
  console.log(
    `| ${r.database} | ${r.request} | ${r.clients} | ${formatSpread(r.rps)} | ${formatSpread(r.p50)} | ${formatSpread(r.p99)} | ${verdict} |`,
  );
}
