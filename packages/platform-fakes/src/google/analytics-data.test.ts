import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGoogleSandbox } from './seed.ts';
import { type GoogleFake, startGoogleFake } from './server.ts';
import type { TrafficSessions } from './analytics-traffic.ts';

const CLIENT = { clientId: 'postdeck-sandbox', clientSecret: 'postdeck-sandbox-secret' };
const READONLY = 'https://www.googleapis.com/auth/analytics.readonly';
let now = new Date('2026-03-10T12:00:00Z');
let fake: GoogleFake;
let token: string;
let web: string;
let shop: string;
let hidden: string;
let owner: string;

const row = (date: string, source: string, sessions: number, landingPage = '/'): TrafficSessions => ({
  date,
  source,
  medium: source === 'google' ? 'organic' : 'social',
  campaign: source === 'google' ? '(organic)' : 'spring',
  landingPage,
  sessions,
  engagedSessions: Math.floor(sessions / 2),
  totalUsers: sessions - 1,
  newUsers: 1,
  screenPageViews: sessions * 2,
  durationS: sessions * 30,
});

beforeAll(async () => {
  fake = await startGoogleFake({ now: () => now, clients: [CLIENT] });
  const { user, properties } = seedGoogleSandbox(fake);
  owner = user.id;
  [web, shop] = properties.map((p) => p.id) as [string, string];
  const stranger = fake.addUser({ name: 'Stranger' });
  hidden = fake.addProperty(fake.addAnalyticsAccount([stranger.id], 'Theirs').id, {
    displayName: 'Hidden',
  }).id;
  token = fake.state.oauth.issue(CLIENT.clientId, user.id, [READONLY], {}).access.token;
  fake.analytics.configure(web, { timeZone: 'Europe/Berlin', currencyCode: 'EUR', background: false });
  fake.analytics.addSessions(web, [
    row('2026-03-08', 'facebook', 10, '/a?utm_source=facebook'),
    row('2026-03-08', 'google', 40),
    row('2026-03-09', 'facebook', 6, '/a?utm_source=facebook'),
    row('2026-03-09', 'linkedin', 3, '/b?utm_source=linkedin'),
    row('2026-03-09', 'Facebook', 2, '/c'),
  ]);
  fake.analytics.configure(shop, { background: false });
});
afterAll(() => fake.stop());

