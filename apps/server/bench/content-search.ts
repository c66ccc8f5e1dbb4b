import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { rootDepartment } from '../src/modules/departments/department-repo.ts';
import { seedContents, VOCABULARY } from './seed-contents.ts';

/**
 * Keyword search over 100,000 contents (issue 4): the department list with `keyword`, through the
 * whole HTTP stack (app.inject), on the embedded database, or on a PostgreSQL server when
 * BENCH_DATABASE_URL is set. Target: p99 under 50 ms.
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

  async function measure(searches: number, keywordAt: (i: number) => string) {
    const timings: number[] = [];
    let hits = 0;
    for (let i = 0; i < searches; i++) {
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
    timings.sort((a, b) => a - b);
    const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))] ?? 0;
    return { searches, matches: Math.round(hits / searches), p50: at(0.5), p95: at(0.95), p99: at(0.99) };
  }

  const words = await measure(SEARCHES, (i) => VOCABULARY[(i * 977) % VOCABULARY.length] as string);
  // Not part of the target: a word in every title, so the count must visit every row.
  const everywhere = await measure(30, () => 'story');
  console.log(
    `\ncontent keyword search, ${CONTENTS} contents on ${database.kind} (seeded in ${(seedMs / 1000).toFixed(1)} s, indexed in ${(indexMs / 1000).toFixed(1)} s)`,
  );
  console.log('| keyword | searches | mean matches | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, m] of [
    ['a word of the vocabulary', words],
    ['"story" (in every title)', everywhere],
  ] as const) {
    const ms = (value: number) => value.toFixed(1);
    console.log(`| ${name} | ${m.searches} | ${m.matches} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} |`);
  }
  console.log(`\ntarget (p99 < 50 ms for a vocabulary word): ${words.p99 < 50 ? 'met' : 'NOT met'}`);
  await app.close();
} finally {
  await database.close();
}
