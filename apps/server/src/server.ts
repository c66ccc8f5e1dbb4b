import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { type App, buildApp } from './app.ts';
import { bootstrap } from './bootstrap/bootstrap.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { startEmbeddedMaintenance } from './db/embedded-maintenance.ts';
import { runMigrations, STARTUP_LOCK_KEY } from './db/migrate.ts';
import { type FrontDoor, HEALTH_PATH, openFrontDoor } from './front-door.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';
import { startMetricsServer } from './lib/metrics/metrics-server.ts';
import { loadMasterSecret } from './lib/secrets.ts';
import { indexPendingContents } from './modules/content/search-index.ts';

export interface Started {
  app: App;
  database: Database;
  /** Not started by `prepare` (seeding and the e2e starter only need the app); `start` starts it. */
  jobs: JobQueue;
  /** The listener (the API's, or a worker's probes); its port is the one bound (PORT=0 picks one). */
  door: FrontDoor;
  /**
   * Stops taking requests, lets in-flight ones finish, then running jobs (for at most
   * SHUTDOWN_GRACE_MS; sends still running then are handed to another worker), then closes the
   * database.
   */
  stop(): Promise<void>;
}

/** What a worker process answers over HTTP: its probes and metrics, not the API. */
const WORKER_PATHS = [HEALTH_PATH, '/metrics'] as const;

/** Opens the database, migrates and bootstraps under a lock, then builds the app. */
export async function prepare(
  config: Config,
  log: (message: string) => void,
  /** Told when this process holds the start-up lock and migrates (its readiness says so meanwhile). */
  migrating?: () => void,
): Promise<Omit<Started, 'stop' | 'door'>> {
  mkdirSync(config.dataDir, { recursive: true });
  // A short secret refuses start-up before anything else is touched.
  const masterSecret = loadMasterSecret({ secret: config.secret, dataDir: config.dataDir });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.withLock(STARTUP_LOCK_KEY, async () => {
      migrating?.();
      await runMigrations(database);
      await bootstrap(database.db, { adminPassword: config.adminPassword, dataDir: config.dataDir, log });
      const indexed = await indexPendingContents(database.db);
      if (indexed > 0) log(`indexed ${indexed} contents for keyword search`);
    });
    // An API-only process sends jobs and never runs them.
    const jobs = createJobQueue(database, { runsWork: config.role !== 'api' });
    const app = await buildApp({
      config,
      database,
      masterSecret,
      logger: { level: config.logLevel },
      jobs,
    });
    return { app, database, jobs };
  } catch (error) {
    await database.close();
    throw error;
  }
}

export async function start(config: Config, log: (message: string) => void): Promise<Started> {
  // Listening first: while migrations run, probes get an answer ('not ready'), not a refused connection.
  const door = await openFrontDoor(config);
  let prepared: Awaited<ReturnType<typeof prepare>>;
  try {
    prepared = await prepare(config, log, () => (door.phase = 'migrating'));
  } catch (error) {
    await door.close();
    throw error;
  }
  const { app, database, jobs } = prepared;
  try {
    await jobs.start();
    await app.ready();
  } catch (error) {
    await door.close();
    await app.close();
    await jobs.stop({ graceful: false });
    await database.close();
    throw error;
  }
  // METRICS_PORT: /metrics on a listener of its own (lib/metrics/metrics-server.ts).
  const metricsServer = await startMetricsServer(app, config.metrics).catch(async (error: unknown) => {
    await door.close();
    await app.close();
    await jobs.stop({ graceful: false });
    await database.close();
    throw error;
  });
  door.open(app.routing.bind(app), {
    databaseUp: async () => {
      await database.db.execute(sql`select 1`);
    },
    ...(config.role === 'worker' ? { only: WORKER_PATHS } : {}),
  });
  // A PostgreSQL server vacuums and analyses by itself; the embedded one needs it done.
  const stopMaintenance =
    database.kind === 'pglite'
      ? startEmbeddedMaintenance(database.db, {
          quietForMs: database.quietForMs ?? (() => Number.POSITIVE_INFINITY),
          log: (message, err) => (err ? app.log.warn({ err }, message) : app.log.info(message)),
        })
      : async () => undefined;
  let stopping: Promise<void> | undefined;
  return {
    app,
    database,
    jobs,
    door,
    stop: () =>
      (stopping ??= (async () => {
        // Readiness says no at once, so a load balancer stops sending; in-flight requests finish.
        await Promise.all([door.close(), app.close(), metricsServer?.close()]);
        // After the app: a request finishing during close may still enqueue.
        await jobs.stop({ graceful: true, timeoutMs: config.shutdownGraceMs });
        // Sends that outlived the grace are handed to the other workers' reconciliation now,
        // rather than when their silence has lasted PUBLISH_STALE_SEND_MS.
        await app.publishing.handBack().catch((err: unknown) => app.log.warn({ err }, 'hand-back failed'));
        await stopMaintenance();
        await database.close();
      })()),
  };
}
