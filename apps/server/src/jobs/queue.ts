/**
 * The durable job queue: work done off the request path (material processing now, scheduled
 * publishing later).
 *
 * Why pg-boss: the queue lives in the database we already run, so enqueueing can commit in the
 * same transaction as the row it is about, there is no broker to operate, and workers on several
 * processes claim jobs with SKIP LOCKED without handling one twice. It also brings retries with
 * backoff, deferred jobs (startAfter), singleton keys and cron. graphile-worker was rejected: it
 * deadlocks on PGlite.
 *
 * PGlite: pg-boss talks to the embedded client through its own `fromPglite` adapter with
 * `backend: 'pglite'`. The adapter sends multi-statement SQL (migrations, locked blocks) through
 * `exec()`, which a plain executeSql wrapper over `query()` cannot run. PGlite serialises every call
 * behind one lock, so a queue call awaited inside `db.transaction()` waits for that transaction
 * forever: enqueue inside a transaction only with the `tx` send option, and only to a queue
 * declared in jobQueues (created on start(), so nothing has to be created inside the transaction).
 *
 * PostgreSQL: pg-boss gets a pool of its own, built from our pool's connection settings. Its
 * executeSql passes signals that cancel long maintenance statements on stop(), its polling and
 * maintenance never queue behind HTTP requests for our pool's connections (nor the reverse), and
 * stop() closes it. The cost is `maxConnections` more server connections.
 *
 * Schema: pg-boss creates and migrates its own schema (`pgboss` unless told otherwise) on start(),
 * under an advisory lock, outside drizzle's migrations.
 *
 * Payloads: ids and scalars only (see JobData in job-names.ts). Handlers load current rows by id
 * and must tolerate running more than once for one job (a crash mid-handler retries it) and
 * finding the row gone.
 */
import { type SQL, sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, type ConstructorOptions, type Job, type JobResult, PgBoss } from 'pg-boss';
import type { Database, Db } from '../db/client.ts';
import { DroppableClient } from '../db/droppable-client.ts';
import {
  type JobPayloads,
  jobQueues,
  type PayloadMap,
  type QueueSettings,
  type QueueSettingsMap,
} from './job-names.ts';

export type { QueueSettings } from './job-names.ts';

/** pg-boss refuses to poll more often than every 0.5 s. */
const MIN_POLLING_SECONDS = 0.5;

export type JobQueueLog = (level: 'error' | 'warn', message: string, detail?: unknown) => void;

export interface JobQueueOptions<P extends PayloadMap<P> = JobPayloads> {
  /** Database schema pg-boss installs into. */
  schema?: string;
  /** How often an idle worker looks for jobs; also bounds how late a deferred job starts. */
  pollingIntervalSeconds?: number;
  /** PostgreSQL only: size of pg-boss's own pool. */
  maxConnections?: number;
  /** Queues created on start(); jobQueues by default. Others are created on first use. */
  queues?: QueueSettingsMap<P>;
  /** pg-boss's background errors and warnings (handler failures are recorded on the job instead). */
  log?: JobQueueLog;
  /**
   * False in an API-only process (POSTDECK_ROLE=api): it sends jobs but never runs them, runs no
   * cron schedule and no queue maintenance; handlers and schedules registered are kept unused.
   */
  runsWork?: boolean;
}

export interface SendOptions {
  /** Not handled before this moment. */
  startAfter?: Date;
  /** At most one queued job per key and queue; a send that collides returns null. */
  singletonKey?: string;
  /** Retries after the first failure (queue default otherwise; pg-boss's default is 2). */
  retryLimit?: number;
  /** Seconds between attempts. */
  retryDelay?: number;
  /** Doubles retryDelay on each attempt, with jitter. */
  retryBackoff?: boolean;
  /** Higher first among the jobs ready (0 unless set); a worker may take only some (WorkOptions). */
  priority?: number;
  /**
   * Enqueue inside this drizzle transaction: the job exists only if the transaction commits. On
   * PGlite this is also the only way to enqueue from inside a transaction without deadlocking.
   */
  tx?: Pick<Db, 'execute'>;
}

export interface WorkOptions {
  /** Jobs fetched per poll; their handlers run side by side and settle one by one. */
  batchSize?: number;
  /** Polling loops for this queue in this process. */
  concurrency?: number;
  /** Only the jobs of at least this priority (SendOptions.priority): lanes of one queue. */
  minPriority?: number;
  /** Only the jobs of at most this priority. */
  maxPriority?: number;
}

export interface QueueJob<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
  /** Aborted when the job expires or a non-graceful stop gives up on it. */
  signal: AbortSignal;
}

export type JobHandler<T> = (job: QueueJob<T>) => Promise<void>;

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobInfo<T> {
  id: string;
  name: string;
  data: T;
  state: JobState;
  retryCount: number;
  retryLimit: number;
  startAfter: Date;
  createdOn: Date;
  completedOn: Date | null;
  /** The handler's error for a failed job. */
  output: unknown;
}

