import { seedGoogleSandbox } from '@postdeck/platform-fakes/google/seed';
import { type GoogleFake, startGoogleFake } from '@postdeck/platform-fakes/google/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import type { AccountAccess, Grant } from '../adapter.ts';
import { expectFailure, failure } from '../adapter-testing.ts';
import { allHostsAt, connectGoogle } from '../google/connect-testing.ts';
import { DEFAULT_GA4_HOSTS, type Ga4Adapter, createGa4Adapter } from './adapter.ts';
import { readReport, runReportResponseSchema } from './reports.ts';

const CLIENT = { clientId: 'ga-client', clientSecret: 'ga-secret' };
const clock = manualClock(new Date('2026-03-10T10:00:00Z'));
let fake: GoogleFake;
let adapter: Ga4Adapter;
let grant: Grant;
let web: string;
let shop: string;
let hidden: string;
let userId: string;
const account = (): AccountAccess => ({ externalId: web, grant });
const sessions = {
  dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }],
  metrics: [{ name: 'sessions' }],
};

beforeAll(async () => {
  fake = await startGoogleFake({ now: clock.now, clients: [CLIENT] });
  const sandbox = seedGoogleSandbox(fake);
  userId = sandbox.user.id;
  [web, shop] = sandbox.properties.map((p) => p.id) as [string, string];
  const stranger = fake.addUser({ name: 'Stranger' });
  hidden = fake.addProperty(fake.addAnalyticsAccount([stranger.id], 'Theirs').id, {
    displayName: 'Hidden',
  }).id;
  fake.analytics.configure(web, { timeZone: 'Europe/Berlin', currencyCode: 'EUR', seed: 'web' });
  // A site's posts, as the other platforms' fakes hold them.
  fake.analytics.linkSources.push(() => [
    {
      text: 'Spring sale https://shop.example/sale?utm_source=facebook&utm_medium=social&utm_campaign=41',
      createdAt: new Date('2026-03-04T09:00:00Z'),
    },
    {
      text: 'Spring sale https://shop.example/sale?utm_source=linkedin&utm_medium=social&utm_campaign=41',
      createdAt: new Date('2026-03-06T09:00:00Z'),
    },
  ]);
  adapter = createGa4Adapter({ ...CLIENT, hosts: allHostsAt(DEFAULT_GA4_HOSTS, fake.url), clock });
  grant = await connectGoogle(adapter, { userId: sandbox.user.id });
});
afterEach(() => fake.faults.clear());
afterAll(() => fake.stop());

