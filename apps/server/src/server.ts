import { mkdirSync } from 'node:fs';
import { type App, buildApp } from './app.ts';
import { bootstrap } from './bootstrap/bootstrap.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { startEmbeddedMaintenance } from './db/embedded-maintenance.ts';
import { runMigrations, STARTUP_LOCK_KEY } from './db/migrate.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';
import { loadMasterSecret } from './lib/secrets.ts';
import { indexPendingContents } from './modules/content/search-index.ts';

export interface Started {
  app: App;
  database: Database;
  /** Not started by `prepare` (seeding and the e2e starter only need the app); `start` starts it. */
  jobs: JobQueue;
  /** Stops taking requests, lets in-flight ones finish, then running jobs, then closes the database. */
  stop(): Promise<void>;
}

/** Opens the database, migrates and bootstraps under a lock, then builds the app. */
export async function prepare(
  config: Config,
  log: (message: string) => void,
): Promise<Omit<Started, 'stop'>> {
  mkdirSync(config.dataDir, { recursive: true });
  // A short secret refuses start-up before anything else is touched.
  const masterSecret = loadMasterSecret({ secret: config.secret, dataDir: config.dataDir });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.withLock(STARTUP_LOCK_KEY, async () => {
      await runMigrations(database);
      await bootstrap(database.db, { adminPassword: config.adminPassword, dataDir: config.dataDir, log });
      const indexed = await indexPendingContents(database.db);
      if (indexed > 0) log(`indexed ${indexed} contents for keyword search`);
    });
    const jobs = createJobQueue(database);
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
  const { app, database, jobs } = await prepare(config, log);
  try {
    await jobs.start();
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await jobs.stop({ graceful: false });
    await database.close();
    throw error;
  }
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
    stop: () =>
      (stopping ??= (async () => {
        await app.close();
        // After the app: a request finishing during close may still enqueue.
        await jobs.stop({ graceful: true });
        await stopMaintenance();
        await database.close();
      })()),
  };
}
