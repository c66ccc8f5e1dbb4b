import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { type JobQueue, createJobQueue } from '../../jobs/queue.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { createMetrics } from './metrics.ts';
import { readQueueStats } from './queues.ts';

/**
 * The queue gauges read pg-boss's tables at scrape time (PGlite here, PostgreSQL in the
 * server-postgres project): no worker is registered, so the jobs stay where the test puts them.
 */
let database: Database;
let jobs: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = createJobQueue(database);
  await jobs.start();
}, 60_000);
afterAll(async () => {
  await jobs.stop({ graceful: false });
  await database.close();
});

describe('the queue stats', () => {
  it('count ready, deferred and active jobs per queue, and age the oldest ready one', async () => {
    const ready = await jobs.send('publishing.send', { publicationId: 1 });
    await jobs.send(
      'publishing.send',
      { publicationId: 2 },
      { startAfter: new Date(Date.now() + 3_600_000) },
    );
    const retried = await jobs.send('publishing.reconcile', { publicationId: 3 });
    const active = await jobs.send('publishing.reconcile', { publicationId: 4 });
    if (!ready || !retried || !active) throw new Error('a job was not sent');
    // Waiting 90 s, and a job made 5 min ago whose retry's backoff ended 30 s ago (ready for 30 s):
    // ages set in the database, not slept.
    const s = sql.identifier(jobs.schema);
    const moved = (set: ReturnType<typeof sql>, id: string) =>
      database.db.execute(sql`update ${s}.job set ${set} where id = ${id}::uuid`);
    await moved(
      sql`created_on = now() - interval '90 seconds', start_after = now() - interval '90 seconds'`,
      ready,
    );
    await moved(
      sql`state = 'retry', created_on = now() - interval '5 minutes', start_after = now() - interval '30 seconds'`,
      retried,
    );
    await moved(sql`state = 'active', started_on = now()`, active);

    const stats = await readQueueStats(database, jobs.schema);
    const send = stats.find((q) => q.queue === 'publishing.send');
    expect(send).toMatchObject({ ready: 1, deferred: 1, active: 0 });
    expect(send?.oldestSeconds).toBeGreaterThanOrEqual(90);
    expect(send?.oldestSeconds).toBeLessThan(150);
    const reconcile = stats.find((q) => q.queue === 'publishing.reconcile');
    expect(reconcile).toMatchObject({ ready: 1, deferred: 0, active: 1 });
    expect(reconcile?.oldestSeconds).toBeGreaterThanOrEqual(30);
    expect(reconcile?.oldestSeconds).toBeLessThan(90);
    // Every queue the app declares is reported, an empty one with zeros.
    expect(stats.find((q) => q.queue === 'channels.health')).toMatchObject({
      ready: 0,
      deferred: 0,
      active: 0,
      oldestSeconds: 0,
    });
  });

  it('are the gauges of a scrape', async () => {
    const metrics = createMetrics({ queues: { database, schema: jobs.schema } });
    const depth = (await metrics.registry.getSingleMetric('postdeck_queue_depth')?.get())?.values ?? [];
    const of = (queue: string, state: string) =>
      depth.find((v) => v.labels['queue'] === queue && v.labels['state'] === state)?.value;
    expect([of('publishing.send', 'ready'), of('publishing.send', 'deferred')]).toEqual([1, 1]);
    expect(of('publishing.reconcile', 'active')).toBe(1);
    const text = await metrics.registry.metrics();
    expect(text).toMatch(
      /^postdeck_queue_oldest_job_age_seconds\{queue="publishing.send"\} (9\d|1[0-4]\d)(\.\d+)?$/m,
    );
  });

  it('leave the queue series out, and the scrape whole, when the queue cannot be read', async () => {
    const heard: string[] = [];
    const metrics = createMetrics({
      queues: { database, schema: 'no_such_schema' },
      log: (message) => heard.push(message),
    });
    const text = await metrics.registry.metrics();
    expect(text).toContain('# TYPE postdeck_queue_depth gauge');
    expect(text).not.toMatch(/^postdeck_queue_depth\{/m);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(heard).toEqual(['metrics: the job queue could not be read']);
  });
});
