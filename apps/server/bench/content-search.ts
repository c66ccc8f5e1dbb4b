import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { rootDepartment } from '../src/modules/departments/department-repo.ts';
import { seedContents, VOCABULARY } from './seed-contents.ts';
import { formatSpread, quantile, RUNS, spread } from './stats.ts';

/**
 * Keyword search over 100,000 contents (issue 4): the department list with `keyword`, through the
 * whole HTTP stack (app.inject), on the embedded database, or on a PostgreSQL server when
 * BENCH_DATABASE_URL is set, by one caller and by ten at once. Target: p99 under 50 ms.
 */
const CONTENTS = Number(process.env['BENCH_CONTENTS'] ?? 100_000);
const SEARCHES = 300;
const PASSWORD = 'Bench!pass1';

const database = await openDatabase({ url: process.env['BENCH_DATABASE_URL'] });
try {
  await runMigrations(database);
  await bootstrap(database.db, { adminPassword: PASSWORD, log: () => undefined });
  const { seedMs, indexMs } = await seedContents(database.db, await rootDepartment(database.db), CONTENTS);

  const app = await buildApp({
    config: { ...loadConfig({ LOG_LEVEL: 'silent' }), webDist: '/nonexistent' },
    database,
    masterSecret: randomBytes(48),
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/prod-api/control/user/login',
    payload: { username: 'admin', password: PASSWORD },
  });
  const token = (login.json() as { data: { accessToken: string } }).data.accessToken;
  // The bootstrap admin chooses a new password first; the session stays.
  await app.inject({
    method: 'POST',
    url: '/prod-api/control/user/pass/update',
    headers: { authorization: `Bearer ${token}` },
    payload: { oldPassword: PASSWORD, newPassword: `${PASSWORD}#` },
  });

  /**
   * `searches` searches by `clients` callers at once, each waiting for its answer before the next.
   * With `cold`, every search follows a write, so the embedded database's read cache (which
   * remembers list reads until the next write) cannot answer it: a word searched again is
   * searched again.
   */
  async function measure(searches: number, clients: number, keywordAt: (i: number) => string, cold = false) {
    const timings: number[] = [];
    let hits = 0;
    let next = 0;
    const search = async () => {
      for (let i = next++; i < searches; i = next++) {
        if (cold) await database.db.execute(sql`analyze departments`);
        const started = performance.now();
        const res = await app.inject({
          method: 'GET',
          url: '/prod-api/content/contentList/deplist',
          query: { keyword: keywordAt(i) },
          headers: { authorization: `Bearer ${token}` },
        });
        timings.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${res.body}`);
        hits += (res.json() as { data: { total: number } }).data.total;
      }
    };
    await Promise.all(Array.from({ length: clients }, search));
    timings.sort((a, b) => a - b);
    return {
      matches: Math.round(hits / searches),
      p50: quantile(timings, 0.5),
      p95: quantile(timings, 0.95),
      p99: quantile(timings, 0.99),
    };
  }

  const word = (run: number) => (i: number) =>
    VOCABULARY[(run * 1_237 + i * 977) % VOCABULARY.length] as string;
  const cases = [
    // The target: a word of the vocabulary, each search another word.
    { name: 'a word of the vocabulary', searches: SEARCHES, clients: 1, keyword: word, cold: false },
    { name: 'a word of the vocabulary', searches: SEARCHES, clients: 10, keyword: word, cold: false },
    // Not part of the target: a word in every title, so the count runs to its bound.
    { name: '"story" (in every title)', searches: 30, clients: 1, keyword: () => () => 'story', cold: true },
  ];
  console.log(
    `\ncontent keyword search, ${CONTENTS} contents on ${database.kind} (seeded in ${(seedMs / 1000).toFixed(1)} s, indexed in ${(indexMs / 1000).toFixed(1)} s); median of ${RUNS} runs (range)`,
  );
  console.log('| keyword | clients | searches a run | mean matches | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  let targetMet = true;
  for (const c of cases) {
    const runs: Awaited<ReturnType<typeof measure>>[] = [];
    for (let run = 0; run < RUNS; run++)
      runs.push(await measure(c.searches, c.clients, c.keyword(run), c.cold));
    const p99 = spread(runs.map((r) => r.p99)).median;
    if (c.name === 'a word of the vocabulary' && p99 >= 50) targetMet = false;
    const ms = (pick: (r: (typeof runs)[number]) => number) => formatSpread(runs.map(pick), 1);
    console.log(
      `| ${c.name} | ${c.clients} | ${c.searches} | ${formatSpread(runs.map((r) => r.matches))} | ${ms((r) => r.p50)} | ${ms((r) => r.p95)} | ${ms((r) => r.p99)} |`,
    );
  }
  console.log(
    `\ntarget (p99 < 50 ms for a vocabulary word, 1 and 10 clients, medians): ${targetMet ? 'met' : 'NOT met'}`,
  );
  await app.close();
} finally {
  await database.close();
}
