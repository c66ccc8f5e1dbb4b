import {
  ENGAGEMENT_METRICS,
  POST_METRICS,
  type PostMetric,
  type PostMetricValues,
} from '@postdeck/contract/statistics';
import { type SQL, sql } from 'drizzle-orm';

/** Each contract metric's column, as the metric tables (db/schema.ts postMetricColumns) name it. */
export const METRIC_COLUMN: Readonly<Record<PostMetric, string>> = {
  views: 'views',
  reach: 'reach',
  reactions: 'reactions',
  comments: 'comments',
  shares: 'shares',
  saves: 'saves',
  videoViews: 'video_views',
  watchTimeS: 'watch_time_s',
  linkClicks: 'link_clicks',
};

/** A reading's engagement: the sum of the engagement metrics it has; undefined when it has none. */
export function engagementOf(values: PostMetricValues): number | undefined {
  const present = ENGAGEMENT_METRICS.map((name) => values[name]).filter((v) => v !== undefined);
  return present.length === 0 ? undefined : present.reduce((sum, v) => sum + v, 0);
}

/** Only the counts a platform really gave: whole, not negative (a reading is dropped otherwise). */
export function cleanMetrics(values: Partial<Record<PostMetric, unknown>>): PostMetricValues {
  const clean: PostMetricValues = {};
  for (const name of POST_METRICS) {
    const value = values[name];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) clean[name] = Math.round(value);
  }
  return clean;
}

/** `sum(<alias>.<column>)::float8 as "<metric>"` for every metric (a null sum: none had it). */
export const metricSums = (alias: string): SQL =>
  sql.raw(POST_METRICS.map((name) => `sum(${alias}.${METRIC_COLUMN[name]})::float8 as "${name}"`).join(', '));

/** A result row's metrics back to numbers or null. */
export function metricsOfRow(row: Record<string, unknown>): Record<PostMetric, number | null> {
  return Object.fromEntries(
    POST_METRICS.map((name) => [
      name,
      row[name] === null || row[name] === undefined ? null : Number(row[name]),
    ]),
  ) as Record<PostMetric, number | null>;
}

/**
 * A timestamp as the driver gave it in a raw query: a Date (node-postgres), or PostgreSQL's text
 * (PGlite: `2026-06-01 09:00:00+00`, which Date.parse does not read everywhere).
 */
export function dateOf(value: unknown): Date {
  if (value instanceof Date) return value;
  return new Date(
    String(value)
      .replace(' ', 'T')
      .replace(/([+-]\d\d)$/, '$1:00'),
  );
}

export const isoOf = (value: unknown) => dateOf(value).toISOString();