export interface JobQueue<P extends PayloadMap<P> = JobPayloads> {
  readonly schema: string;
  /** Whether this process runs jobs (not an API-only one); timers that do a worker's part ask it. */
  readonly runsWork: boolean;
  /** Installs or migrates the schema, starts maintenance and every registered worker. */
  start(): Promise<void>;
  /**
   * Stops fetching. Graceful (the default) waits up to timeoutMs for running handlers, then fails
   * what is still running; otherwise running jobs are failed and their signals aborted at once.
   */
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
  /** Creates the queue if missing; the settings of an existing queue are left as they are. */
  createQueue(name: keyof P & string, settings?: QueueSettings): Promise<void>;
  /** The job id, or null when a singletonKey collided. */
  send<N extends keyof P & string>(name: N, data: P[N], options?: SendOptions): Promise<string | null>;
  /**
   * Sends `name` (with an empty payload) on a cron expression in UTC, from whichever process's
   * clock gets there first; applied on start(), so it may be called before. One schedule per name.
   */
  schedule(name: keyof P & string, cron: string): Promise<void>;
  /** Registers a handler; kept across stop() and start(). May be called before start(). */
  work<N extends keyof P & string>(name: N, handler: JobHandler<P[N]>, options?: WorkOptions): Promise<void>;
  getJob<N extends keyof P & string>(name: N, id: string): Promise<JobInfo<P[N]> | null>;
  /** pg-boss itself, for what the facade leaves out (queue stats, schedules, cancel). */
  readonly boss: PgBoss;
}

interface Registration {
  name: string;
  handler: JobHandler<never>;
  options: WorkOptions;
}

