import { type MetricType, dimensionInfo, metricInfo } from './analytics-catalog.ts';
import {
  type TrafficSessions,
  dateIn,
  dateOfDay,
  dayNumber,
  defaultChannelGroup,
} from './analytics-traffic.ts';

/**
 * The Data API's RunReportRequest read as real clients send it (platforms.md §11 Reports,
 * "Accept what real clients send": enums as names or numbers, int64 as strings or numbers), its
 * limits checked as Google does, and the report computed over a property's sessions and answered
 * as proto3 JSON (values as strings, empty fields left out, no rows nor rowCount when empty).
 */

/** A refusal of the request: 400 INVALID_ARGUMENT with Google's words. */
export class InvalidArgument extends Error {}

export const LIMITS = {
  dateRanges: 4,
  dimensions: 9,
  metrics: 10,
  rows: 250_000,
  defaultRows: 10_000,
  batch: 5,
};

type Json = Record<string, unknown>;

type Test = (value: string) => boolean;
type NumericTest = (value: number) => boolean;

/** A FilterExpression, read: a test of a row by dimension (or metric) values. */
type Filter<V> = (value: (field: string) => V) => boolean;

export interface DateRange {
  start: string;
  end: string;
  name: string;
}

export interface ParsedReport {
  dateRanges: DateRange[];
  dimensions: string[];
  metrics: { name: string; invisible: boolean }[];
  dimensionFilter: Filter<string> | undefined;
  metricFilter: Filter<number> | undefined;
  orderBys: { metric?: string; dimension?: string; orderType: string; desc: boolean }[];
  offset: number;
  limit: number;
  aggregations: string[];
  keepEmptyRows: boolean;
  returnPropertyQuota: boolean;
  currencyCode: string | undefined;
  /** The property the request names in its body, if any (batch requests may). */
  property: string | undefined;
}

const MATCH_TYPES = [
  'MATCH_TYPE_UNSPECIFIED',
  'EXACT',
  'BEGINS_WITH',
  'ENDS_WITH',
  'CONTAINS',
  'FULL_REGEXP',
  'PARTIAL_REGEXP',
];
const OPERATIONS = [
  'OPERATION_UNSPECIFIED',
  'EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
];
const ORDER_TYPES = ['ORDER_TYPE_UNSPECIFIED', 'ALPHANUMERIC', 'CASE_INSENSITIVE_ALPHANUMERIC', 'NUMERIC'];
const AGGREGATIONS: Record<number, string> = {
  0: 'METRIC_AGGREGATION_UNSPECIFIED',
  1: 'TOTAL',
  4: 'COUNT',
  5: 'MINIMUM',
  6: 'MAXIMUM',
};

/** An enum given by name or number (proto3 JSON parsers take both). */
function enumOf(value: unknown, names: readonly string[] | Record<number, string>, field: string): string {
  const list = Array.isArray(names) ? names : undefined;
  if (value === undefined || value === null)
    return list ? (list[0] ?? '') : ((names as Record<number, string>)[0] ?? '');
  if (typeof value === 'number') {
    const name = list ? list[value] : (names as Record<number, string>)[value];
    if (name) return name;
  }
  if (typeof value === 'string' && (list ? list.includes(value) : Object.values(names).includes(value)))
    return value;
  throw new InvalidArgument(`Invalid value at '${field}' (${JSON.stringify(value)})`);
}

/** An int64 as a string or a number. */
function int64(value: unknown, field: string): number {
  if (value === undefined || value === null) return 0;
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number))
    throw new InvalidArgument(`Invalid value at '${field}' (TYPE_INT64), ${JSON.stringify(value)}`);
  return number;
}

const list = (value: unknown, field: string): Json[] => {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'object' || item === null))
    throw new InvalidArgument(`Invalid value at '${field}'`);
  return value as Json[];
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAYS_AGO = /^(\d+)daysAgo$/;