async function call(path: string, body?: unknown, bearer = token) {
  const answer = await fetch(`${fake.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are what the tests check
  return { status: answer.status, body: (await answer.json()) as Record<string, any> };
}
const report = (body: unknown, property = web) => call(`/v1beta/properties/${property}:runReport`, body);
const days = { dateRanges: [{ startDate: '2026-03-01', endDate: 'today' }] };

describe('Analytics Data API fake: runReport', () => {
  it('answers proto3 JSON: string values, typed headers, rowCount, metadata and kind', async () => {
    const { status, body } = await report({
      ...days,
      dimensions: [{ name: 'sessionSource' }],
      metrics: [{ name: 'sessions' }, { name: 'engagementRate' }],
      orderBys: [{ metric: { metricName: 'sessions' }, desc: true }],
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      dimensionHeaders: [{ name: 'sessionSource' }],
      metricHeaders: [
        { name: 'sessions', type: 'TYPE_INTEGER' },
        { name: 'engagementRate', type: 'TYPE_FLOAT' },
      ],
      rows: [
        { dimensionValues: [{ value: 'google' }], metricValues: [{ value: '40' }, { value: '0.5' }] },
        { dimensionValues: [{ value: 'facebook' }], metricValues: [{ value: '16' }, { value: '0.5' }] },
        {
          dimensionValues: [{ value: 'linkedin' }],
          metricValues: [{ value: '3' }, { value: '0.3333333333333333' }],
        },
        { dimensionValues: [{ value: 'Facebook' }], metricValues: [{ value: '2' }, { value: '0.5' }] },
      ],
      rowCount: 4,
      metadata: { currencyCode: 'EUR', timeZone: 'Europe/Berlin' },
      kind: 'analyticsData#runReport',
    });
  });

  it('leaves rows and rowCount out of an empty report', async () => {
    const { body } = await report({
      dateRanges: [{ startDate: '2020-01-01', endDate: '2020-01-31' }],
      dimensions: [{ name: 'date' }],
      metrics: [{ name: 'sessions' }],
    });
    expect(body).toEqual({
      dimensionHeaders: [{ name: 'date' }],
      metricHeaders: [{ name: 'sessions', type: 'TYPE_INTEGER' }],
      metadata: { currencyCode: 'EUR', timeZone: 'Europe/Berlin' },
      kind: 'analyticsData#runReport',
    });
  });

  it('filters (and, or, not, string, inList), orders, pages, and takes enums and int64 as numbers or strings', async () => {
    const { body } = await report({
      ...days,
      dimensions: [{ name: 'date' }, { name: 'sessionSource' }],
      metrics: [{ name: 'sessions' }],
      dimensionFilter: {
        andGroup: {
          expressions: [
            { filter: { fieldName: 'sessionMedium', stringFilter: { matchType: 1, value: 'social' } } },
            {
              orGroup: {
                expressions: [
                  { filter: { fieldName: 'sessionSource', inListFilter: { values: ['facebook'] } } },
                  {
                    filter: {
                      fieldName: 'landingPagePlusQueryString',
                      stringFilter: { matchType: 'CONTAINS', value: 'UTM_SOURCE=LINKEDIN' },
                    },
                  },
                ],
              },
            },
            {
              notExpression: {
                filter: { fieldName: 'landingPage', stringFilter: { matchType: 'BEGINS_WITH', value: '/c' } },
              },
            },
          ],
        },
      },
      orderBys: [
        { dimension: { dimensionName: 'date', orderType: 3 } },
        { metric: { metricName: 'sessions' } },
      ],
      limit: '2',
      offset: 1,
    });
    expect(body['rowCount']).toBe(3);
    expect(body['rows']).toEqual([
      { dimensionValues: [{ value: '20260309' }, { value: 'linkedin' }], metricValues: [{ value: '3' }] },
      { dimensionValues: [{ value: '20260309' }, { value: 'facebook' }], metricValues: [{ value: '6' }] },
    ]);
  });

  it('adds a dateRange column for several ranges, and totals when asked', async () => {
    const { body } = await report({
      dateRanges: [
        { startDate: '2026-03-08', endDate: '2026-03-08', name: 'first' },
        { startDate: '2026-03-09', endDate: 'yesterday' },
      ],
      metrics: [{ name: 'sessions' }],
      metricAggregations: ['TOTAL'],
    });
    expect(body['dimensionHeaders']).toEqual([{ name: 'dateRange' }]);
    expect(body['rows']).toEqual([
      { dimensionValues: [{ value: 'first' }], metricValues: [{ value: '50' }] },
      { dimensionValues: [{ value: 'date_range_1' }], metricValues: [{ value: '11' }] },
    ]);
    expect(body['totals']).toHaveLength(2);
  });

  it('reads today and NdaysAgo in the property time zone', async () => {
    const at = now;
    now = new Date('2026-03-09T23:30:00Z'); // 00:30 on the 10th in Berlin
    const { body } = await report({
      dateRanges: [{ startDate: '1daysAgo', endDate: 'today' }],
      dimensions: [{ name: 'date' }],
      metrics: [{ name: 'sessions' }],
      orderBys: [{ dimension: { dimensionName: 'date' } }],
    });
    now = at;
    expect(
      body['rows'].map((r: { dimensionValues: { value: string }[] }) => r.dimensionValues[0]?.value),
    ).toEqual(['20260309']);
  });

  it.each([
    [
      'five date ranges',
      { dateRanges: Array(5).fill(days.dateRanges[0]), metrics: [{ name: 'sessions' }] },
      /limited to 4 date ranges/,
    ],
    [
      'ten dimensions',
      { ...days, dimensions: Array.from({ length: 10 }, () => ({ name: 'date' })) },
      /limited to 9 dimensions/,
    ],
    [
      'eleven metrics',
      { ...days, metrics: Array.from({ length: 11 }, () => ({ name: 'sessions' })) },
      /limited to 10 metrics/,
    ],
    [
      'an unknown dimension',
      { ...days, dimensions: [{ name: 'source' }] },
      /Field source is not a valid dimension/,
    ],
    [
      'an unknown metric',
      { ...days, metrics: [{ name: 'conversions' }] },
      /Field conversions is not a valid metric/,
    ],
    [
      'an event metric with a session dimension',
      { ...days, dimensions: [{ name: 'sessionSource' }], metrics: [{ name: 'eventCount' }] },
      /Please remove eventCount to make the request compatible/,
    ],
    [
      'a malformed date',
      { dateRanges: [{ startDate: '2026/03/01', endDate: 'today' }], metrics: [{ name: 'sessions' }] },
      /Invalid startDate/,
    ],
    [
      'a range ending before it starts',
      { dateRanges: [{ startDate: 'today', endDate: '7daysAgo' }], metrics: [{ name: 'sessions' }] },
      /cannot be after the endDate/,
    ],
    ['no date range', { metrics: [{ name: 'sessions' }] }, /at least one date range/],
    ['a negative limit', { ...days, metrics: [{ name: 'sessions' }], limit: -1 }, /limit must be positive/],
    [
      'a filter with two kinds',
      {
        ...days,
        metrics: [{ name: 'sessions' }],
        dimensionFilter: { notExpression: {}, filter: { fieldName: 'date', stringFilter: { value: 'x' } } },
      },
      /exactly one/,
    ],
  ])('refuses %s with 400 INVALID_ARGUMENT', async (_name, body, message) => {
    const answer = await report(body);
    expect(answer.status).toBe(400);
    expect(answer.body['error']).toMatchObject({
      code: 400,
      status: 'INVALID_ARGUMENT',
      message: expect.stringMatching(message),
    });
  });

  it('accepts what the gax client sends: a trailing ?$alt=json;enum-encoding=int', async () => {
    const answer = await fetch(
      `${fake.url}/v1beta/properties/${web}:runReport?$alt=json%3Benum-encoding=int`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...days, metrics: [{ name: 'sessions' }] }),
      },
    );
    expect(answer.status).toBe(200);
  });
});

describe('Analytics Data API fake: batch, metadata, auth, quota', () => {
  it('runs up to five reports in a batch, and refuses six', async () => {
    const one = { ...days, metrics: [{ name: 'sessions' }] };
    const { body } = await call(`/v1beta/properties/${web}:batchRunReports`, { requests: [one, one] });
    expect(body['kind']).toBe('analyticsData#batchRunReports');
    expect(body['reports']).toHaveLength(2);
    expect(body['reports'][0].kind).toBe('analyticsData#runReport');
    const six = await call(`/v1beta/properties/${web}:batchRunReports`, { requests: Array(6).fill(one) });
    expect([six.status, six.body['error'].status]).toEqual([400, 'INVALID_ARGUMENT']);
  });

  it("describes the property's dimensions and metrics, and the common set under properties/0", async () => {
    const { body } = await call(`/v1beta/properties/${web}/metadata`);
    expect(body['name']).toBe(`properties/${web}/metadata`);
    expect(body['dimensions']).toContainEqual(
      expect.objectContaining({ apiName: 'landingPagePlusQueryString' }),
    );
    expect(body['metrics']).toContainEqual(
      expect.objectContaining({ apiName: 'engagementRate', type: 'TYPE_FLOAT' }),
    );
    expect((await call('/v1beta/properties/0/metadata')).body['name']).toBe('properties/0/metadata');
  });

  it('401 UNAUTHENTICATED for a bad token, 403 PERMISSION_DENIED for a property the grant does not reach', async () => {
    const bad = await call(
      `/v1beta/properties/${web}:runReport`,
      { ...days, metrics: [{ name: 'sessions' }] },
      'ya29.nope',
    );
    expect([bad.status, bad.body['error'].status]).toEqual([401, 'UNAUTHENTICATED']);
    for (const property of [hidden, '999']) {
      const denied = await report({ ...days, metrics: [{ name: 'sessions' }] }, property);
      expect(denied.status).toBe(403);
      expect(denied.body['error']).toMatchObject({
        status: 'PERMISSION_DENIED',
        message: expect.stringMatching(/does not have sufficient permissions for this property/),
      });
    }
    const noScope = fake.state.oauth.issue(CLIENT.clientId, owner, [], {});
    const scopeless = await call(`/v1beta/properties/${web}/metadata`, undefined, noScope.access.token);
    expect([scopeless.status, scopeless.body['error'].status]).toEqual([403, 'PERMISSION_DENIED']);
  });

  it('counts tokens in propertyQuota, and answers 429 RESOURCE_EXHAUSTED once a quota is spent', async () => {
    fake.analytics.configure(shop, { quota: { tokensPerHour: 3 } });
    const ask = () => report({ ...days, metrics: [{ name: 'sessions' }], returnPropertyQuota: true }, shop);
    const first = await ask();
    expect(first.body['propertyQuota']).toEqual({
      tokensPerDay: { consumed: 1, remaining: 199_999 },
      tokensPerHour: { consumed: 1, remaining: 2 },
      concurrentRequests: { consumed: 0, remaining: 10 },
      serverErrorsPerProjectPerHour: { consumed: 0, remaining: 10 },
      potentiallyThresholdedRequestsPerHour: { consumed: 0, remaining: 120 },
      tokensPerProjectPerHour: { consumed: 1, remaining: 13_999 },
    });
    await ask();
    await ask();
    const spent = await ask();
    expect(spent.status).toBe(429);
    expect(spent.body['error']).toMatchObject({
      code: 429,
      status: 'RESOURCE_EXHAUSTED',
      message: expect.stringMatching(/Exhausted property tokens per hour/),
    });
    // The next hour the bucket is new.
    now = new Date(now.getTime() + 3_600_000);
    token = fake.state.oauth.issue(CLIENT.clientId, owner, [READONLY], {}).access.token;
    expect((await ask()).status).toBe(200);
  });

  it("generates sessions from another fake's posts' tagged links", async () => {
    const property = fake.addProperty(fake.state.accounts.values().next().value?.id ?? '', {
      displayName: 'Linked',
    });
    fake.analytics.configure(property.id, { background: false, hostnames: ['blog.example'] });
    fake.analytics.linkSources.push(() => [
      {
        text: 'Read https://blog.example/p/7?utm_source=x&utm_medium=social&utm_campaign=7 now',
        createdAt: new Date(now.getTime() - 3 * 86_400_000),
      },
      {
        text: 'Elsewhere https://other.example/?utm_source=x',
        createdAt: new Date(now.getTime() - 86_400_000),
      },
    ]);
    const { body } = await report(
      {
        dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }],
        dimensions: [{ name: 'sessionDefaultChannelGroup' }, { name: 'landingPagePlusQueryString' }],
        metrics: [{ name: 'sessions' }],
      },
      property.id,
    );
    expect(body['rows']).toHaveLength(1);
    expect(body['rows'][0].dimensionValues).toEqual([
      { value: 'Organic Social' },
      { value: '/p/7?utm_source=x&utm_medium=social&utm_campaign=7' },
    ]);
    expect(Number(body['rows'][0].metricValues[0].value)).toBeGreaterThan(0);
  });
});
