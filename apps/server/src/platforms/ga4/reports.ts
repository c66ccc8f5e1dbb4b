import { z } from '@postdeck/contract/zod';
import { PlatformError } from '../errors.ts';
import type { PlatformHttp } from '../http.ts';

/**
 * The Analytics Data API v1beta as the adapter calls it (platforms.md §11 Reports): the request
 * as Google documents it (enums by name, which Google and the fake both take), the answers
 * validated with zod (proto3 JSON: empty fields left out, every value a string) and each metric
 * value parsed by its header's type.
 */

export type Ga4MatchType =
  'EXACT' | 'BEGINS_WITH' | 'ENDS_WITH' | 'CONTAINS' | 'FULL_REGEXP' | 'PARTIAL_REGEXP';
export type Ga4Operation =
  'EQUAL' | 'LESS_THAN' | 'LESS_THAN_OR_EQUAL' | 'GREATER_THAN' | 'GREATER_THAN_OR_EQUAL';
export type Ga4NumericValue = { int64Value: string | number } | { doubleValue: number };

export type Ga4Filter = { fieldName: string } & (
  | { stringFilter: { matchType?: Ga4MatchType; value: string; caseSensitive?: boolean } }
  | { inListFilter: { values: string[]; caseSensitive?: boolean } }
  | { numericFilter: { operation: Ga4Operation; value: Ga4NumericValue } }
  | { betweenFilter: { fromValue: Ga4NumericValue; toValue: Ga4NumericValue } }
  | { emptyFilter: Record<string, never> }
);

/** Exactly one of the four (§11 Reports, dimensionFilter). */
export type Ga4FilterExpression =
  | { andGroup: { expressions: Ga4FilterExpression[] } }
  | { orGroup: { expressions: Ga4FilterExpression[] } }
  | { notExpression: Ga4FilterExpression }
  | { filter: Ga4Filter };

export type Ga4OrderBy = { desc?: boolean } & (
  | { metric: { metricName: string } }
  | {
      dimension: {
        dimensionName: string;
        orderType?: 'ALPHANUMERIC' | 'CASE_INSENSITIVE_ALPHANUMERIC' | 'NUMERIC';
      };
    }
);

/** RunReportRequest (§11 Reports); the property goes in the path. */
export interface Ga4ReportRequest {
  /** At most 4: YYYY-MM-DD, NdaysAgo, yesterday or today, in the property's time zone. */
  dateRanges: { startDate: string; endDate: string; name?: string }[];
  /** At most 9. */
  dimensions?: { name: string }[];
  /** At most 10. */
  metrics?: { name: string; invisible?: boolean }[];
  dimensionFilter?: Ga4FilterExpression;
  metricFilter?: Ga4FilterExpression;
  orderBys?: Ga4OrderBy[];
  offset?: number;
  /** Default 10,000; Google returns 250,000 at most whatever is asked. */
  limit?: number;
  metricAggregations?: ('TOTAL' | 'MINIMUM' | 'MAXIMUM' | 'COUNT')[];
  keepEmptyRows?: boolean;
  returnPropertyQuota?: boolean;
  currencyCode?: string;
}

/** The most rows one call returns (§11 Limits). */
export const MAX_ROWS = 250_000;
/** Reports in one batchRunReports (§11 Reports). */
export const MAX_BATCH = 5;

const valueSchema = z.object({ value: z.string().optional() });
const rowSchema = z.object({
  dimensionValues: z.array(valueSchema).default([]),
  metricValues: z.array(valueSchema).default([]),
});
const quotaStatusSchema = z.object({
  consumed: z.coerce.number().default(0),
  remaining: z.coerce.number().default(0),
});

export const METRIC_TYPES = [
  'TYPE_INTEGER',
  'TYPE_FLOAT',
  'TYPE_SECONDS',
  'TYPE_MILLISECONDS',
  'TYPE_MINUTES',
  'TYPE_HOURS',
  'TYPE_STANDARD',
  'TYPE_CURRENCY',
  'TYPE_FEET',
  'TYPE_MILES',
  'TYPE_METERS',
  'TYPE_KILOMETERS',
] as const;
export type Ga4MetricType = (typeof METRIC_TYPES)[number];