/** A date of a range: YYYY-MM-DD, NdaysAgo, yesterday or today, in the property's time zone. */
export function resolveDate(value: unknown, timeZone: string, now: Date, field: string): string {
  const today = dayNumber(dateIn(timeZone, now));
  if (value === 'today') return dateOfDay(today);
  if (value === 'yesterday') return dateOfDay(today - 1);
  const ago = typeof value === 'string' ? DAYS_AGO.exec(value) : null;
  if (ago) return dateOfDay(today - Number(ago[1]));
  if (typeof value === 'string' && DATE.test(value) && dateOfDay(dayNumber(value)) === value) return value;
  throw new InvalidArgument(
    `Invalid ${field}: ${JSON.stringify(value ?? '')}. Dates must be in the format YYYY-MM-DD, NdaysAgo, yesterday, or today.`,
  );
}

export function parseReportRequest(body: unknown, timeZone: string, now: Date): ParsedReport {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new InvalidArgument('Invalid JSON payload received.');
  const request = body as Json;
  const ranges = list(request['dateRanges'], 'date_ranges');
  if (ranges.length === 0) throw new InvalidArgument('Must specify at least one date range.');
  if (ranges.length > LIMITS.dateRanges)
    throw new InvalidArgument(
      `Requests are limited to ${LIMITS.dateRanges} date ranges. This request has ${ranges.length} date ranges.`,
    );
  const dateRanges = ranges.map((range, index) => {
    const start = resolveDate(range['startDate'], timeZone, now, 'startDate');
    const end = resolveDate(range['endDate'], timeZone, now, 'endDate');
    if (start > end)
      throw new InvalidArgument(
        `Invalid date range. The startDate (${start}) cannot be after the endDate (${end}).`,
      );
    const name = typeof range['name'] === 'string' && range['name'] ? range['name'] : `date_range_${index}`;
    if (/^(date_range_|RESERVED_)/.test(name) && name !== `date_range_${index}`)
      throw new InvalidArgument(`Date range name ${name} cannot begin with date_range_ or RESERVED_.`);
    return { start, end, name };
  });

  const dimensions = list(request['dimensions'], 'dimensions').map((d) => String(d['name'] ?? ''));
  const metrics = list(request['metrics'], 'metrics').map((m) => {
    if (m['expression']) throw new InvalidArgument('Metric expressions are not supported by this server.');
    return { name: String(m['name'] ?? ''), invisible: m['invisible'] === true };
  });
  if (dimensions.length > LIMITS.dimensions)
    throw new InvalidArgument(
      `Requests are limited to ${LIMITS.dimensions} dimensions. This request has ${dimensions.length} dimensions.`,
    );
  if (metrics.length > LIMITS.metrics)
    throw new InvalidArgument(
      `Requests are limited to ${LIMITS.metrics} metrics. This request has ${metrics.length} metrics.`,
    );
  if (dimensions.length === 0 && metrics.length === 0)
    throw new InvalidArgument('A request must have at least one dimension or metric.');
  for (const name of dimensions) {
    if (metricInfo.has(name))
      throw new InvalidArgument(`Field ${name} is a metric and cannot be used as a dimension.`);
    if (!dimensionInfo.has(name))
      throw new InvalidArgument(
        `Field ${name} is not a valid dimension. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema`,
      );
  }
  for (const { name } of metrics) {
    if (dimensionInfo.has(name))
      throw new InvalidArgument(`Field ${name} is a dimension and cannot be used as a metric.`);
    if (!metricInfo.has(name))
      throw new InvalidArgument(
        `Field ${name} is not a valid metric. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema`,
      );
  }
  const duplicate = [...dimensions, ...metrics.map((m) => m.name)].find(
    (name, i, all) => all.indexOf(name) !== i,
  );
  if (duplicate) throw new InvalidArgument(`Field ${duplicate} is duplicated in the request.`);

  const filterFields: string[] = [];
  const dimensionFilter =
    request['dimensionFilter'] === undefined
      ? undefined
      : filterExpression(request['dimensionFilter'], 'dimension_filter', (field) => {
          if (!dimensionInfo.has(field))
            throw new InvalidArgument(`Field ${field} is not a valid dimension for a dimension filter.`);
          filterFields.push(field);
        });
  const metricFilter =
    request['metricFilter'] === undefined
      ? undefined
      : filterExpression(request['metricFilter'], 'metric_filter', (field) => {
          if (!metrics.some((m) => m.name === field))
            throw new InvalidArgument(`Field ${field} in the metric filter must be a metric of the request.`);
        });
  compatible(
    [...dimensions, ...filterFields],
    metrics.map((m) => m.name),
  );

  const orderBys = list(request['orderBys'], 'order_bys').map((order, index) => {
    const field = `order_bys[${index}]`;
    const metric = order['metric'] as Json | undefined;
    const dimension = order['dimension'] as Json | undefined;
    if ((metric ? 1 : 0) + (dimension ? 1 : 0) !== 1)
      throw new InvalidArgument(`${field} must order by exactly one of metric, dimension.`);
    const desc = order['desc'] === true;
    if (metric) {
      const name = String(metric['metricName'] ?? '');
      if (!metrics.some((m) => m.name === name))
        throw new InvalidArgument(`Field ${name} in ${field} must be a metric of the request.`);
      return { metric: name, orderType: 'NUMERIC', desc };
    }
    const name = String(dimension?.['dimensionName'] ?? '');
    if (!dimensions.includes(name) && !(name === 'dateRange' && dateRanges.length > 1))
      throw new InvalidArgument(`Field ${name} in ${field} must be a dimension of the request.`);
    return {
      dimension: name,
      orderType: enumOf(dimension?.['orderType'], ORDER_TYPES, `${field}.dimension.order_type`),
      desc,
    };
  });

  const offset = int64(request['offset'], 'offset');
  if (offset < 0) throw new InvalidArgument('offset must be non-negative.');
  const asked = int64(request['limit'], 'limit');
  if (asked < 0) throw new InvalidArgument('limit must be positive.');
  const askedAggregations = request['metricAggregations'] ?? [];
  if (!Array.isArray(askedAggregations)) throw new InvalidArgument(`Invalid value at 'metric_aggregations'`);
  const aggregations = askedAggregations.map((value: unknown, i) =>
    enumOf(value, AGGREGATIONS, `metric_aggregations[${i}]`),
  );

  return {
    dateRanges,
    dimensions,
    metrics,
    dimensionFilter,
    metricFilter,
    orderBys,
    offset,
    // §11: 10,000 when unspecified; at most 250,000 whatever is asked.
    limit: asked === 0 ? LIMITS.defaultRows : Math.min(asked, LIMITS.rows),
    aggregations,
    keepEmptyRows: request['keepEmptyRows'] === true,
    returnPropertyQuota: request['returnPropertyQuota'] === true,
    currencyCode: typeof request['currencyCode'] === 'string' ? request['currencyCode'] : undefined,
    property: typeof request['property'] === 'string' ? request['property'] : undefined,
  };
}

