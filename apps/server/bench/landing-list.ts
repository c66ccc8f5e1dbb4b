import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import autocannon from 'autocannon';
import pg from 'pg';
import { bootstrap } from '../src/bootstrap/bootstrap.ts';
import { openDatabase, rawRows } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { contents } from '../src/db/schema.ts';
import { encodeCursor } from '../src/lib/list-page.ts';
import { createDepartment, rootDepartment } from '../src/modules/departments/department-repo.ts';
import { createUser } from '../src/modules/users/user-repo.ts';
import { startChild, waitForHealth } from './child-process.ts';
import { seedContents } from './seed-contents.ts';

/**
 * The landing list (issue 11): an editor's department content, 100,000 contents in their
 * department, against Postdeck as `npm start` runs it (its own process), under 10 and 50
 * concurrent clients: the first page, a numbered page at the count bound (page 1,000), and a
 * keyset page 50,000 rows deep. Embedded PGlite, then a PostgreSQL server when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names one, in a database made for the run and dropped
 * after. Targets: p99 under 60 ms on PGlite and 30 ms on PostgreSQL.
 */
const CONTENTS = Number(process.env['BENCH_CONTENTS'] ?? 100_000);
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 10);
const CLIENTS = [10, 50];
const TARGET_P99_MS = { pglite: 60, postgres: 30 } as const;
const PASSWORD = 'Bench!pass1';
const EDITOR = { account: 'bench_editor', password: 'Bench!pass2' };
const LIST = '/prod-api/content/contentList/deplist';

interface Row {
  database: string;
  request: string;
  clients: number;
  rps: number;
  p50: number;
  p99: number;
  total: string;
}

/** Seeds the database at `url` (PGlite in `dataDir` when no url); returns the deep page's cursor. */
async function seed(target: { url?: string; dataDir?: string }) {
  const database = await openDatabase(target);
  try {
    await runMigrations(database);
    await bootstrap(database.db, { adminPassword: PASSWORD, log: () => undefined });
    const newsroom = await createDepartment(database.db, {
      name: 'Newsroom',
      parentId: await rootDepartment(database.db),
    });
    await createUser(database.db, {
      ...EDITOR,
      name: 'Bench editor',
      departmentId: newsroom,
      roleCodes: ['editor'],
    });
    const { seedMs, indexMs } = await seedContents(database.db, newsroom, CONTENTS);
    const [deep] = await rawRows<{ value: string; id: number }>(
      database.db,
      sql`select to_json(updated_at) #>> '{}' as value, id from contents
        order by updated_at desc, id desc offset ${Math.floor(CONTENTS / 2) - 1} limit 1`,
    );
    if (!deep) throw new Error('no contents seeded');
    const order = {
      name: 'updatedAt',
      column: contents.updatedAt,
      kind: 'timestamp',
      id: contents.id,
    } as const;
    const cursor = encodeCursor({ ...order, direction: 'desc' }, deep.value, Number(deep.id));
    console.log(
      `${database.kind}: ${CONTENTS} contents seeded in ${(seedMs / 1000).toFixed(1)} s, indexed in ${(indexMs / 1000).toFixed(1)} s`,
    );
    return cursor;
  } finally {
    await database.close();
  }
}

async function measure(
  name: 'pglite' | 'postgres',
  env: Record<string, string>,
  cursor: string,
): Promise<Row[]> {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const postdeck = await startChild(
    fileURLToPath(new URL('../src/main.ts', import.meta.url)),
    { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    () => waitForHealth(port),
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/prod-api/control/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: EDITOR.account, password: EDITOR.password }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const headers = { authorization: `Bearer ${token}` };
    const requests = [
      ['first page', ''],
      ['page 1,000 (rows 9,991-10,000)', '?page=1000'],
      [`keyset page ${Math.floor(CONTENTS / 2).toLocaleString('en')} rows deep`, `?after=${cursor}`],
    ] as const;
    const rows: Row[] = [];
    for (const [request, query] of requests) {
      const url = `${base}${LIST}${query}`;
      const answer = (await (await fetch(url, { headers })).json()) as {
        data: { items: unknown[]; total: number; totalExact: boolean };
      };
      if (answer.data.items.length !== 10) throw new Error(`${request}: ${answer.data.items.length} rows`);
      const total = `${answer.data.total.toLocaleString('en')}${answer.data.totalExact ? '' : '+'}`;
      for (const clients of CLIENTS) {
        // A short warm-up first, so the JIT has compiled the hot path before it is measured.
        await autocannon({ url, connections: clients, duration: 2, headers });
        const result = await autocannon({ url, connections: clients, duration: DURATION_S, headers });
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
        }
        rows.push({
          database: name,
          request,
          clients,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          total,
        });
      }
    }
    return rows;
  } finally {
    postdeck.child.kill('SIGTERM');
    await new Promise((r) => postdeck.child.once('exit', r));
  }
}

const rows: Row[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'postdeck-bench-list-'));
try {
  const cursor = await seed({ dataDir });
  rows.push(...(await measure('pglite', { DATA_DIR: dataDir }, cursor)));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const server = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
if (server) {
  const name = `postdeck_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const pgDataDir = mkdtempSync(join(tmpdir(), 'postdeck-bench-list-pg-'));
  try {
    const cursor = await seed({ url: url.toString() });
    rows.push(...(await measure('postgres', { DATABASE_URL: url.toString(), DATA_DIR: pgDataDir }, cursor)));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(pgDataDir, { recursive: true, force: true });
  }
} else {
  console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too');
}

console.log(`\nlanding list (department content), ${CONTENTS} contents, ${DURATION_S} s per run\n`);
console.log('| database | request | clients | total shown | req/s | p50 ms | p99 ms | p99 target |');
console.log('|---|---|---:|---:|---:|---:|---:|---|');
for (const r of rows) {
  const target = TARGET_P99_MS[r.database as keyof typeof TARGET_P99_MS];
  console.log(
    `| ${r.database} | ${r.request} | ${r.clients} | ${r.total} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | < ${target} ms: ${r.p99 < target ? 'met' : 'NOT met'} |`,
  );
}
