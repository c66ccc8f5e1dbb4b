import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from './client.ts';
import { maintainTables, maintenanceDue } from './embedded-maintenance.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// PGlite has no autovacuum; a PostgreSQL server runs its own, so this runs in the embedded project.
describe.skipIf(process.env['TEST_DB_KIND'] === 'postgres')('embedded maintenance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const stats = async (table: string) =>
    (
      await rawRows<{ vacuumed: boolean; analysed: boolean }>(
        t.db,
        sql`select last_vacuum is not null as vacuumed, last_analyze is not null as analysed
          from pg_stat_user_tables where relname = ${table}`,
      )
    )[0];

  it('vacuums and analyses a table past autovacuum thresholds, and only then', async () => {
    // Tables the bootstrap wrote are past the thresholds too; leave them done first.
    await maintainTables(t.db);
    expect(await maintainTables(t.db)).toEqual([]);
    await t.db.execute(sql`create table maintained (id int primary key, v int)`);
    await t.db.execute(sql`insert into maintained select g, g from generate_series(1, 3000) g`);
    expect(await stats('maintained')).toEqual({ vacuumed: false, analysed: false });

    expect(await maintainTables(t.db)).toEqual(['vacuum maintained']);
    expect(await stats('maintained')).toEqual({ vacuumed: true, analysed: true });
    // A few changes are under the thresholds: nothing to do.
    await t.db.execute(sql`update maintained set v = v + 1 where id <= 20`);
    expect(await maintainTables(t.db)).toEqual([]);
    // Enough changed rows want statistics again, not a vacuum.
    await t.db.execute(sql`update maintained set v = v + 1 where id <= 400`);
    expect(await maintainTables(t.db)).toEqual(['analyze maintained']);
  });
});

describe('when embedded maintenance runs', () => {
  const timing = { everyMs: 60_000, quietMs: 1_000, maxWaitMs: 600_000 };

  it('waits until a run is due, then for a quiet second, and no longer than the longest wait', () => {
    expect(maintenanceDue(timing, { sinceLastRunMs: 30_000, quietForMs: 10_000 })).toBe(false);
    expect(maintenanceDue(timing, { sinceLastRunMs: 60_000, quietForMs: 999 })).toBe(false);
    expect(maintenanceDue(timing, { sinceLastRunMs: 60_000, quietForMs: 1_000 })).toBe(true);
    expect(maintenanceDue(timing, { sinceLastRunMs: 659_999, quietForMs: 0 })).toBe(false);
    expect(maintenanceDue(timing, { sinceLastRunMs: 660_000, quietForMs: 0 })).toBe(true);
  });
});
