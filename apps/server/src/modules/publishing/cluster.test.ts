import type { PublishingPlatform } from '@postdeck/contract/platforms';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startPrivatePostgres } from '../../../bench/harness.ts';
import {
  breaches,
  type KillRunOptions,
  runKillLoop,
  withPostgresDatabase,
} from '../../../bench/kill-loop.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';

/**
 * The at-scale layout run (issue 22 items 3 and 6): API processes (POSTDECK_ROLE=api) and worker
 * processes (POSTDECK_ROLE=worker) on one PostgreSQL server and one S3 endpoint, publishing to the
 * local platform servers (a process of their own) while a worker is killed, frozen past its lease,
 * or the database restarted under them. Every publication must end in one final state, one post
 * for each published one, none twice. PostgreSQL only (the server-postgres project): PGlite
 * serves one process.
 */
const postgres = process.env['TEST_DB_KIND'] === 'postgres' ? process.env['TEST_DATABASE_URL'] : undefined;

/** Fast enough that a silent send is taken over within the test, slow enough to never hit a living one. */
const STALE_SEND_MS = 4_000;
const SWEEP_MS = 1_000;
const METRICS_TOKEN = 'cluster-test-metrics-token';

/** postdeck_publications_total{outcome="published"} of one process, over its platforms. */
async function publishedCount(base: string): Promise<number> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  const lines = (await res.text())
    .split('\n')
    .filter((line) => line.startsWith('postdeck_publications_total{'));
  return lines
    .filter((line) => line.includes('outcome="published"'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

describe.skipIf(!postgres)('publishing at scale: two API and two worker processes, S3 storage', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
  });

  const storageEnv = (prefix: string) => {
    const settings = s3.settings(prefix);
    return {
      STORAGE: 's3',
      S3_ENDPOINT: settings.endpoint,
      S3_REGION: settings.region,
      S3_BUCKET: settings.bucket,
      S3_ACCESS_KEY_ID: settings.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.credentials.secretAccessKey,
      S3_PREFIX: settings.prefix,
    };
  };
  const layout = (prefix: string) => ({ apis: 2, workers: 2, env: storageEnv(prefix) });
  const run = (options: Omit<KillRunOptions, 'seed'>) => {
    // The run's story (what was disrupted when, a process's last words), printed if the test fails.
    const story: string[] = [];
    onTestFailed(() => console.log(story.join('\n')));
    return runKillLoop({
      seed: 22,
      staleSendMs: STALE_SEND_MS,
      sweepMs: SWEEP_MS,
      settleTimeoutMs: 240_000,
      log: (line) => story.push(line),
      ...options,
    });
  };

  it(
    'publishes 200 to all ten platforms while a worker is killed: none lost, none twice',
    { timeout: 480_000 },
    async () => {
      const report = await withPostgresDatabase(postgres as string, (databaseUrl) =>
        run({
          databaseUrl,
          publications: 200,
          kills: 1,
          layout: layout('killed-worker/'),
          disrupt: async (processes) => {
            await processes.workers[0]?.end('SIGKILL');
            return 'worker 1 killed; worker 2 carries on alone';
          },
        }),
      );
      expect(report.publications).toBe(200);
      expect(Object.keys(report.states)).toHaveLength(10);
      expect(breaches(report)).toEqual({});
    },
  );

  it(
    'lets a worker frozen past its lease be taken over, and sends nothing twice when it thaws',
    { timeout: 300_000 },
    async () => {
      // YouTube's sends last while the video is processed (polled every 10 s): the freeze lands in one.
      const platforms: PublishingPlatform[] = ['youtube', 'facebook', 'mastodon', 'x'];
      const report = await withPostgresDatabase(postgres as string, (databaseUrl) =>
        run({
          databaseUrl,
          publications: 40,
          kills: 1,
          platforms,
          layout: {
            ...layout('frozen-worker/'),
            env: { ...storageEnv('frozen-worker/'), LOG_LEVEL: 'info' },
          },
          maxKillDelayMs: 1,
          disrupt: async (processes) => {
            const worker = processes.workers[0];
            if (!worker) throw new Error('no worker');
            const line = await worker.waitForLine(
              /(?=.*"msg":"publishing: sending")(?=.*"platform":"youtube")/,
              60_000,
            );
            worker.freeze();
            // Past the lease, and a sweep of the other worker after it.
            await new Promise((resolve) => setTimeout(resolve, STALE_SEND_MS + 4 * SWEEP_MS));
            worker.thaw();
            return `worker 1 frozen in a send (${/"publicationId":(\d+)/.exec(line)?.[1]}), then thawed`;
          },
        }),
      );
      expect(breaches(report)).toEqual({});
      // The frozen worker's send was settled by the other one (found on YouTube, or left to the author).
      expect(report.reconciled).toBeGreaterThan(0);
    },
  );

  it(
    'lets a worker stopped with SIGTERM hand back a send it cannot finish in its grace, and end in time',
    { timeout: 300_000 },
    async () => {
      const grace = 1_500;
      let stopped: { ms: number; tail: string } | undefined;
      const report = await withPostgresDatabase(postgres as string, (databaseUrl) =>
        run({
          databaseUrl,
          publications: 20,
          kills: 1,
          platforms: ['youtube', 'mastodon'],
          layout: {
            ...layout('stopped-worker/'),
            env: { ...storageEnv('stopped-worker/'), LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: String(grace) },
          },
          maxKillDelayMs: 1,
          disrupt: async (processes) => {
            const worker = processes.workers[0];
            if (!worker) throw new Error('no worker');
            await worker.waitForLine(/(?=.*"msg":"publishing: sending")(?=.*"platform":"youtube")/, 60_000);
            const started = performance.now();
            await worker.end('SIGTERM');
            stopped = { ms: performance.now() - started, tail: worker.tail() };
            return `worker 1 stopped with SIGTERM in ${Math.round(stopped.ms)} ms`;
          },
        }),
      );
      expect(breaches(report)).toEqual({});
      // Within the grace and the margin main.ts gives the rest of the stop.
      expect(stopped?.ms).toBeLessThan(grace + 10_000);
      // A YouTube send waits for the video's processing (10 s polls): it outlived the grace.
      expect(stopped?.tail).toMatch(/"msg":"publishing: handed back at shutdown"/);
    },
  );

  it(
    'rides out a PostgreSQL restart while the workers run: they reconnect, nothing is lost',
    { timeout: 300_000 },
    async () => {
      const database = await startPrivatePostgres();
      // Each worker's own count of what it published, scraped from its /metrics before it stops.
      const publishedBy: number[] = [];
      try {
        const report = await withPostgresDatabase(database.url, (databaseUrl) =>
          run({
            databaseUrl,
            publications: 60,
            kills: 2,
            platforms: ['facebook', 'mastodon', 'x', 'telegram', 'bluesky'],
            layout: {
              ...layout('database-restart/'),
              env: { ...storageEnv('database-restart/'), METRICS: 'on', METRICS_TOKEN },
            },
            inspect: async (processes) => {
              for (const worker of processes.workers) publishedBy.push(await publishedCount(worker.base));
            },
            disrupt: async () => {
              const started = performance.now();
              await database.restart();
              return `PostgreSQL restarted in ${Math.round(performance.now() - started)} ms`;
            },
          }),
        );
        expect(report.publications).toBe(60);
        expect(breaches(report)).toEqual({});
        // The two workers shared the work, and their counts add up to what was published.
        const published = Object.values(report.states).reduce(
          (sum, states) => sum + (states['published'] ?? 0),
          0,
        );
        expect(publishedBy).toHaveLength(2);
        for (const count of publishedBy) expect(count).toBeGreaterThan(0);
        expect(publishedBy.reduce((sum, count) => sum + count, 0)).toBe(published);
      } finally {
        await database.stop();
      }
    },
  );
});
