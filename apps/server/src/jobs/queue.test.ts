import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { createTestDatabase } from '../test/test-app.ts';
import type { QueueSettingsMap } from './job-names.ts';
import { createJobQueue, type JobQueue, type JobQueueLog } from './queue.ts';

// A type alias, not an interface: payload maps must satisfy JobData's index signature.
type TestJobs = {
  'test.echo': { n: number };
  'test.retry': { n: number };
  'test.deferred': { n: number };
  'test.shared': { n: number };
  'test.graceful': { n: number };
  'test.abrupt': { n: number };
  'test.tx': { n: number };
  'test.restart': { n: number };
  'test.burst': { n: number };
  'test.lanes': { n: number };
};

const testQueues: QueueSettingsMap<TestJobs> = {
  'test.echo': {},
  'test.retry': {},
  'test.deferred': {},
  'test.shared': {},
  'test.graceful': {},
  'test.abrupt': {},
  'test.tx': {},
  'test.restart': {},
  'test.burst': {},
  'test.lanes': {},
};

/**
 * Timers that pg-boss set and that have neither fired nor been cleared. Process-wide counts are no
 * use here: PGlite keeps timers of its own.
 */
function watchQueueTimers() {
  const pending = new Set<unknown>();
  const original = { ...pick(globalThis, 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval') };
  const fromQueue = () => /[\\/]pg-boss[\\/]/.test(new Error().stack ?? '');
  const patch = (kind: 'setTimeout' | 'setInterval', clear: 'clearTimeout' | 'clearInterval') => {
    const set = original[kind] as (fn: (...args: unknown[]) => void, ms?: number) => unknown;
    const unset = original[clear] as (timer: unknown) => void;
    (globalThis as Record<string, unknown>)[kind] = (fn: (...args: unknown[]) => void, ms?: number) => {
      const timer = set((...args) => {
        if (kind === 'setTimeout') pending.delete(timer);
        fn(...args);
      }, ms);
      if (fromQueue()) pending.add(timer);
      return timer;
    };
    (globalThis as Record<string, unknown>)[clear] = (timer: unknown) => {
      pending.delete(timer);
      unset(timer);
    };
  };
  patch('setTimeout', 'clearTimeout');
  patch('setInterval', 'clearInterval');
  return {
    pending,
    restore: () => Object.assign(globalThis, original),
  };
}

function pick<T extends object, K extends keyof T>(value: T, ...keys: K[]) {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

/** send() answers null only on a singletonKey collision, which these tests never provoke. */
function sentId(id: string | null): string {
  if (id === null) throw new Error('job was not sent');
  return id;
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('job queue', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const opened: JobQueue<TestJobs>[] = [];
  const extraDatabases: Database[] = [];
  const problems: unknown[] = [];
  const log: JobQueueLog = (level, message, detail) => {
    if (level === 'error') problems.push({ message, detail });
  };

  const openQueue = (on: Database = database, runsWork = true) => {
    const queue = createJobQueue<TestJobs>(on, {
      pollingIntervalSeconds: 0.5,
      queues: testQueues,
      log,
      runsWork,
    });
    opened.push(queue);
    return queue;
  };
  const startedQueue = async (on?: Database) => {
    const queue = openQueue(on);
    await queue.start();
    return queue;
  };
  const waitForState = (queue: JobQueue<TestJobs>, name: keyof TestJobs, id: string, state: string) =>
    vi.waitFor(async () => expect((await queue.getJob(name, id))?.state).toBe(state), {
      timeout: 15_000,
      interval: 50,
    });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((queue) => queue.stop({ graceful: false })));
    await Promise.all(extraDatabases.splice(0).map((extra) => extra.close()));
    expect(problems.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('handles a sent job exactly once, with its payload', async () => {
    const queue = await startedQueue();
    const seen: unknown[] = [];
    const handled = deferred<string>();
    await queue.work('test.echo', async (job) => {
      seen.push(job.data);
      handled.resolve(job.id);
    });
    const id = sentId(await queue.send('test.echo', { n: 42 }));
    expect(await handled.promise).toBe(id);
    await waitForState(queue, 'test.echo', id, 'completed');
    expect(seen).toEqual([{ n: 42 }]);
  });

  it('retries a failing handler up to the limit, then fails the job', async () => {
    const queue = await startedQueue();
    const attempts: number[] = [];
    await queue.work('test.retry', async (job) => {
      attempts.push(job.retryCount);
      throw new Error(`boom ${job.retryCount}`);
    });
    const id = sentId(await queue.send('test.retry', { n: 1 }, { retryLimit: 2, retryDelay: 0 }));
    await waitForState(queue, 'test.retry', id, 'failed');
    // Failed is final, so no attempt can follow the three counted here.
    expect(attempts).toEqual([0, 1, 2]);
    const job = await queue.getJob('test.retry', id);
    expect(job).toMatchObject({ retryCount: 2, retryLimit: 2, output: { message: 'boom 2' } });
  });

  it('takes the ready jobs one after the other, waiting the polling interval only when none is left', async () => {
    const queue = await startedQueue();
    const total = 12;
    for (let n = 0; n < total; n++) await queue.send('test.burst', { n });
    const started: number[] = [];
    const all = deferred();
    await queue.work('test.burst', async () => {
      started.push(performance.now());
      if (started.length === total) all.resolve();
    });
    await all.promise;
    // One loop, one job at a time: at one fetch per polling interval (0.5 s) the gaps were 500 ms.
    const gaps = started.slice(1).map((at, i) => at - (started[i] as number));
    gaps.sort((a, b) => a - b);
    expect(gaps[Math.floor(gaps.length / 2)]).toBeLessThan(250);
  });

  it('gives each worker of a queue only the priorities it asks for (lanes)', async () => {
    const queue = await startedQueue();
    const handled: [string, number][] = [];
    const all = deferred();
    const lane = (name: string) => async (job: { data: { n: number } }) => {
      handled.push([name, job.data.n]);
      if (handled.length === 6) all.resolve();
    };
    for (let n = 0; n < 6; n++) await queue.send('test.lanes', { n }, n % 2 ? { priority: -1 } : {});
    await queue.work('test.lanes', lane('first'), { concurrency: 2, minPriority: 0 });
    await queue.work('test.lanes', lane('second'), { concurrency: 2, maxPriority: -1 });
    await all.promise;
    expect(handled.sort((a, b) => a[1] - b[1])).toEqual([
      ['first', 0],
      ['second', 1],
      ['first', 2],
      ['second', 3],
      ['first', 4],
      ['second', 5],
    ]);
  });

  it('does not handle a job before its startAfter', async () => {
    const queue = await startedQueue();
    const handled: number[] = [];
    const immediate = deferred();
    await queue.work('test.deferred', async (job) => {
      handled.push(job.data.n);
      if (job.data.n === 2) immediate.resolve();
    });
    const startAfter = new Date(Date.now() + 60 * 60_000);
    const laterId = sentId(await queue.send('test.deferred', { n: 1 }, { startAfter }));
    await queue.send('test.deferred', { n: 2 });
    // Jobs are fetched oldest first: had the deferred one been fetchable, it would have come first.
    await immediate.promise;
    expect(handled).toEqual([2]);
    const later = await queue.getJob('test.deferred', laterId);
    expect(later?.state).toBe('created');
    expect(later?.startAfter.getTime()).toBe(startAfter.getTime());
  });

  it('shares the jobs of one queue between two instances without handling any twice', async () => {
    // On PostgreSQL the second instance has its own pools, like a second process; PGlite has one client.
    let other: Database = database;
    if (database.url) {
      other = await openDatabase({ url: database.url, poolSize: 2 });
      extraDatabases.push(other);
    }
    const [first, second] = [await startedQueue(), await startedQueue(other)];
    const total = 24;
    const handledBy = new Map<number, string[]>();
    const all = deferred();
    const handler = (instance: string) => async (job: { data: { n: number } }) => {
      handledBy.set(job.data.n, [...(handledBy.get(job.data.n) ?? []), instance]);
      await Promise.resolve();
      if (handledBy.size === total) all.resolve();
    };
    await first.work('test.shared', handler('first'), { batchSize: 3, concurrency: 2 });
    await second.work('test.shared', handler('second'), { batchSize: 3, concurrency: 2 });
    const ids = await Promise.all(
      Array.from({ length: total }, (_, n) => (n % 2 ? first : second).send('test.shared', { n })),
    );
    await all.promise;
    await vi.waitFor(
      async () => {
        const jobs = await first.boss.findJobs('test.shared');
        expect(jobs.filter((job) => job.state === 'completed').map((job) => job.id)).toHaveLength(total);
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(new Set(ids).size).toBe(total);
    expect([...handledBy.values()].filter((instances) => instances.length !== 1)).toEqual([]);
  });

  it('sends from an API-only instance without running its handlers; a working one runs them', async () => {
    const api = openQueue(database, false);
    const apiRan: number[] = [];
    await api.work('test.echo', async (job) => {
      apiRan.push(job.data.n);
    });
    await api.start();
    expect(api.runsWork).toBe(false);
    const id = sentId(await api.send('test.echo', { n: 7 }));
    const worker = await startedQueue();
    const handled = deferred<number>();
    await worker.work('test.echo', async (job) => handled.resolve(job.data.n));
    expect(await handled.promise).toBe(7);
    await waitForState(worker, 'test.echo', id, 'completed');
    expect(apiRan).toEqual([]);
  });

  it('lets an in-flight handler finish on a graceful stop', async () => {
    const queue = await startedQueue();
    const entered = deferred();
    const release = deferred();
    const order: string[] = [];
    await queue.work('test.graceful', async () => {
      entered.resolve();
      await release.promise;
      order.push('handler done');
    });
    const id = sentId(await queue.send('test.graceful', { n: 1 }));
    await entered.promise;
    const stopping = queue.stop({ graceful: true }).then(() => order.push('stopped'));
    await vi.waitFor(() =>
      expect(queue.boss.getWipData().find((worker) => worker.name === 'test.graceful')?.state).toBe(
        'stopping',
      ),
    );
    // Proving a negative takes time: a stop that did not wait would be done well within this.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(order).toEqual([]);
    release.resolve();
    await stopping;
    expect(order).toEqual(['handler done', 'stopped']);
    await queue.start();
    expect((await queue.getJob('test.graceful', id))?.state).toBe('completed');
  });

  it('fails an in-flight job and aborts its signal on an abrupt stop', async () => {
    const queue = await startedQueue();
    const entered = deferred();
    let aborted = false;
    await queue.work('test.abrupt', async (job) => {
      entered.resolve();
      await new Promise((resolve) => job.signal.addEventListener('abort', resolve, { once: true }));
      aborted = true;
    });
    const id = sentId(await queue.send('test.abrupt', { n: 1 }, { retryLimit: 0 }));
    await entered.promise;
    await queue.stop({ graceful: false });
    expect(aborted).toBe(true);
    await queue.start();
    const job = await queue.getJob('test.abrupt', id);
    expect(job?.state).toBe('failed');
  });

  it('enqueues inside a transaction only when it commits', async () => {
    const queue = await startedQueue();
    await expect(
      database.db.transaction(async (tx) => {
        await queue.send('test.tx', { n: 1 }, { tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const id = await database.db.transaction((tx) => queue.send('test.tx', { n: 2 }, { tx }));
    const jobs = await queue.boss.findJobs('test.tx');
    expect(jobs.map((job) => [job.id, job.data])).toEqual([[id, { n: 2 }]]);
  });

  it('starts and stops repeatedly, keeping its handlers, without leaving timers behind', async () => {
    const timers = watchQueueTimers();
    try {
      const queue = openQueue();
      const handled: number[] = [];
      let next = deferred();
      await queue.work('test.restart', async (job) => {
        handled.push(job.data.n);
        next.resolve();
      });
      for (const n of [1, 2, 3]) {
        await queue.start();
        expect(timers.pending.size).toBeGreaterThan(0);
        await queue.send('test.restart', { n });
        await next.promise;
        next = deferred();
        await queue.stop();
        expect(timers.pending.size).toBe(0);
      }
      expect(handled).toEqual([1, 2, 3]);
      await expect(queue.send('test.restart', { n: 4 })).rejects.toThrow('job queue is stopped');
    } finally {
      timers.restore();
    }
  });
});