/** §11: event-scoped metrics do not mix with session attribution dimensions (2022-12-01). */
function compatible(dimensions: string[], metrics: string[]): void {
  const sessionDimension = dimensions.find((name) => dimensionInfo.get(name)?.scope === 'session');
  const eventMetric = metrics.find((name) => metricInfo.get(name)?.scope === 'event');
  if (sessionDimension && eventMetric)
    throw new InvalidArgument(
      `Please remove ${eventMetric} to make the request compatible. The request's dimensions & metrics are incompatible. To learn more, see https://ga-dev-tools.google/ga4/dimensions-metrics-explorer/`,
    );
}

function filterExpression<V extends string | number>(
  value: unknown,
  field: string,
  check: (fieldName: string) => void,
): Filter<V> {
  if (typeof value !== 'object' || value === null) throw new InvalidArgument(`Invalid value at '${field}'`);
  const expression = value as Json;
  const kinds = ['andGroup', 'orGroup', 'notExpression', 'filter'].filter((k) => expression[k] !== undefined);
  if (kinds.length !== 1)
    throw new InvalidArgument(
      `${field} must set exactly one of and_group, or_group, not_expression, filter.`,
    );
  const kind = kinds[0];
  if (kind === 'andGroup' || kind === 'orGroup') {
    const group = list((expression[kind] as Json)['expressions'], `${field}.${kind}.expressions`).map(
      (e, i) => filterExpression<V>(e, `${field}.${kind}.expressions[${i}]`, check),
    );
    return kind === 'andGroup' ? (row) => group.every((f) => f(row)) : (row) => group.some((f) => f(row));
  }
  if (kind === 'notExpression') {
    const inner = filterExpression<V>(expression['notExpression'], `${field}.not_expression`, check);
    return (row) => !inner(row);
  }
  const filter = expression['filter'] as Json;
  const fieldName = String(filter['fieldName'] ?? '');
  check(fieldName);
  const test = fieldTest(filter, `${field}.filter`);
  return (row) => test(row(fieldName));
}

