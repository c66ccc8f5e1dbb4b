import { type StatisticsFilters, daysBetween } from '@postdeck/contract/statistics';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { departmentScope, departmentSubtree } from '../../lib/department-scope.ts';
import type { Principal } from '../../lib/principal.ts';
import { rawDaily, rawFailures, rawHourly } from './rollups.ts';

/** The departments a statistics answer may count: the caller's scope, narrowed to a chosen department's subtree. */
export type Departments = { all: true } | { all: false; ids: number[] };

export async function departmentsOf(
  db: Db,
  principal: Principal,
  departmentId?: number,
): Promise<Departments> {
  const scope = await departmentScope(db, principal);
  if (departmentId === undefined) return scope;
  const chosen = await departmentSubtree(db, departmentId);
  return { all: false, ids: scope.all ? chosen : chosen.filter((id) => scope.ids.includes(id)) };
}

const dayMs = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The period of the same length just before [from, to]. */
export function previousRange(from: string, to: string) {
  const length = daysBetween(from, to) + 1;
  const start = Date.parse(`${from}T00:00:00Z`);
  return { from: isoDay(start - length * dayMs), to: isoDay(start - dayMs) };
}

/** A department condition on `column`; `false` when the scope holds none. */
export function departmentCondition(departments: Departments, column: SQL): SQL {
  if (departments.all) return sql`true`;
  if (departments.ids.length === 0) return sql`false`;
  return sql`${column} in ${departments.ids}`;
}

/**
 * What the statistics read for a range: the roll-ups, or, with an author filter (the roll-ups are
 * per account, not per author), the same rows made from the raw publications of that author.
 */
export function sources(
  filters: StatisticsFilters,
  departments: Departments,
  range: { from: string; to: string },
) {
  const inRange = (day: SQL) => sql`${day} between ${range.from}::date and ${range.to}::date`;
  const common = (alias: 'd' | 'p') => {
    const conditions: SQL[] = [departmentCondition(departments, sql.raw(`${alias}.department_id`))];
    if (filters.platform) conditions.push(sql`${sql.raw(alias)}.platform = ${filters.platform}`);
    if (filters.accountId) conditions.push(sql`${sql.raw(alias)}.account_id = ${filters.accountId}`);
    return sql.join(conditions, sql` and `);
  };
  if (filters.authorId !== undefined) {
    const where = sql`p.author_id = ${filters.authorId}
      and ${inRange(sql`stats_day(p.published_at, p.scheduled_at, p.created_at)`)} and ${common('p')}`;
    return {
      summary: sql`(${rawDaily(where)})`,
      daily: sql`(${rawDaily(where)})`,
      failures: sql`(${rawFailures(where)})`,
      hourly: sql`(${rawHourly(where)})`,
      where: sql`true`,
      hourlyWhere: sql`true`,
    };
  }
  if (filters.accountId !== undefined) {
    // The heatmap's roll-up has no accounts: one account's hours come from its raw rows.
    const where = sql`${inRange(sql`stats_day(p.published_at, p.scheduled_at, p.created_at)`)} and ${common('p')}`;
    return {
      summary: sql`stats_daily`,
      daily: sql`stats_daily`,
      failures: sql`stats_failures_daily`,
      hourly: sql`(${rawHourly(where)})`,
      where: sql`${inRange(sql`d.day`)} and ${common('d')}`,
      hourlyWhere: sql`true`,
    };
  }
  // Without an account, the totals, trend and platforms read the roll-up by department and platform.
  return {
    summary: sql`stats_platform_daily`,
    daily: sql`stats_daily`,
    failures: sql`stats_failures_daily`,
    hourly: sql`stats_hourly`,
    where: sql`${inRange(sql`d.day`)} and ${common('d')}`,
    hourlyWhere: sql`${inRange(sql`d.day`)} and ${common('d')}`,
  };
}
