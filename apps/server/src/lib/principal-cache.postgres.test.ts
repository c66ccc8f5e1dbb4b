import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { bootstrap } from '../bootstrap/bootstrap.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { setUserStatus } from '../modules/users/user-repo.ts';
import { ADMIN_PASSWORD, call, createTestDatabase, login, testConfig } from '../test/test-app.ts';

/** Two API processes on one PostgreSQL server: an invalidation in one reaches the other. */
describe.skipIf(process.env['TEST_DB_KIND'] !== 'postgres')('principal cache across processes', () => {
  const secret = randomBytes(48);
  let main: Awaited<ReturnType<typeof createTestDatabase>>;
  let apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  let second: Awaited<ReturnType<typeof openDatabase>>;

  beforeAll(async () => {
    main = await createTestDatabase();
    await runMigrations(main);
    await bootstrap(main.db, { adminPassword: ADMIN_PASSWORD, log: () => undefined });
    second = await openDatabase({ url: main.url, poolSize: 2 });
    apps = await Promise.all(
      [main, second].map((database) => buildApp({ config: testConfig(), database, masterSecret: secret })),
    );
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await second.close();
    await main.close();
  });

  it('ends a disabled user session on every process', async () => {
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const { accessToken } = await login(a, 'admin', ADMIN_PASSWORD);
    expect((await call(b, 'GET', '/control/user/info', { token: accessToken })).status).toBe(200);
    await setUserStatus(main.db, 1, 'disabled');
    await a.principals.invalidate(1);
    await vi.waitFor(async () => {
      expect((await call(b, 'GET', '/control/user/info', { token: accessToken })).body.code).toBe(101204);
    });
  });

  it('listens again after its connection is cut (a database restart), missing nothing after', async () => {
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    await setUserStatus(main.db, 1, 'active');
    await a.principals.invalidate(1);
    const { accessToken } = await login(a, 'admin', ADMIN_PASSWORD);
    await vi.waitFor(async () => {
      expect((await call(b, 'GET', '/control/user/info', { token: accessToken })).status).toBe(200);
    });
    // Every listening connection cut, as a restart cuts them.
    await main.pool?.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN postdeck_principal%' and pid <> pg_backend_pid()`,
    );
    await vi.waitFor(
      async () => {
        const listening = await main.pool?.query(
          `select count(*)::int as n from pg_stat_activity where query like 'LISTEN postdeck_principal%'`,
        );
        expect(listening?.rows[0]?.n).toBe(2);
      },
      { timeout: 10_000, interval: 100 },
    );
    await setUserStatus(main.db, 1, 'disabled');
    await a.principals.invalidate(1);
    await vi.waitFor(async () => {
      expect((await call(b, 'GET', '/control/user/info', { token: accessToken })).body.code).toBe(101204);
    });
  });
});
