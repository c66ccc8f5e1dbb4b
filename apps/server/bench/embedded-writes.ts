import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type LoadResult, pacedLoad } from './paced-load.ts';
import { contentBody, seedNewsroom, startPostdeck } from './newsroom.ts';
import { formatSpread, RUNS, spread } from './stats.ts';

/**
 * Writes on the embedded database (issue 11): editors creating contents, 100 a second evenly spaced
 * (open loop), then 50 clients each as fast as it can, while the unread-notification poll of
 * 50 signed-in users (one each 5 s) goes on, against Postdeck as `npm start` runs it on PGlite
 * with 100,000 contents. One slow statement of the embedded database must not stall the others:
 * targets are create p99 under 100 ms and poll p99 under 50 ms. Memory: the server's resident size idle (target under
 * 300 MB) and after the writes, and the database's size on disk with its write-ahead log.
 */
const CONTENTS = Number(process.env['BENCH_CONTENTS'] ?? 100_000);
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 10);
const WRITERS = 50;
const POLLS_PER_S = 10;
/** 50 editors saving every half second: far beyond a newsroom's pace, within the server's. */
const CREATES_PER_S = 100;
const TARGETS = { createP99: 100, pollP99: 50, idleMb: 300 };

const residentMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
};

async function sizeMb(path: string): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return bytes / 2 ** 20;
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = mkdtempSync(join(tmpdir(), 'postdeck-bench-writes-'));
try {
  await seedNewsroom({ dataDir }, CONTENTS, async () => undefined);
  const postdeck = await startPostdeck({ DATA_DIR: dataDir });
  try {
    const { base, headers, pid } = postdeck;
    // Start-up work (maintenance, the search index) done and its garbage collected, as a server that has been up a while.
    await settle(20_000);
    const idleMb = residentMb(pid);
    const scenarios = [
      { name: `${CREATES_PER_S} creates a second, evenly spaced`, rate: CREATES_PER_S },
      { name: 'each as fast as it can', rate: undefined },
    ];
    const rows: {
      name: string;
      rate: number | undefined;
      creates: LoadResult[];
      polls: LoadResult[];
    }[] = [];
    let created = 0;
    for (const scenario of scenarios) {
      const row = { ...scenario, creates: [] as LoadResult[], polls: [] as LoadResult[] };
      for (let run = 0; run < RUNS; run++) {
        let n = 0;
        const create = (i: number) =>
          fetch(`${base}/prod-api/content/create`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(contentBody(`Bench write ${run}-${i}`)),
          });
        const [creates, polls] = await Promise.all([
          scenario.rate
            ? pacedLoad({ rate: scenario.rate, durationS: DURATION_S, send: create })
            : autocannon({
                url: `${base}/prod-api/content/create`,
                connections: WRITERS,
                duration: DURATION_S,
                timeout: 10,
                requests: [
                  {
                    method: 'POST',
                    headers: { ...headers, 'content-type': 'application/json' },
                    setupRequest: (req) => ({
                      ...req,
                      body: JSON.stringify(contentBody(`Bench write ${run}-${n++}`)),
                    }),
                  },
                ],
              }),
          pacedLoad({
            rate: POLLS_PER_S,
            durationS: DURATION_S,
            send: () =>
              fetch(`${base}/prod-api/infor/notReadList`, {
                method: 'POST',
                headers: { ...headers, 'content-type': 'application/json' },
                body: JSON.stringify({ readStatus: 1, page: 1, pageSize: 10 }),
              }),
          }),
        ]);
        for (const [name, result] of [
          ['create', creates],
          ['poll', polls],
        ] as const) {
          if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
            throw new Error(
              `${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} time-outs`,
            );
          }
        }
        created += creates.requests.total;
        row.creates.push(creates);
        row.polls.push(polls);
      }
      rows.push(row);
    }
    const afterMb = residentMb(pid);
    await settle(10_000);
    const restedMb = residentMb(pid);
    const diskMb = await sizeMb(join(dataDir, 'db'));
    const walMb = await sizeMb(join(dataDir, 'db', 'pg_wal'));

    const met = (value: number, target: number) => (value < target ? 'met' : 'NOT met');
    const line = (request: string, results: LoadResult[], target: number | undefined) => {
      const p99 = results.map((r) => r.latency.p99);
      const verdict = target === undefined ? '' : `< ${target} ms: ${met(spread(p99).median, target)}`;
      console.log(
        `| ${request} | ${formatSpread(results.map((r) => r.requests.average))} | ${formatSpread(results.map((r) => r.latency.p50))} | ${formatSpread(p99)} | ${formatSpread(results.map((r) => r.latency.max))} | ${verdict} |`,
      );
    };
    console.log(
      `\nembedded writes: PGlite, ${CONTENTS} contents, ${WRITERS} clients creating contents while the unread poll runs ${POLLS_PER_S} times a second, ${DURATION_S} s a run, median of ${RUNS} runs (range)\n`,
    );
    console.log('| request | req/s | p50 ms | p99 ms | max ms | p99 target |');
    console.log('|---|---:|---:|---:|---:|---|');
    for (const row of rows) {
      // Clients that send as fast as they can wait for every save ahead of theirs: their latency is
      // the number of clients over the throughput, so that row measures throughput.
      line(
        `content create, ${row.name}`,
        row.creates,
        row.rate === undefined ? undefined : TARGETS.createP99,
      );
      line(`unread poll, while ${row.name}`, row.polls, TARGETS.pollP99);
    }
    console.log(`\n| server memory and disk | MB |`);
    console.log('|---|---:|');
    console.log(
      `| resident, idle after start (target < ${TARGETS.idleMb}: ${met(idleMb, TARGETS.idleMb)}) | ${idleMb.toFixed(0)} |`,
    );
    console.log(`| resident, after ${created.toLocaleString('en')} creates | ${afterMb.toFixed(0)} |`);
    console.log(`| resident, 10 s later | ${restedMb.toFixed(0)} |`);
    console.log(`| database on disk | ${diskMb.toFixed(0)} |`);
    console.log(`| of which write-ahead log | ${walMb.toFixed(0)} |`);
  } finally {
    await postdeck.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