describe('GA4: reports', () => {
  it('runs a report and parses its values by the metric types', async () => {
    const { data, renewed } = await adapter.runReport(account(), web, {
      dateRanges: [{ startDate: '2026-03-01', endDate: 'yesterday' }],
      dimensions: [{ name: 'sessionSource' }],
      metrics: [{ name: 'sessions' }, { name: 'engagementRate' }, { name: 'averageSessionDuration' }],
      dimensionFilter: { filter: { fieldName: 'sessionMedium', stringFilter: { value: 'social' } } },
      orderBys: [{ dimension: { dimensionName: 'sessionSource' } }],
      metricAggregations: ['TOTAL'],
      returnPropertyQuota: true,
    });
    expect(renewed).toBeUndefined();
    expect(data.dimensionHeaders).toEqual(['sessionSource']);
    expect(data.metricHeaders).toEqual([
      { name: 'sessions', type: 'TYPE_INTEGER' },
      { name: 'engagementRate', type: 'TYPE_FLOAT' },
      { name: 'averageSessionDuration', type: 'TYPE_SECONDS' },
    ]);
    expect(data.rows.map((row) => row.dimensions['sessionSource'])).toEqual(['facebook', 'linkedin']);
    for (const row of data.rows) {
      expect(Number.isInteger(row.metrics['sessions'])).toBe(true);
      expect(row.metrics['engagementRate']).toBeGreaterThan(0);
      expect(row.metrics['engagementRate']).toBeLessThanOrEqual(1);
    }
    expect(data.rowCount).toBe(2);
    expect(data.totals[0]?.metrics['sessions']).toBe(
      data.rows.reduce((sum, row) => sum + (row.metrics['sessions'] ?? 0), 0),
    );
    expect([data.timeZone, data.currencyCode]).toEqual(['Europe/Berlin', 'EUR']);
    expect(data.propertyQuota?.tokensPerHour?.consumed).toBeGreaterThan(0);
  });

  it('reads an empty report (no rows, no rowCount) as empty', async () => {
    const { data } = await adapter.runReport(account(), web, {
      dateRanges: [{ startDate: '2026-04-01', endDate: '2026-04-02' }],
      dimensions: [{ name: 'date' }],
      metrics: [{ name: 'sessions' }],
    });
    expect([data.rows, data.rowCount]).toEqual([[], 0]);
  });

  it('runs a batch in the order asked, and reads the metadata', async () => {
    const { data } = await adapter.batchRunReports(account(), web, [
      { ...sessions, dimensions: [{ name: 'sessionMedium' }] },
      { ...sessions, dimensions: [{ name: 'landingPage' }] },
    ]);
    expect(data.map((report) => report.dimensionHeaders)).toEqual([['sessionMedium'], ['landingPage']]);
    const { data: metadata } = await adapter.metadata(account(), web);
    expect(metadata.name).toBe(`properties/${web}/metadata`);
    expect(metadata.metrics).toContainEqual(
      expect.objectContaining({ apiName: 'engagementRate', type: 'TYPE_FLOAT' }),
    );
    expect((await adapter.metadata(account(), '0')).data.dimensions.length).toBeGreaterThan(0);
  });

  it('reads the traffic social publishing brought: by source and medium, and by tagged landing page', async () => {
    const { data } = await adapter.socialTraffic(account(), web, { from: '2026-03-01', to: 'today' });
    expect(data.timeZone).toBe('Europe/Berlin');
    expect(new Set(data.bySource.map((row) => `${row.source} / ${row.medium}`))).toEqual(
      new Set(['facebook / social', 'linkedin / social']),
    );
    // Only from the day each link was published, every day since a date in order.
    expect(data.bySource.find((row) => row.source === 'facebook')?.date).toBe('2026-03-04');
    expect(data.bySource.find((row) => row.source === 'linkedin')?.date).toBe('2026-03-06');
    const dates = data.bySource.map((row) => row.date);
    expect(dates).toEqual([...dates].sort());
    // The background (organic search, direct, m.facebook.com referrals) is not social publishing's.
    expect(data.bySource.every((row) => row.medium === 'social')).toBe(true);
    expect(data.byLink[0]).toMatchObject({
      landingPage: expect.stringMatching(
        /^\/sale\?utm_source=(facebook|linkedin)&utm_medium=social&utm_campaign=41$/,
      ),
      campaign: '41',
    });
    const total = (rows: { sessions: number }[]) => rows.reduce((sum, row) => sum + row.sessions, 0);
    expect(total(data.byLink)).toBe(total(data.bySource));
    for (const row of data.bySource) expect(row.engagedSessions).toBeLessThanOrEqual(row.sessions);
    // The same again: the fake's traffic is deterministic.
    expect((await adapter.socialTraffic(account(), web, { from: '2026-03-01', to: 'today' })).data).toEqual(
      data,
    );
  });
});

