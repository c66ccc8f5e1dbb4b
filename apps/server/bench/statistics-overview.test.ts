import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rawRows } from '../src/db/client.ts';
import { accounts, overview } from '../src/modules/statistics/overview.ts';
import { createBootstrappedDatabase } from '../src/test/test-app.ts';
import { seedMetrics } from './seed-metrics.ts';
import { seedPublications } from './seed-publications.ts';

/**
 * The small version of the statistics benchmark (bench/statistics-overview.ts, issue 23 item 4):
 * its seeding at 3,000 publications, then a year's overview and accounts from the roll-ups against the same
 * figures made from the raw rows (an author filter reads them), by day, week and month. Speed is
 * the benchmark's to measure; here, that the roll-ups it measures hold the raw rows' figures.
 */
let database: Database;
let authorId: number;

beforeAll(async () => {
  const made = await createBootstrappedDatabase();
  database = made.database;
  const [admin] = await rawRows<{ id: number }>(
    database.db,
    sql`select id from users where account = 'admin'`,
  );
  authorId = Number(admin?.id);
  await database.db.execute(sql`alter table publications disable trigger publications_stats`);
  await seedPublications(database.db, {
    departmentId: made.rootDepartmentId,
    authorId,
    accounts: 30,
    children: 3_000,
    years: 1,
    upcoming: 0,
  });
  await database.db.execute(sql`alter table publications enable trigger publications_stats`);
  await seedMetrics(database.db, { perPost: 3, days: 365 });
}, 120_000);
afterAll(() => database.close());

describe('the statistics benchmark’s data', () => {
  it.each(['day', 'week', 'month'] as const)(
    'a year by %s: the roll-ups give the raw rows’ figures',
    async (granularity) => {
      const today = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
      const filters = { from, to: today, granularity };
      const rolled = await overview(database.db, filters, { all: true });
      const raw = await overview(database.db, { ...filters, authorId }, { all: true });
      expect(rolled.figures.publications.value).toBeGreaterThan(2_000);
      expect(rolled.figures.engagement.value).toBeGreaterThan(0);
      expect(rolled.figures.followerChange.value).not.toBeNull();
      expect(rolled).toEqual(raw);
      const perAccount = await accounts(database.db, filters, { all: true });
      expect(perAccount.items.length).toBe(30);
      expect(perAccount).toEqual(await accounts(database.db, { ...filters, authorId }, { all: true }));
    },
  );
});
