import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import autocannon from 'autocannon';
import { rawRows } from '../src/db/client.ts';
import { contents } from '../src/db/schema.ts';
import { encodeCursor } from '../src/lib/list-page.ts';
import { withPostgresDatabase } from './harness.ts';
import { contentBody, seedNewsroom, startPostdeck, type Target } from './newsroom.ts';
import { formatSpread, RUNS, spread } from './stats.ts';

/**
 * The landing list (issue 11): an editor's department content, 100,000 contents in their
 * department, against Postdeck as `npm start` runs it (its own process), under 10 and 50
 * concurrent clients: the first page, a numbered page at the count bound (page 1,000), and a
 * keyset page 50,000 rows deep. Embedded PGlite, then a PostgreSQL server when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names one, in a database made for the run and dropped
 * after. Targets: p99 under 60 ms on PGlite and 30 ms on PostgreSQL.
 */
const CONTENTS = Number(process.env['BENCH_CONTENTS'] ?? 100_000);
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 5);
const CLIENTS = [10, 50];
const TARGET_P99_MS = { pglite: 60, postgres: 30 } as const;
const LIST = '/prod-api/content/contentList/deplist';
/** How many different pages the row of requests that all differ spreads over. */
const DISTINCT_PAGES = 1000;
/** Contents created a second while the first page is loaded, in the row with writes. */
const WRITES_PER_S = 10;

interface Row {
  database: string;
  request: string;
  clients: number;
  /** One value a run. */
  rps: number[];
  p50: number[];
  p99: number[];
  total: string;
}

/** Seeds the newsroom at `target`; returns cursors into the list. */
function seed(target: Target) {
  return seedNewsroom(target, CONTENTS, async (db) => {
    // A cursor 50,000 rows deep, and cursors spread over the list for requests that all differ.
    const step = Math.max(1, Math.floor(CONTENTS / DISTINCT_PAGES));
    const spread = await rawRows<{ value: string; id: number; n: number | string }>(
      db,
      sql`select value, id, n from (
        select to_json(updated_at) #>> '{}' as value, id,
          row_number() over (order by updated_at desc, id desc) as n
        from contents) ranked
        where n % ${step} = 0 or n = ${Math.floor(CONTENTS / 2)}
        order by n`,
    );
    const order = {
      name: 'updatedAt',
      column: contents.updatedAt,
      kind: 'timestamp',
      id: contents.id,
    } as const;
    const encode = (row: { value: string; id: number }) =>
      encodeCursor({ ...order, direction: 'desc' }, row.value, Number(row.id));
    const deep = spread.find((row) => Number(row.n) === Math.floor(CONTENTS / 2));
    if (!deep) throw new Error('no contents seeded');
    const cursor = encode(deep);
    const cursors = spread.filter((row) => Number(row.n) % step === 0).map(encode);
    return { cursor, cursors };
  });
}

/** Creates contents as the editor, WRITES_PER_S a second, until `stop` is called. */
function writeContents(base: string, headers: Record<string, string>) {
  let stopped = false;
  let created = 0;
  const done = (async () => {
    while (!stopped) {
      const started = performance.now();
      const res = await fetch(`${base}/prod-api/content/create`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(contentBody(`Written during the bench ${created}`)),
      });
      if (!res.ok) throw new Error(`content create answered ${res.status}`);
      created++;
      await new Promise((r) =>
        setTimeout(r, Math.max(0, 1000 / WRITES_PER_S - (performance.now() - started))),
      );
    }
  })();
  return async () => {
    stopped = true;
    await done;
    return created;
  };
}

async function measure(
  name: 'pglite' | 'postgres',
  env: Record<string, string>,
  seeded: { cursor: string; cursors: string[] },
): Promise<Row[]> {
  const postdeck = await startPostdeck(env);
  try {
    const { base, headers } = postdeck;
    let next = 0;
    const requests: { request: string; query: () => string; writes?: boolean }[] = [
      { request: 'first page', query: () => '' },
      { request: 'page 1,000 (rows 9,991-10,000)', query: () => '?page=1000' },
      {
        request: `keyset page ${Math.floor(CONTENTS / 2).toLocaleString('en')} rows deep`,
        query: () => `?after=${seeded.cursor}`,
      },
      // Nothing shared, nothing remembered: every request asks for another page.
      {
        request: `keyset pages, each request another of ${seeded.cursors.length.toLocaleString('en')}`,
        query: () => `?after=${seeded.cursors[next++ % seeded.cursors.length]}`,
      },
      // Every write makes the embedded database read the page afresh.
      { request: `first page, ${WRITES_PER_S} contents created a second`, query: () => '', writes: true },
    ];
    const rows: Row[] = [];
    for (const { request, query, writes } of requests) {
      const url = `${base}${LIST}${query()}`;
      const answer = (await (await fetch(url, { headers })).json()) as {
        data: { items: unknown[]; total: number; totalExact: boolean };
      };
      if (answer.data.items.length !== 10) throw new Error(`${request}: ${answer.data.items.length} rows`);
      const total = `${answer.data.total.toLocaleString('en')}${answer.data.totalExact ? '' : '+'}`;
      for (const clients of CLIENTS) {
        const load = (duration: number) =>
          autocannon({
            url: `${base}${LIST}`,
            connections: clients,
            duration,
            headers,
            requests: [{ setupRequest: (req) => ({ ...req, path: `${LIST}${query()}` }) }],
          });
        // A short warm-up first, so the JIT has compiled the hot path before it is measured.
        await load(2);
        const runs: { rps: number; p50: number; p99: number }[] = [];
        let created = 0;
        for (let run = 0; run < RUNS; run++) {
          const stopWriting = writes ? writeContents(base, headers) : undefined;
          const result = await load(DURATION_S);
          created += (await stopWriting?.()) ?? 0;
          if (result.non2xx > 0 || result.errors > 0) {
            throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
          }
          runs.push({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
        }
        rows.push({
          database: name,
          request: writes ? `${request} (${created} created)` : request,
          clients,
          rps: runs.map((r) => r.rps),
          p50: runs.map((r) => r.p50),
          p99: runs.map((r) => r.p99),
          total,
        });
      }
    }
    return rows;
  } finally {
    await postdeck.stop();
  }
}

const rows: Row[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'postdeck-bench-list-'));
try {
  rows.push(...(await measure('pglite', { DATA_DIR: dataDir }, await seed({ dataDir }))));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const server = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
if (server) {
  await withPostgresDatabase(
    server,
    async (url) => {
      const pgDataDir = mkdtempSync(join(tmpdir(), 'postdeck-bench-list-pg-'));
      try {
        const seeded = await seed({ url });
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
  `\nlanding list (department content), ${CONTENTS} contents, ${DURATION_S} s a run, median of ${RUNS} runs (range)\n`,
);
console.log('| database | request | clients | total shown | req/s | p50 ms | p99 ms | p99 target |');
console.log('|---|---|---:|---:|---:|---:|---:|---|');
for (const r of rows) {
  const target = TARGET_P99_MS[r.database as keyof typeof TARGET_P99_MS];
  const met = spread(r.p99).median < target;
  console.log(
    `| ${r.database} | ${r.request} | ${r.clients} | ${r.total} | ${formatSpread(r.rps)} | ${formatSpread(r.p50)} | ${formatSpread(r.p99)} | < ${target} ms: ${met ? 'met' : 'NOT met'} |`,
  );
}