/** An enum Google may send as a name or (to numeric-enum clients) a number; unknown later names are kept. */
const metricTypeSchema = z.union([
  z.string(),
  z.number().transform((n) => (n === 0 ? 'METRIC_TYPE_UNSPECIFIED' : (METRIC_TYPES[n - 1] ?? String(n)))),
]);

/** PropertyQuota (§11 Reports): each bucket's {consumed, remaining}; absent buckets are left out. */
export const propertyQuotaSchema = z.object({
  tokensPerDay: quotaStatusSchema.optional(),
  tokensPerHour: quotaStatusSchema.optional(),
  concurrentRequests: quotaStatusSchema.optional(),
  serverErrorsPerProjectPerHour: quotaStatusSchema.optional(),
  potentiallyThresholdedRequestsPerHour: quotaStatusSchema.optional(),
  tokensPerProjectPerHour: quotaStatusSchema.optional(),
});
export type Ga4PropertyQuota = z.infer<typeof propertyQuotaSchema>;

/** RunReportResponse as proto3 JSON: an empty report has no rows and no rowCount. */
export const runReportResponseSchema = z.object({
  dimensionHeaders: z.array(z.object({ name: z.string() })).default([]),
  metricHeaders: z
    .array(z.object({ name: z.string(), type: metricTypeSchema.default('TYPE_INTEGER') }))
    .default([]),
  rows: z.array(rowSchema).default([]),
  totals: z.array(rowSchema).default([]),
  maximums: z.array(rowSchema).default([]),
  minimums: z.array(rowSchema).default([]),
  rowCount: z.coerce.number().int().default(0),
  metadata: z
    .object({
      currencyCode: z.string().optional(),
      timeZone: z.string().optional(),
      dataLossFromOtherRow: z.boolean().optional(),
      subjectToThresholding: z.boolean().optional(),
      emptyReason: z.string().optional(),
    })
    .default({}),
  propertyQuota: propertyQuotaSchema.optional(),
  kind: z.string().optional(),
});

export const batchRunReportsResponseSchema = z.object({
  reports: z.array(runReportResponseSchema).default([]),
  kind: z.string().optional(),
});

/** Metadata (getMetadata): the dimensions and metrics the property knows, custom ones too. */
export const metadataResponseSchema = z.object({
  name: z.string(),
  dimensions: z
    .array(
      z.object({
        apiName: z.string(),
        uiName: z.string().optional(),
        description: z.string().optional(),
        category: z.string().optional(),
        customDefinition: z.boolean().optional(),
        deprecatedApiNames: z.array(z.string()).default([]),
      }),
    )
    .default([]),
  metrics: z
    .array(
      z.object({
        apiName: z.string(),
        uiName: z.string().optional(),
        description: z.string().optional(),
        category: z.string().optional(),
        type: metricTypeSchema.optional(),
        expression: z.string().optional(),
        customDefinition: z.boolean().optional(),
        deprecatedApiNames: z.array(z.string()).default([]),
        blockedReasons: z.array(z.string()).default([]),
      }),
    )
    .default([]),
});
export type Ga4Metadata = z.infer<typeof metadataResponseSchema>;

/** One row of a report: dimension values by name, metric values by name parsed by their type. */
export interface Ga4Row {
  dimensions: Record<string, string>;
  metrics: Record<string, number>;
}

/** A report, read: its columns, rows (and aggregate rows) with typed values, and what Google said of it. */
export interface Ga4Report {
  dimensionHeaders: string[];
  metricHeaders: { name: string; type: string }[];
  rows: Ga4Row[];
  totals: Ga4Row[];
  maximums: Ga4Row[];
  minimums: Ga4Row[];
  /** Every row the report holds, whatever limit and offset returned (0 when empty). */
  rowCount: number;
  currencyCode?: string | undefined;
  timeZone?: string | undefined;
  subjectToThresholding?: boolean | undefined;
  dataLossFromOtherRow?: boolean | undefined;
  propertyQuota?: Ga4PropertyQuota | undefined;
}