/** One Filter's test of a value (string, inList, numeric, between, empty). */
function fieldTest(filter: Json, field: string): (value: string | number) => boolean {
  const given = ['stringFilter', 'inListFilter', 'numericFilter', 'betweenFilter', 'emptyFilter'].filter(
    (k) => filter[k] !== undefined,
  );
  if (given.length !== 1) throw new InvalidArgument(`${field} must set exactly one filter type.`);
  const kind = given[0];
  if (kind === 'stringFilter') {
    const spec = filter['stringFilter'] as Json;
    const matchType = enumOf(spec['matchType'], MATCH_TYPES, `${field}.string_filter.match_type`);
    const caseSensitive = spec['caseSensitive'] === true;
    const wanted = String(spec['value'] ?? '');
    const test = stringTest(matchType, caseSensitive, wanted);
    return (value) => test(String(value));
  }
  if (kind === 'inListFilter') {
    const spec = filter['inListFilter'] as Json;
    const caseSensitive = spec['caseSensitive'] === true;
    const values = ((spec['values'] as unknown[] | undefined) ?? []).map(String);
    if (values.length === 0) throw new InvalidArgument(`${field}.in_list_filter.values must not be empty.`);
    const set = new Set(caseSensitive ? values : values.map((v) => v.toLowerCase()));
    return (value) => set.has(caseSensitive ? String(value) : String(value).toLowerCase());
  }
  if (kind === 'emptyFilter') return (value) => value === '' || value === '(not set)';
  const numeric: NumericTest =
    kind === 'numericFilter'
      ? numericTest(filter['numericFilter'] as Json, `${field}.numeric_filter`)
      : betweenTest(filter['betweenFilter'] as Json, `${field}.between_filter`);
  return (value) => numeric(Number(value));
}

function stringTest(matchType: string, caseSensitive: boolean, wanted: string): Test {
  const fold = (s: string) => (caseSensitive ? s : s.toLowerCase());
  const w = fold(wanted);
  switch (matchType) {
    case 'BEGINS_WITH':
      return (v) => fold(v).startsWith(w);
    case 'ENDS_WITH':
      return (v) => fold(v).endsWith(w);
    case 'CONTAINS':
      return (v) => fold(v).includes(w);
    case 'FULL_REGEXP':
    case 'PARTIAL_REGEXP': {
      let pattern: RegExp;
      try {
        pattern = new RegExp(
          matchType === 'FULL_REGEXP' ? `^(?:${wanted})$` : wanted,
          caseSensitive ? '' : 'i',
        );
      } catch {
        throw new InvalidArgument(`Invalid regular expression: ${wanted}`);
      }
      return (v) => pattern.test(v);
    }
    default:
      return (v) => fold(v) === w;
  }
}

function numberOf(value: unknown, field: string): number {
  const v = value as Json | undefined;
  if (v?.['int64Value'] !== undefined) return int64(v['int64Value'], `${field}.int64_value`);
  if (typeof v?.['doubleValue'] === 'number') return v['doubleValue'];
  throw new InvalidArgument(`${field} needs int64_value or double_value.`);
}

function numericTest(spec: Json, field: string): NumericTest {
  const operation = enumOf(spec['operation'], OPERATIONS, `${field}.operation`);
  const wanted = numberOf(spec['value'], `${field}.value`);
  switch (operation) {
    case 'LESS_THAN':
      return (v) => v < wanted;
    case 'LESS_THAN_OR_EQUAL':
      return (v) => v <= wanted;
    case 'GREATER_THAN':
      return (v) => v > wanted;
    case 'GREATER_THAN_OR_EQUAL':
      return (v) => v >= wanted;
    default:
      return (v) => v === wanted;
  }
}

function betweenTest(spec: Json, field: string): NumericTest {
  const from = numberOf(spec['fromValue'], `${field}.from_value`);
  const to = numberOf(spec['toValue'], `${field}.to_value`);
  return (v) => v >= from && v <= to;
}

