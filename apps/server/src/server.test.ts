import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.ts';
import { rawRows } from './db/client.ts';
import { STARTUP_LOCK_KEY } from './db/migrate.ts';
import { prepare, start } from './server.ts';
import { createTestDatabase } from './test/test-app.ts';
import { tempDirs } from './test/temp-dirs.ts';

const tempDir = tempDirs('postdeck-server-');

const configFor = (env: Record<string, string>) =>
  loadConfig({
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'Adm1n!pass',
    WEB_DIST: '/nonexistent',
    PORT: '0',
    HOST: '127.0.0.1',
    ...env,
  });

const postJson = (port: number, path: string, body: unknown) =>
  fetch(`http://127.0.0.1:${port}/prod-api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe.skipIf(process.env['TEST_DB_KIND'] === 'postgres')('embedded start (PGlite in DATA_DIR)', () => {
  it('finishes in-flight requests on shutdown and loses nothing across a restart', async () => {
    const config = configFor({ DATA_DIR: tempDir() });
    const first = await start(config, () => undefined);
    const port = first.door.port;

    const inFlight = postJson(port, '/control/user/login', { username: 'admin', password: 'Adm1n!pass' });
    // Wait until the request has reached the server, then stop while it runs (argon2 takes ~20 ms).
    await new Promise<void>((resolve) => first.door.server.once('request', () => resolve()));
    const stopping = first.stop();
    const response = await inFlight;
    expect(response.status).toBe(200);
    const tokens = ((await response.json()) as { data: { refreshToken: string } }).data;
    await stopping;

    const second = await start(config, () => undefined);
    try {
      const port2 = second.door.port;
      const refreshed = await fetch(
        `http://127.0.0.1:${port2}/prod-api/control/user/refreshToken?refreshToken=${tokens.refreshToken}`,
        { method: 'POST' },
      );
      // Same secret and same rows after the restart: the session survives.
      expect(refreshed.status).toBe(200);
      const users = await rawRows<{ n: number }>(
        second.database.db,
        sql`select count(*)::int as n from users`,
      );
      expect(users[0]?.n).toBe(1);
    } finally {
      await second.stop();
    }
  });
});

describe.skipIf(process.env['TEST_DB_KIND'] !== 'postgres')('scale-out start (PostgreSQL server)', () => {
  it('two processes starting at once migrate and bootstrap exactly once', async () => {
    const database = await createTestDatabase();
    const url = database.url as string;
    try {
      const config = configFor({
        DATA_DIR: tempDir(),
        DATABASE_URL: url,
        POSTDECK_SECRET: randomBytes(30).toString('base64'),
      });
      const [a, b] = await Promise.all([prepare(config, () => undefined), prepare(config, () => undefined)]);
      const counts = await rawRows<{ users: number; roles: number }>(
        a.database.db,
        sql`select (select count(*) from users)::int as users, (select count(*) from roles)::int as roles`,
      );
      expect(counts[0]).toEqual({ users: 1, roles: 4 });
      await Promise.all([a.app.close(), b.app.close()]);
      await Promise.all([a.database.close(), b.database.close()]);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(process.env['TEST_DB_KIND'] !== 'postgres')(
  'readiness while another process migrates',
  () => {
    it('answers not ready until the start-up lock is free and the migrations are done, then ready', async () => {
      const database = await createTestDatabase();
      const url = database.url as string;
      // Another process holding the start-up lock, as one running the migrations does.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      const port = await freePort();
      const config = configFor({
        DATA_DIR: tempDir(),
        DATABASE_URL: url,
        POSTDECK_SECRET: randomBytes(30).toString('base64'),
        PORT: String(port),
      });
      const starting = start(config, () => undefined);
      try {
        const ready = async () => {
          const res = await fetch(`http://127.0.0.1:${port}/prod-api/ready`);
          return { status: res.status, body: (await res.json()) as { reason?: string } };
        };
        await vi.waitFor(async () => expect((await ready()).status).toBe(503), { timeout: 10_000 });
        expect((await ready()).body.reason).toBe('starting');
        const health = await fetch(`http://127.0.0.1:${port}/prod-api/health`);
        expect(health.status).toBe(200);
        await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        const started = await starting;
        try {
          expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });
        } finally {
          await started.stop();
        }
      } finally {
        await holder.end();
        await starting.then((s) => s.stop()).catch(() => undefined);
        await database.close();
      }
    });
  },
);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