export function createJobQueue<P extends PayloadMap<P> = JobPayloads>(
  database: Database,
  options: JobQueueOptions<P> = {},
): JobQueue<P> {
  const schema = options.schema ?? 'pgboss';
  const pollingIntervalSeconds = Math.max(
    options.pollingIntervalSeconds ?? MIN_POLLING_SECONDS,
    MIN_POLLING_SECONDS,
  );
  const log = options.log ?? defaultLog;
  // The app's queues unless a caller (a test) brings its own payload map and queues.
  const declared: Record<string, QueueSettings> = options.queues ?? jobQueues;
  const runsWork = options.runsWork ?? true;
  const boss = new PgBoss({
    ...connection(database, options.maxConnections ?? 4),
    schema,
    ...(runsWork ? {} : { supervise: false, schedule: false }),
  });
  // pg-boss emits 'error' from timers; an EventEmitter without a listener would crash the process.
  boss.on('error', (error) => log('error', `job queue: ${error.message}`, error));
  boss.on('warning', (warning) => log('warn', `job queue: ${warning.message}`, warning.data));

  const registrations: Registration[] = [];
  const schedules = new Map<string, string>();
  const queues = new Map<string, Promise<void>>();
  // Sends stay open while stopping, so a handler draining in a graceful stop can still enqueue.
  let state: 'stopped' | 'starting' | 'running' | 'stopping' = 'stopped';
  let transition: Promise<void> = Promise.resolve();

  const ensureQueue = (name: string, settings?: QueueSettings) => {
    let created = queues.get(name);
    if (!created) {
      created = boss.createQueue(name, settings);
      // A failed create is retried by the next caller rather than remembered.
      created.catch(() => queues.delete(name));
      queues.set(name, created);
    }
    return created;
  };

  const register = async ({ name, handler, options: work }: Registration) => {
    await ensureQueue(name);
    const run = async (jobs: Job<never>[]): Promise<JobResult[]> => {
      const outcomes = await Promise.allSettled(
        jobs.map((job) =>
          handler({
            id: job.id,
            name: job.name,
            data: job.data,
            retryCount: job.retryCount,
            signal: job.signal,
          }),
        ),
      );
      return jobs.map((job, index) => {
        const outcome = outcomes[index];
        return outcome?.status === 'fulfilled'
          ? { id: job.id, status: 'completed' }
          : { id: job.id, status: 'failed', output: outcome?.reason };
      });
    };
    const batchSize = work.batchSize ?? 1;
    // One pg-boss worker per loop, each knowing its own id: a loop whose fetch came back full
    // fetches again at once, and waits the polling interval only when the queue ran dry. pg-boss
    // waits it after every fetch otherwise, so a loop took at most two jobs a second however
    // many were due (its burst modes need a batch larger than one or a queue count cached for a
    // minute). perJobResults: in a batch, one failing job must not retry the ones that succeeded.
    for (let loop = 0; loop < (work.concurrency ?? 1); loop++) {
      const loopOf: { workerId?: string } = {};
      loopOf.workerId = await boss.work<never>(
        name,
        {
          batchSize,
          localConcurrency: 1,
          pollingIntervalSeconds,
          perJobResults: true,
          ...(work.minPriority === undefined ? {} : { minPriority: work.minPriority }),
          ...(work.maxPriority === undefined ? {} : { maxPriority: work.maxPriority }),
        },
        async (jobs) => {
          const results = await run(jobs);
          // Read by the loop once this returns: it skips its wait.
          if (loopOf.workerId && jobs.length >= batchSize) boss.notifyWorker(loopOf.workerId);
          return results;
        },
      );
    }
  };

  const assertOpen = () => {
    if (state !== 'running' && state !== 'stopping') throw new Error(`job queue is ${state}`);
  };

  // start() and stop() queue behind each other, so overlapping calls cannot double-register workers.
  const serially = (step: () => Promise<void>) => {
    const next = transition.then(step);
    transition = next.catch(() => undefined);
    return next;
  };

  return {
    schema,
    runsWork,
    boss,
    start: () =>
      serially(async () => {
        if (state === 'running') return;
        state = 'starting';
        try {
          await boss.start();
          // Running before the workers, so their first handlers can already send; work() calls from
          // here on register themselves, hence the snapshot.
          state = 'running';
          for (const [name, settings] of Object.entries(declared)) await ensureQueue(name, settings);
          if (runsWork) {
            for (const registration of [...registrations]) await register(registration);
            for (const [name, cron] of schedules) await boss.schedule(name, cron, {}, { tz: 'UTC' });
          }
        } catch (error) {
          state = 'stopping';
          await boss.stop({ graceful: false, close: true }).catch(() => undefined);
          state = 'stopped';
          throw error;
        }
      }),
    stop: ({ graceful = true, timeoutMs = 30_000 } = {}) =>
      serially(async () => {
        if (state === 'stopped') return;
        state = 'stopping';
        try {
          // close: pg-boss ends only a pool it created (PostgreSQL); PGlite stays with its owner.
          await boss.stop({ graceful, timeout: timeoutMs, close: true });
        } finally {
          state = 'stopped';
        }
      }),
    async createQueue(name, settings) {
      assertOpen();
      await ensureQueue(name, settings);
    },
    async send(name, data, sendOptions = {}) {
      assertOpen();
      const { tx, ...jobOptions } = sendOptions;
      // Creating a queue through our own connection while the caller holds a PGlite transaction
      // would wait for that transaction forever.
      if (tx && !queues.has(name))
        throw new Error(`job queue: declare "${name}" in jobQueues to send it in a transaction`);
      await ensureQueue(name);
      return boss.send(name, data, { ...jobOptions, ...(tx ? { db: inTransaction(tx) } : {}) });
    },
    async schedule(name, cron) {
      schedules.set(name, cron);
      if (state === 'running' && runsWork) await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    async work(name, handler, work = {}) {
      const registration: Registration = { name, handler: handler as JobHandler<never>, options: work };
      registrations.push(registration);
      if (state === 'running' && runsWork) await register(registration);
    },
    async getJob(name, id) {
      assertOpen();
      const [job] = await boss.findJobs<P[typeof name]>(name, { id });
      if (!job) return null;
      return {
        id: job.id,
        name: job.name,
        data: job.data,
        state: job.state,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        startAfter: job.startAfter,
        createdOn: job.createdOn,
        completedOn: job.completedOn,
        output: job.output,
      };
    },
  };
}

type Connection = Pick<ConstructorOptions, 'db' | 'backend' | 'max'> &
  Pick<ConstructorOptions, 'connectionString' | 'host' | 'port' | 'user' | 'password' | 'database' | 'ssl'>;

function connection(database: Database, maxConnections: number): Connection {
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('job queue: PGlite database without its client');
    // The adapter calls only query and exec, which the embedded client has as PGlite does.
    return { db: fromPglite(database.pglite as Parameters<typeof fromPglite>[0]), backend: 'pglite' };
  }
  if (!database.pool) throw new Error('job queue: PostgreSQL database without its pool');
  // Same server and credentials as our pool, whichever way it was configured.
  const { connectionString, host, port, user, password, database: name, ssl } = database.pool.options;
  return {
    ...defined({ connectionString, host, port, user, password, database: name, ssl }),
    max: maxConnections,
    // pg-boss hands its options to pg.Pool, which takes the client class from them (droppable-client.ts).
    ...({ Client: DroppableClient } as object),
  };
}

/** pg-boss statements through a drizzle transaction (either driver; both return `{ rows }`). */
function inTransaction(tx: Pick<Db, 'execute'>) {
  return fromDrizzle(
    { execute: async (query) => (await tx.execute(query as SQL)) as { rows: unknown[] } },
    sql,
  );
}

/** Drops undefined fields: pg-boss checks options with `in`, so a present undefined is not absent. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const defaultLog: JobQueueLog = (level, message, detail) => {
  console[level](message, detail ?? '');
};