/** The base counts a group of sessions sums. */
interface Sums {
  sessions: number;
  engagedSessions: number;
  totalUsers: number;
  newUsers: number;
  screenPageViews: number;
  durationS: number;
}

const zero = (): Sums => ({
  sessions: 0,
  engagedSessions: 0,
  totalUsers: 0,
  newUsers: 0,
  screenPageViews: 0,
  durationS: 0,
});

function add(sums: Sums, row: TrafficSessions): void {
  sums.sessions += row.sessions;
  sums.engagedSessions += row.engagedSessions;
  sums.totalUsers += row.totalUsers;
  sums.newUsers += row.newUsers;
  sums.screenPageViews += row.screenPageViews;
  sums.durationS += row.durationS;
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

function metricValue(name: string, s: Sums): number {
  switch (name) {
    case 'sessions':
      return s.sessions;
    case 'engagedSessions':
      return s.engagedSessions;
    case 'engagementRate':
      return ratio(s.engagedSessions, s.sessions);
    case 'bounceRate':
      return ratio(s.sessions - s.engagedSessions, s.sessions);
    case 'averageSessionDuration':
      return ratio(s.durationS, s.sessions);
    case 'totalUsers':
    case 'activeUsers':
      return s.totalUsers;
    case 'newUsers':
      return s.newUsers;
    case 'screenPageViews':
      return s.screenPageViews;
    case 'eventCount':
      // page_view, session_start, user_engagement and scrolls.
      return s.screenPageViews + s.sessions + s.engagedSessions * 2;
    default:
      return 0;
  }
}

const path = (landingPage: string) => landingPage.split('?')[0] ?? landingPage;

export function dimensionValue(name: string, row: TrafficSessions): string {
  switch (name) {
    case 'date':
      return row.date.replaceAll('-', '');
    case 'sessionSource':
      return row.source;
    case 'sessionMedium':
      return row.medium;
    case 'sessionSourceMedium':
      return `${row.source} / ${row.medium}`;
    case 'sessionCampaignName':
      return row.campaign;
    case 'sessionDefaultChannelGroup':
      return defaultChannelGroup(row.source, row.medium, row.campaign);
    case 'landingPage':
    case 'pagePath':
      return path(row.landingPage);
    case 'landingPagePlusQueryString':
      return row.landingPage;
    default:
      return '(not set)';
  }
}

/** A float as GA writes it; integers without a point. */
function formatValue(type: MetricType, value: number): string {
  return type === 'TYPE_INTEGER' ? String(Math.round(value)) : String(value);
}

interface Group {
  dimensions: string[];
  sums: Sums;
  values: number[];
}

export interface ReportAnswer {
  json: Json;
  /** The rows the report held before limit and offset: what the tokens it costs grow with. */
  rowCount: number;
}

/**
 * The report over the sessions of each date range (`sessionsOf` gives a range's rows), in
 * proto3 JSON; `propertyQuota` and `kind` are the caller's to add.
 */
export function runReport(
  request: ParsedReport,
  sessionsOf: (range: DateRange) => TrafficSessions[],
  property: { timeZone: string; currencyCode: string },
): ReportAnswer {
  const multiRange = request.dateRanges.length > 1;
  const headers = multiRange ? [...request.dimensions, 'dateRange'] : request.dimensions;
  const metricNames = request.metrics.map((m) => m.name);
  const groups = new Map<string, Group>();
  const rangeSums = request.dateRanges.map(() => zero());
  request.dateRanges.forEach((range, r) => {
    for (const row of sessionsOf(range)) {
      if (request.dimensionFilter && !request.dimensionFilter((field) => dimensionValue(field, row)))
        continue;
      const values = request.dimensions.map((name) => dimensionValue(name, row));
      if (multiRange) values.push(range.name);
      const key = JSON.stringify(values);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { dimensions: values, sums: zero(), values: [] }));
      add(group.sums, row);
      add(rangeSums[r] as Sums, row);
    }
  });
  let rows = [...groups.values()];
  for (const group of rows) group.values = metricNames.map((name) => metricValue(name, group.sums));
  if (!request.keepEmptyRows && metricNames.length > 0)
    rows = rows.filter((g) => g.values.some((v) => v !== 0));
  if (request.metricFilter) {
    const filter = request.metricFilter;
    rows = rows.filter((g) => filter((field) => g.values[metricNames.indexOf(field)] ?? 0));
  }
  rows.sort(compareBy(request, headers, metricNames));

  const visible = request.metrics.map((m, i) => (m.invisible ? -1 : i)).filter((i) => i >= 0);
  const types = metricNames.map((name) => metricInfo.get(name)?.type ?? 'TYPE_INTEGER');
  const rowJson = (dimensions: string[], values: number[]) => ({
    ...(dimensions.length > 0 ? { dimensionValues: dimensions.map((value) => ({ value })) } : {}),
    ...(visible.length > 0
      ? {
          metricValues: visible.map((i) => ({
            value: formatValue(types[i] ?? 'TYPE_INTEGER', values[i] ?? 0),
          })),
        }
      : {}),
  });
  const page = rows.slice(request.offset, request.offset + request.limit);
  const aggregate = (reserved: string, pick: (values: number[][]) => number[]) =>
    request.dateRanges.flatMap((range, r) => {
      const inRange = multiRange ? rows.filter((g) => g.dimensions.at(-1) === range.name) : rows;
      if (inRange.length === 0) return [];
      const dimensions = request.dimensions.map(() => reserved);
      if (multiRange) dimensions.push(range.name);
      const values =
        reserved === 'RESERVED_TOTAL'
          ? metricNames.map((name) => metricValue(name, rangeSums[r] as Sums))
          : pick(inRange.map((g) => g.values));
      return [rowJson(dimensions, values)];
    });
  const column = (values: number[][], i: number) => values.map((v) => v[i] ?? 0);
  const json: Json = {
    ...(headers.length > 0 ? { dimensionHeaders: headers.map((name) => ({ name })) } : {}),
    ...(visible.length > 0
      ? { metricHeaders: visible.map((i) => ({ name: metricNames[i], type: types[i] })) }
      : {}),
    ...(page.length > 0 ? { rows: page.map((g) => rowJson(g.dimensions, g.values)) } : {}),
    ...(request.aggregations.includes('TOTAL') && rows.length > 0
      ? { totals: aggregate('RESERVED_TOTAL', () => []) }
      : {}),
    ...(request.aggregations.includes('MAXIMUM') && rows.length > 0
      ? { maximums: aggregate('RESERVED_MAX', (v) => metricNames.map((_, i) => Math.max(...column(v, i)))) }
      : {}),
    ...(request.aggregations.includes('MINIMUM') && rows.length > 0
      ? { minimums: aggregate('RESERVED_MIN', (v) => metricNames.map((_, i) => Math.min(...column(v, i)))) }
      : {}),
    ...(rows.length > 0 ? { rowCount: rows.length } : {}),
    metadata: { currencyCode: request.currencyCode ?? property.currencyCode, timeZone: property.timeZone },
  };
  return { json, rowCount: rows.length };
}

