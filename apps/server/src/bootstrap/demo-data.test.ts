import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { manualClock } from '../lib/clock.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { bootstrap } from './bootstrap.ts';
import { DEMO_USERS, seedDemoDatabase } from './demo-data.ts';

describe('npm run seed:demo', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const clock = manualClock(new Date('2026-03-01T09:00:00Z'));

  beforeAll(async () => {
    database = await createTestDatabase();
    await runMigrations(database);
    await bootstrap(database.db, { adminPassword: 'Adm1n!pass', log: () => undefined });
  });
  afterAll(() => database.close());

  const counts = async () =>
    (
      await rawRows<Record<string, number>>(
        database.db,
        sql`select (select count(*) from departments where name = 'Newsroom')::int as newsrooms,
                   (select count(*) from users where account like 'demo\\_%')::int as users,
                   (select count(*) from notifications)::int as notifications,
                   (select count(*) from contents)::int as contents`,
      )
    )[0];

  it('two seeds at once (two seed:demo runs against one PostgreSQL server) create the organisation once', async () => {
    const [a, b] = await Promise.all([
      seedDemoDatabase(database, 'Demo!2026', clock),
      seedDemoDatabase(database, 'Demo!2026', clock),
    ]);
    expect([...a, ...b].sort()).toEqual(DEMO_USERS.map((u) => u.account).sort());
    expect(await counts()).toEqual({ newsrooms: 1, users: 4, notifications: 12, contents: 4 });
  });

  it('a seed after that adds nothing and does not fail', async () => {
    expect(await seedDemoDatabase(database, 'Demo!2026', clock)).toEqual([]);
    expect(await counts()).toEqual({ newsrooms: 1, users: 4, notifications: 12, contents: 4 });
  });
});
