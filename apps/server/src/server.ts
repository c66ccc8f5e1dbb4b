import { mkdirSync } from 'node:fs';
import { type App, buildApp } from './app.ts';
import { bootstrap } from './bootstrap/bootstrap.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { runMigrations, STARTUP_LOCK_KEY } from './db/migrate.ts';
import { loadMasterSecret } from './lib/secrets.ts';

export interface Started {
  app: App;
  database: Database;
  /** Stops taking requests, lets in-flight ones finish, then closes the database. */
  stop(): Promise<void>;
}

/** Opens the database, migrates and bootstraps under a lock, then builds the app. */
export async function prepare(
  config: Config,
  log: (message: string) => void,
): Promise<Omit<Started, 'stop'>> {
  mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.withLock(STARTUP_LOCK_KEY, async () => {
      await runMigrations(database);
      await bootstrap(database.db, { adminPassword: config.adminPassword, dataDir: config.dataDir, log });
    });
    const masterSecret = loadMasterSecret({ secret: config.secret, dataDir: config.dataDir });
    const app = await buildApp({
      config,
      database,
      masterSecret,
      logger: { level: config.logLevel },
    });
    return { app, database };
  } catch (error) {
    await database.close();
    throw error;
  }
}

export async function start(config: Config, log: (message: string) => void): Promise<Started> {
  const { app, database } = await prepare(config, log);
  await app.listen({ port: config.port, host: config.host });
  let stopping: Promise<void> | undefined;
  return {
    app,
    database,
    stop: () =>
      (stopping ??= (async () => {
        await app.close();
        await database.close();
      })()),
  };
}
