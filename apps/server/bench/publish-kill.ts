import type { PublishingPlatform } from '@postdeck/contract/platforms';
import { type KillRunReport, runKillLoop, withPostgresDatabase } from './kill-loop.ts';

/**
 * Never lost, never twice, under kill -9 (issue 20 item 11), and publications per second against
 * the local platform servers. First the throughput: BENCH_THROUGHPUT_PUBLICATIONS publications
 * (400) made at once and sent with nothing killed, to all ten platforms, then to the seven that
 * take text alone (no processing of media to wait for). Then BENCH_KILL_PUBLICATIONS (1,000) across
 * the 50 accounts of all ten platforms, made in BENCH_KILLS (100) batches, the server killed with
 * SIGKILL at a random moment up to 2 s after each batch and started again (BENCH_KILL_SEED picks
 * the moments and the order, so a run can be repeated). On PGlite, then on the PostgreSQL server
 * of BENCH_DATABASE_URL or TEST_DATABASE_URL when one is given. See kill-loop.ts for the checks.
 */
const publications = Number(process.env['BENCH_KILL_PUBLICATIONS'] ?? 1_000);
const kills = Number(process.env['BENCH_KILLS'] ?? 100);
const seed = Number(process.env['BENCH_KILL_SEED'] ?? 1);
const throughput = Number(process.env['BENCH_THROUGHPUT_PUBLICATIONS'] ?? 400);
const serverUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
/** Without YouTube, TikTok and Instagram, whose sends wait for the platform to process a video or image. */
const TEXT_ONLY: PublishingPlatform[] = [
  'facebook',
  'x',
  'vk',
  'telegram',
  'linkedin',
  'mastodon',
  'bluesky',
];
/** Sends of media wait for the platform's processing (YouTube is polled every 10 s): a backlog takes minutes. */
const SETTLE_MS = 15 * 60_000;
const log = (line: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${line}`);

const reports: KillRunReport[] = [];
const run = async (label: string, go: (databaseUrl: string | undefined) => Promise<KillRunReport>) => {
  console.log(`\n${label}`);
  const report = await go(undefined);
  reports.push(report);
  if (serverUrl) {
    console.log(`${label}, PostgreSQL`);
    reports.push(await withPostgresDatabase(serverUrl, (url) => go(url)));
  }
};

await run(`throughput: ${throughput} publications, no kills`, (databaseUrl) =>
  runKillLoop({ publications: throughput, kills: 0, seed, databaseUrl, log, settleTimeoutMs: SETTLE_MS }),
);
await run(
  `throughput: ${throughput} publications to the platforms that take text alone, no kills`,
  (databaseUrl) =>
    runKillLoop({
      publications: throughput,
      kills: 0,
      seed,
      databaseUrl,
      log,
      platforms: TEXT_ONLY,
      settleTimeoutMs: SETTLE_MS,
    }),
);
await run(`${publications} publications, ${kills} kills (seed ${seed})`, (databaseUrl) =>
  runKillLoop({ publications, kills, seed, databaseUrl, log, settleTimeoutMs: SETTLE_MS }),
);
if (!serverUrl)
  console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too');

const count = (report: KillRunReport, state: string) =>
  Object.values(report.states).reduce((sum, states) => sum + (states[state] ?? 0), 0);
console.log(
  '\n| database | platforms | publications | kills | cut off mid-send | published | failed | unconfirmed | not final | twice or lost | stray posts | minutes | restart ms (median, max) | published/s |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|');
for (const r of reports)
  console.log(
    `| ${r.database} | ${Object.keys(r.states).length} | ${r.publications} | ${r.kills} | ${r.reconciled} | ${count(r, 'published')} | ${count(r, 'failed')} | ${r.unconfirmed.length} | ${r.unsettled.length} | ${r.twice.length + r.lost.length + r.finalTwice.length} | ${r.stray.length + r.unknownPosts} | ${(r.seconds / 60).toFixed(1)} | ${r.kills ? `${r.restartMs.p50}, ${r.restartMs.max}` : ''} | ${r.kills ? '' : r.publishedPerSecond.toFixed(1)} |`,
  );

console.log('\nSeconds from made to final (median / longest), by platform:');
for (const r of reports)
  console.log(
    `  ${r.database}, ${Object.keys(r.states).length} platforms, ${r.kills} kills: ${Object.entries(r.latency)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([platform, { p50, max }]) => `${platform} ${p50.toFixed(1)}/${max.toFixed(1)}`)
      .join(', ')}`,
  );

console.log('\nUnconfirmed, and why each could not be settled:');
for (const r of reports) {
  const groups = new Map<string, number>();
  for (const u of r.unconfirmed) {
    const key = `${u.platform}: ${u.why ?? '?'}; ${u.posted ? 'the post is on the server' : 'no post on the server'}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  console.log(
    `  ${r.database}, ${Object.keys(r.states).length} platforms, ${r.kills} kills: ${groups.size === 0 ? 'none' : ''}`,
  );
  for (const [key, n] of [...groups].sort()) console.log(`    ${n} × ${key}`);
}

const failures = reports.flatMap((r) => [
  ...r.unsettled.map((o) => `${r.database}: ${o.marker} on ${o.platform} still ${o.status}`),
  ...r.finalTwice.map((o) => `${r.database}: ${o.marker} reached a final state ${o.finals} times`),
  ...r.lost.map((o) => `${r.database}: ${o.marker} on ${o.platform} published without a post`),
  ...r.twice.map((o) => `${r.database}: ${o.marker} on ${o.platform} has ${o.posts} posts`),
  ...r.stray.map((o) => `${r.database}: ${o.marker} on ${o.platform} is ${o.status} but has a post`),
  ...(r.unknownPosts > 0 ? [`${r.database}: ${r.unknownPosts} posts carry no marker`] : []),
  ...(r.crashes > 0 ? [`${r.database}: the server ended by itself ${r.crashes} times`] : []),
]);
console.log(`\nnever lost, never twice: ${failures.length === 0 ? 'met' : 'NOT met'}`);
for (const failure of failures) console.log(`  ${failure}`);
if (failures.length > 0) process.exitCode = 1;