/** orderBys in turn; without them (or to settle ties) the first metric descending, then the dimensions. */
function compareBy(request: ParsedReport, headers: string[], metricNames: string[]) {
  type Order = ParsedReport['orderBys'][number];
  const orders: Order[] = [
    ...request.orderBys,
    ...(metricNames.length > 0 ? [{ metric: metricNames[0], orderType: 'NUMERIC', desc: true }] : []),
    ...headers.map((dimension) => ({ dimension, orderType: 'ALPHANUMERIC', desc: false })),
  ];
  return (a: Group, b: Group): number => {
    for (const order of orders) {
      let result: number;
      if (order.metric !== undefined) {
        const i = metricNames.indexOf(order.metric);
        result = (a.values[i] ?? 0) - (b.values[i] ?? 0);
      } else {
        const i = headers.indexOf(order.dimension ?? '');
        const x = a.dimensions[i] ?? '';
        const y = b.dimensions[i] ?? '';
        if (order.orderType === 'NUMERIC') result = (Number(x) || 0) - (Number(y) || 0);
        else if (order.orderType === 'CASE_INSENSITIVE_ALPHANUMERIC')
          result = x.toLowerCase() < y.toLowerCase() ? -1 : x.toLowerCase() > y.toLowerCase() ? 1 : 0;
        else result = x < y ? -1 : x > y ? 1 : 0;
      }
      if (result !== 0) return order.desc ? -result : result;
    }
    return 0;
  };
}
