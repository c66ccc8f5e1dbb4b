import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { type App, type AppDeps, buildApp } from '../app.ts';
import { bootstrap } from '../bootstrap/bootstrap.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { createJobQueue, type JobQueue } from '../jobs/queue.ts';
import { type Clock, manualClock } from '../lib/clock.ts';
import { rootDepartment } from '../modules/departments/department-repo.ts';
import { markPasswordChosen } from '../modules/users/user-repo.ts';

export const ADMIN_PASSWORD = 'Adm1n!pass';

/**
 * A fresh database for one test file: PGlite in memory, or, in the server-postgres test
 * project, a new database on the TEST_DATABASE_URL server, dropped again by `close`.
 */
export async function createTestDatabase(): Promise<Database & { url: string | undefined }> {
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (process.env['TEST_DB_KIND'] !== 'postgres' || !serverUrl) {
    return { ...(await openDatabase({})), url: undefined };
  }
  const name = `postdeck_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A fresh database, migrated and bootstrapped, with its root department (for repository tests). */
export async function createBootstrappedDatabase() {
  const database = await createTestDatabase();
  await runMigrations(database);
  await bootstrap(database.db, { adminPassword: ADMIN_PASSWORD, log: () => undefined });
  return { database, rootDepartmentId: await rootDepartment(database.db) };
}

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({ DATA_DIR: '/nonexistent-postdeck-test', LOG_LEVEL: 'silent' }),
  adminPassword: ADMIN_PASSWORD,
  webDist: '/nonexistent-postdeck-web',
  ...overrides,
});

/** The app on a migrated, bootstrapped test database with a hand-driven clock. */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    clock?: Clock;
    /** Extra routes for a test (registered before the app is ready). */
    extend?: (app: App) => void;
    /** A started job queue for the app (stopped by close); without one nothing is enqueued. */
    jobs?: boolean;
    /** The same master secret across app instances (a restart); random otherwise. */
    masterSecret?: Buffer;
    /** Log lines (level, destination) for tests of what is logged; none otherwise. */
    logger?: AppDeps['logger'];
    /** A lower count bound, so a test crosses it with a few rows. */
    lists?: AppDeps['lists'];
  } = {},
) {
  const database = await createTestDatabase();
  await runMigrations(database);
  await bootstrap(database.db, { adminPassword: ADMIN_PASSWORD, log: () => undefined });
  // Tests act as an admin who has chosen their password (bootstrap.test.ts covers the first sign-in).
  await markPasswordChosen(database.db, 'admin');
  const clock = options.clock ?? manualClock(new Date());
  const jobs: JobQueue | undefined = options.jobs ? createJobQueue(database) : undefined;
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    masterSecret: options.masterSecret ?? randomBytes(48),
    clock,
    ...(jobs ? { jobs } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.lists ? { lists: options.lists } : {}),
  });
  options.extend?.(app);
  await app.ready();
  await jobs?.start();
  return {
    app,
    db: database.db,
    database,
    clock,
    jobs,
    async close() {
      await app.close();
      await jobs?.stop({ graceful: false });
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/** Calls the API through inject and returns the HTTP status with the parsed envelope. */
export async function call(
  app: TestApp['app'],
  method: 'GET' | 'POST',
  path: string,
  options: CallOptions = {},
) {
  const response = await app.inject({
    method,
    url: `/prod-api${path}`,
    query: options.query,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      'user-agent': 'vitest',
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

export async function login(app: TestApp['app'], username: string, password: string) {
  const res = await call(app, 'POST', '/control/user/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { accessToken: string; refreshToken: string; expireIn: number };
}
