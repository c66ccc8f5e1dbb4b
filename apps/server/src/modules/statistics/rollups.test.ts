import { POST_METRICS } from '@postdeck/contract/statistics';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rawRows } from '../../db/client.ts';
import { createBootstrappedDatabase } from '../../test/test-app.ts';
import { METRIC_COLUMN } from './metric-columns.ts';
import { recordReading } from './record.ts';
import { dailyByPlatform, rawDaily, rawFailures, rawHourly, refreshAll, refreshRollups } from './rollups.ts';
import { statsFixtures } from './stats-fixtures.ts';

let database: Database;
let fixtures: Awaited<ReturnType<typeof statsFixtures>>;
let accounts: { id: number; platform: string }[];
let departments: number[];

beforeAll(async () => {
  const made = await createBootstrappedDatabase();
  database = made.database;
  const [admin] = await rawRows<{ id: number }>(database.db, sql`select id from users order by id limit 1`);
  const [other] = await rawRows<{ id: number }>(
    database.db,
    sql`insert into departments (name, parent_id) values ('Other', ${made.rootDepartmentId}) returning id`,
  );
  departments = [made.rootDepartmentId, Number(other?.id)];
  fixtures = await statsFixtures(database.db, {
    departmentId: made.rootDepartmentId,
    authorId: Number(admin?.id),
  });
  accounts = [];
  for (const platform of ['x', 'facebook', 'mastodon'])
    accounts.push({ id: await fixtures.account(platform, `acct-${platform}`), platform });
});

afterAll(async () => {
  await database.close();
});

const DAY0 = Date.parse('2026-03-01T00:00:00Z');
const metricValues = fc.record(
  Object.fromEntries(POST_METRICS.map((name) => [name, fc.option(fc.nat(1_000), { nil: undefined })])),
);
const STATUSES = ['published', 'failed', 'withdrawn', 'unconfirmed', 'cancelled', 'queued', 'held'] as const;

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('publish' as const),
    account: fc.nat(2),
    department: fc.nat(1),
    status: fc.constantFrom(...STATUSES),
    minutes: fc.nat(3 * 24 * 60),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    target: fc.nat(50),
    status: fc.constantFrom(...STATUSES),
  }),
  fc.record({
    kind: fc.constant('reading' as const),
    target: fc.nat(50),
    minutes: fc.nat(10 * 24 * 60),
    values: metricValues,
  }),
  fc.record({ kind: fc.constant('refresh' as const), batch: fc.integer({ min: 1, max: 3 }) }),
);

const sorted = (rows: Record<string, unknown>[]) =>
  rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();

async function table(name: string) {
  return sorted(await rawRows(database.db, sql`select * from ${sql.raw(name)}`));
}
async function raw(query: ReturnType<typeof rawDaily>) {
  return sorted(await rawRows(database.db, sql`select * from (${query}) r`));
}

describe('statistics roll-ups', () => {
  it('equal the aggregate of the raw publications and their latest snapshots after any sequence of changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 30 }), async (operations) => {
        const db = database.db;
        await db.execute(sql`delete from publications where parent_id is not null`);
        // The deletions mark their keys: the roll-ups start each case empty by the same path.
        await refreshAll(db);
        expect(await table('stats_daily')).toEqual([]);
        const made: number[] = [];
        const pick = (target: number) => made[target % made.length] ?? 0;
        for (const op of operations) {
          if (op.kind === 'publish') {
            const account = accounts[op.account % accounts.length] ?? { id: 0, platform: 'x' };
            made.push(
              await fixtures.publication({
                accountId: account.id,
                platform: account.platform,
                status: op.status,
                at: new Date(DAY0 + op.minutes * 60_000),
                departmentId: departments[op.department] ?? 0,
              }),
            );
          } else if (op.kind === 'status' && made.length > 0) {
            await fixtures.setStatus(pick(op.target), op.status, new Date(DAY0));
          } else if (op.kind === 'reading' && made.length > 0) {
            await recordReading(
              db,
              pick(op.target),
              { values: op.values, takenAt: new Date(DAY0 + op.minutes * 60_000) },
              null,
            );
          } else if (op.kind === 'refresh') {
            await refreshRollups(db, op.batch);
          }
        }
        await refreshAll(db);
        const all = sql`true`;
        expect(await table('stats_daily')).toEqual(await raw(rawDaily(all)));
        expect(await table('stats_failures_daily')).toEqual(await raw(rawFailures(all)));
        expect(await table('stats_hourly')).toEqual(await raw(rawHourly(all)));
        expect(await table('stats_platform_daily')).toEqual(await raw(dailyByPlatform()));
        // The latest counts kept per publication are those of its newest snapshot.
        const latestMismatch = await rawRows(
          db,
          sql`select pm.publication_id from publication_metrics pm
              join lateral (select * from metric_snapshots s where s.publication_id = pm.publication_id
                order by s.taken_at desc, s.id asc limit 1) s on true
              where ${sql.raw(
                POST_METRICS.map((n) => `pm.${METRIC_COLUMN[n]} is distinct from s.${METRIC_COLUMN[n]}`).join(
                  ' or ',
                ),
              )}`,
        );
        expect(latestMismatch).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});