describe('GA4: report errors and tokens', () => {
  it('400 INVALID_ARGUMENT → rejected with the message', async () => {
    await expectFailure(
      adapter.runReport(account(), web, { ...sessions, dimensions: [{ name: 'source' }] }),
      {
        kind: 'rejected',
        status: 400,
        platformSubcode: 'INVALID_ARGUMENT',
        platformMessage: expect.stringMatching(/Field source is not a valid dimension/),
      },
    );
    await expectFailure(
      adapter.batchRunReports(
        account(),
        web,
        Array.from({ length: 6 }, () => sessions),
      ),
      { kind: 'rejected', status: 400, platformMessage: expect.stringMatching(/limited to 5 reports/) },
    );
  });

  it('403 for a property the grant does not reach → reauthorize', async () => {
    await expectFailure(adapter.runReport(account(), hidden, sessions), {
      kind: 'reauthorize',
      status: 403,
      platformSubcode: 'PERMISSION_DENIED',
      platformMessage: expect.stringMatching(/sufficient permissions for this property/),
    });
  });

  it('429 RESOURCE_EXHAUSTED → rateLimited until the hour, or the day, resets', async () => {
    fake.analytics.configure(shop, { quota: { tokensPerHour: 1 } });
    const mine = { externalId: shop, grant };
    await adapter.runReport(mine, shop, sessions);
    await expectFailure(adapter.runReport(mine, shop, sessions), {
      kind: 'rateLimited',
      status: 429,
      platformSubcode: 'RESOURCE_EXHAUSTED',
      retryAfterMs: 60 * 60_000,
    });
    fake.analytics.configure(shop, { quota: { tokensPerHour: 40_000, tokensPerDay: 1 } });
    const daily = await failure(adapter.metadata(mine, shop));
    expect(daily.kind).toBe('rateLimited');
    expect(daily.detail.retryAfterMs).toBeGreaterThan(3_600_000);
  });

  it('5xx → transient', async () => {
    fake.faults.set({
      kind: 'serverError',
      call: 'POST /v1beta/properties/{propertyId}:batchRunReports',
      times: 1,
    });
    await expectFailure(adapter.socialTraffic(account(), web, { from: '7daysAgo', to: 'today' }), {
      kind: 'transient',
      status: 503,
    });
  });

  it('renews an ended token before the call, and once after a 401, and hands back the renewed grant', async () => {
    const own = await connectGoogle(adapter, { userId });
    clock.advance(3600_000);
    const ahead = await adapter.runReport({ externalId: web, grant: own }, web, sessions);
    expect(ahead.renewed?.accessToken).not.toBe(own.accessToken);
    expect(ahead.renewed?.refreshToken).toBe(own.refreshToken);

    // A token Google no longer takes though its time has not come: refreshed once, then the call again.
    const fresh = ahead.renewed ?? own;
    fake.faults.set({ kind: 'expiredToken', call: 'GET /v1beta/properties/{propertyId}/metadata', times: 1 });
    const after = await adapter.metadata({ externalId: web, grant: fresh }, web);
    expect(after.renewed?.accessToken).toBeTruthy();
    expect(after.renewed?.accessToken).not.toBe(fresh.accessToken);

    // Refused again after the renewal: the user must reconnect.
    fake.faults.set({ kind: 'expiredToken', call: 'GET /v1beta/properties/{propertyId}/metadata', times: 2 });
    await expectFailure(adapter.metadata({ externalId: web, grant: fresh }, web), {
      kind: 'reauthorize',
      status: 401,
    });

    // A revoked grant cannot be renewed.
    await adapter.revoke?.(fresh);
    await expectFailure(adapter.runReport({ externalId: web, grant: fresh }, web, sessions), {
      kind: 'reauthorize',
    });
    grant = (await adapter.refresh?.(grant)) ?? grant;
  });

  it('a 2xx whose values do not fit their types is unreadable (transient), not a guess', () => {
    const raw = runReportResponseSchema.parse({
      metricHeaders: [{ name: 'sessions', type: 'TYPE_INTEGER' }],
      rows: [{ metricValues: [{ value: '1.5' }] }],
      rowCount: 1,
    });
    expect(() => readReport(raw)).toThrow(/sessions is not a TYPE_INTEGER value/);
    // Enums as numbers (what numeric-enum clients get) read as names.
    expect(
      readReport(runReportResponseSchema.parse({ metricHeaders: [{ name: 'engagementRate', type: 2 }] }))
        .metricHeaders,
    ).toEqual([{ name: 'engagementRate', type: 'TYPE_FLOAT' }]);
  });
});
