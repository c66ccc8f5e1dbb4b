import type { PublishingPlatform } from '@postdeck/contract/platforms';
import {
  POST_METRICS,
  type StatisticsTop,
  type statisticsTopQuerySchema,
} from '@postdeck/contract/statistics';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rawRows } from '../../db/client.ts';
import { type Departments, departmentCondition } from './filters.ts';
import { METRIC_COLUMN, isoOf } from './metric-columns.ts';

type TopFilters = z.output<typeof statisticsTopQuerySchema>;

/** The range's publications with the most engagement (or views) by their latest counts. */
export async function top(db: Db, filters: TopFilters, departments: Departments): Promise<StatisticsTop> {
  const conditions: SQL[] = [
    departmentCondition(departments, sql`p.department_id`),
    sql`stats_day(p.published_at, p.scheduled_at, p.created_at) between ${filters.from}::date and ${filters.to}::date`,
    sql`p.status in ('published', 'withdrawn')`,
    sql`m.taken_at is not null`,
  ];
  if (filters.platform) conditions.push(sql`p.platform = ${filters.platform}`);
  if (filters.accountId) conditions.push(sql`p.account_id = ${filters.accountId}`);
  if (filters.authorId) conditions.push(sql`p.author_id = ${filters.authorId}`);
  const order = filters.by === 'views' ? sql`m.views` : sql`m.engagement`;
  const metricColumns = sql.raw(POST_METRICS.map((n) => `m.${METRIC_COLUMN[n]} as "${n}"`).join(', '));
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`select p.id, p.parent_id, p.title, p.platform, p.account_id, a.name as account_name, p.published_at,
          p.external_url, m.engagement, m.taken_at, ${metricColumns}
        from publication_metrics m
        join publications p on p.id = m.publication_id
        join channel_accounts a on a.id = p.account_id
        where ${sql.join(conditions, sql` and `)} and ${order} is not null
        order by ${order} desc, p.id desc
        limit ${filters.limit}`,
  );
  return {
    items: rows.map((r) => ({
      publicationId: Number(r['id']),
      parentId: Number(r['parent_id']),
      title: String(r['title']),
      platform: r['platform'] as PublishingPlatform,
      account: { id: Number(r['account_id']), name: String(r['account_name']) },
      publishedAt: isoOf(r['published_at']),
      externalUrl: (r['external_url'] as string | null) ?? null,
      engagement: r['engagement'] === null ? null : Number(r['engagement']),
      metrics: Object.fromEntries(
        POST_METRICS.filter((n) => r[n] !== null && r[n] !== undefined).map((n) => [n, Number(r[n])]),
      ),
      measuredAt: isoOf(r['taken_at']),
    })),
  };
}