type RawReport = z.infer<typeof runReportResponseSchema>;

/** A value of a metric, by its header's type: integers must be whole; every other type is a decimal. */
function metricNumber(type: string, value: string | undefined): number | undefined {
  if (value === undefined) return 0;
  if (type === 'TYPE_INTEGER') return /^-?\d+$/.test(value) ? Number(value) : undefined;
  const number = Number(value);
  return value.trim() !== '' && Number.isFinite(number) ? number : undefined;
}

/** A report's answer with its values parsed; a value that does not fit its type makes the answer unreadable. */
export function readReport(raw: RawReport): Ga4Report {
  const dimensionNames = raw.dimensionHeaders.map((h) => h.name);
  const readRow = (row: RawReport['rows'][number]): Ga4Row => {
    const dimensions: Record<string, string> = {};
    dimensionNames.forEach((name, i) => (dimensions[name] = row.dimensionValues[i]?.value ?? ''));
    const metrics: Record<string, number> = {};
    raw.metricHeaders.forEach(({ name, type }, i) => {
      const value = metricNumber(type, row.metricValues[i]?.value);
      if (value === undefined) throw unreadable(`${name} is not a ${type} value`, raw);
      metrics[name] = value;
    });
    return { dimensions, metrics };
  };
  return {
    dimensionHeaders: dimensionNames,
    metricHeaders: raw.metricHeaders,
    rows: raw.rows.map(readRow),
    totals: raw.totals.map(readRow),
    maximums: raw.maximums.map(readRow),
    minimums: raw.minimums.map(readRow),
    rowCount: raw.rowCount,
    currencyCode: raw.metadata.currencyCode,
    timeZone: raw.metadata.timeZone,
    subjectToThresholding: raw.metadata.subjectToThresholding,
    dataLossFromOtherRow: raw.metadata.dataLossFromOtherRow,
    propertyQuota: raw.propertyQuota,
  };
}

/** A 2xx that is not the documented answer: a read, so trying again is safe. */
function unreadable(message: string, raw: unknown): PlatformError {
  return new PlatformError('transient', {
    platform: 'ga4',
    status: 200,
    platformMessage: `the answer cannot be read: ${message}`,
    raw,
  });
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw unreadable(parsed.error.issues[0]?.message ?? 'unexpected shape', body);
  return parsed.data;
}

/** The Data API's three calls for one token (§11 Reports). */
export function dataApi(http: PlatformHttp, dataHost: string, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const property = (propertyId: string, suffix: string) =>
    new URL(`/v1beta/properties/${encodeURIComponent(propertyId)}${suffix}`, dataHost);
  return {
    async runReport(propertyId: string, request: Ga4ReportRequest): Promise<Ga4Report> {
      // A report changes nothing: safe to repeat whatever became of the answer.
      const { body } = await http.request({
        method: 'POST',
        url: property(propertyId, ':runReport'),
        headers: auth,
        json: request,
        idempotent: true,
      });
      return readReport(parse(runReportResponseSchema, body));
    },

    async batchRunReports(propertyId: string, requests: Ga4ReportRequest[]): Promise<Ga4Report[]> {
      const { body } = await http.request({
        method: 'POST',
        url: property(propertyId, ':batchRunReports'),
        headers: auth,
        json: { requests },
        idempotent: true,
      });
      const { reports } = parse(batchRunReportsResponseSchema, body);
      if (reports.length !== requests.length)
        throw unreadable(`${reports.length} reports for ${requests.length} requests`, body);
      return reports.map(readReport);
    },

    async metadata(propertyId: string): Promise<Ga4Metadata> {
      const { body } = await http.request({
        method: 'GET',
        url: property(propertyId, '/metadata'),
        headers: auth,
      });
      return parse(metadataResponseSchema, body);
    },
  };
}
