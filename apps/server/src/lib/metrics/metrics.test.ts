import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChannelAccount } from '@postdeck/contract/channels';
import type { Publication } from '@postdeck/contract/publishing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsConfig } from '../../config.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { connectSandboxAccount } from '../../test/sandbox-accounts.ts';
import { tempDirs } from '../../test/temp-dirs.ts';
import { ADMIN_PASSWORD, type TestApp, call, createTestApp, login } from '../../test/test-app.ts';
import { manualClock } from '../clock.ts';
import { startMetricsServer } from './metrics-server.ts';

/**
 * /metrics (issue 22): off unless METRICS=on; then on the main port behind METRICS_TOKEN, or on a
 * port of its own; and what the app counts, through a publish on the sandbox's Telegram server
 * (driven by hand: no job queue) and a token refresh on its X server.
 */
const TOKEN = 'metrics-scraper-token-0123';
const FAMILIES = [
  'http_request_duration_seconds',
  'postdeck_publications_total',
  'postdeck_schedule_lateness_seconds',
  'postdeck_platform_request_duration_seconds',
  'postdeck_platform_errors_total',
  'postdeck_token_refreshes_total',
  'postdeck_queue_depth',
  'postdeck_queue_oldest_job_age_seconds',
  // prom-client's process metrics.
  'process_cpu_user_seconds_total',
  'nodejs_eventloop_lag_seconds',
];
const withToken: MetricsConfig = { token: TOKEN, port: undefined, host: '127.0.0.1' };
const onAPort: MetricsConfig = { token: undefined, port: 0, host: '127.0.0.1' };

const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The sum of a metric's samples (a histogram's `_count`, `_sum` or `_bucket` by `sample`) whose labels match. */
async function sampled(t: TestApp, name: string, labels: Record<string, string>, sample = name) {
  const metric = t.app.metrics?.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  return values
    .filter((v) => ((v as { metricName?: string }).metricName ?? name) === sample)
    .filter((v) => Object.entries(labels).every(([label, value]) => String(v.labels[label]) === value))
    .reduce((sum, v) => sum + v.value, 0);
}

describe('off (the default)', () => {
  const dirs = tempDirs('postdeck-metrics-web-');
  let t: TestApp;
  beforeAll(async () => {
    // A built web app, whose history fallback answers any other path with its page.
    const dist = dirs();
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Postdeck</title>');
    t = await createTestApp({ config: { webDist: dist } });
  }, 60_000);
  afterAll(() => t.close());

  it('/metrics is a 404, token or not, and the app counts nothing', async () => {
    expect(t.app.metrics).toBeUndefined();
    expect((await scrape(t)).statusCode).toBe(404);
    expect((await scrape(t, `Bearer ${TOKEN}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics/' })).statusCode).toBe(404);
    // The page is still the answer elsewhere.
    expect((await t.app.inject({ method: 'GET', url: '/publish' })).statusCode).toBe(200);
  });
});

describe('with a token, on the main port', () => {
  const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
  let t: TestApp;
  let admin: string;
  let dept: Awaited<ReturnType<typeof departmentTree>>;
  let telegram: ChannelAccount;

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { metrics: withToken } });
    dept = await departmentTree(t.db);
    admin = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
    telegram = await connectSandboxAccount(t.app, admin, 'telegram', dept.news);
  }, 60_000);
  afterAll(() => t.close());

  async function publishNow(text: string): Promise<number> {
    const content = await call(t.app, 'POST', '/content/create', {
      token: admin,
      body: {
        title: text,
        body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
        departmentId: dept.news,
      },
    });
    const made = await call(t.app, 'POST', '/content/publish/create', {
      token: admin,
      body: { contentId: (content.body.data as { id: number }).id, targets: [{ accountId: telegram.id }] },
    });
    const [child] = (made.body.data as { publications: Publication[] }).publications;
    if (!child) throw new Error(JSON.stringify(made.body));
    return child.id;
  }

  const telegramServer = async () => `http://${(await t.app.platforms.sandboxOrigins('telegram'))[0]}`;

  it('answers only to the token, with every family in the Prometheus text format', async () => {
    expect((await scrape(t)).statusCode).toBe(401);
    expect((await scrape(t)).headers['www-authenticate']).toBe('Bearer');
    expect((await scrape(t, `Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(t, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`)).statusCode).toBe(401);
    // A user's session is not the scraper's token.
    expect((await scrape(t, `Bearer ${admin}`)).statusCode).toBe(401);
    const answer = await scrape(t, `Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    for (const family of FAMILIES) expect(answer.body).toContain(`# TYPE ${family} `);
  });

  it('times requests by route pattern, never by the URL asked for, and leaves /metrics out', async () => {
    await call(t.app, 'GET', '/content/publish/detail', { token: admin, query: { id: '987654' } });
    await t.app.inject({ method: 'GET', url: '/no/such/page/123456' });
    await scrape(t, `Bearer ${TOKEN}`);
    const routes = new Set(
      (
        (await t.app.metrics?.registry.getSingleMetric('http_request_duration_seconds')?.get())?.values ?? []
      ).map((v) => String(v.labels['route'])),
    );
    expect(routes).toContain('/prod-api/content/publish/detail');
    expect(routes).toContain('/prod-api/control/user/login');
    expect(routes).toContain('unmatched');
    expect([...routes].filter((route) => /987654|123456|\?/.test(route))).toEqual([]);
    expect(routes).not.toContain('/metrics');
    expect(
      await sampled(
        t,
        'http_request_duration_seconds',
        { method: 'GET', route: 'unmatched', status_class: '4xx' },
        'http_request_duration_seconds_count',
      ),
    ).toBe(1);
  });

  it('counts a publish on the local Telegram server: the send, its lateness, the platform call', async () => {
    const id = await publishNow('Counted');
    // Picked 1.5 s after it was made: its lateness, to the millisecond, by the injected clock.
    clock.advance(1500);
    await t.app.publishing.send(id);
    const telegramOnly = { platform: 'telegram' };
    expect(
      await sampled(t, 'postdeck_publications_total', { platform: 'telegram', outcome: 'published' }),
    ).toBe(1);
    const lateness = 'postdeck_schedule_lateness_seconds';
    expect(await sampled(t, lateness, telegramOnly, `${lateness}_count`)).toBe(1);
    expect(await sampled(t, lateness, telegramOnly, `${lateness}_sum`)).toBeCloseTo(1.5, 6);
    expect(await sampled(t, lateness, { ...telegramOnly, le: '1' }, `${lateness}_bucket`)).toBe(0);
    expect(await sampled(t, lateness, { ...telegramOnly, le: '2.5' }, `${lateness}_bucket`)).toBe(1);
    const calls = 'postdeck_platform_request_duration_seconds';
    expect(
      await sampled(t, calls, { platform: 'telegram', status_class: '2xx' }, `${calls}_count`),
    ).toBeGreaterThanOrEqual(1);
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(text).toMatch(/^postdeck_publications_total\{platform="telegram",outcome="published"\} 1$/m);
    expect(text).toMatch(/^postdeck_schedule_lateness_seconds_count\{platform="telegram"\} 1$/m);
  });

  it('counts a refusal as failed, and the error by its class', async () => {
    const id = await publishNow('Refused');
    const fault = await fetch(`${await telegramServer()}/__fake/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'contentRejected',
        message: 'Bad Request: message is too long',
        times: 1,
      }),
    });
    expect(fault.status).toBe(204);
    await t.app.publishing.send(id);
    expect(await sampled(t, 'postdeck_publications_total', { platform: 'telegram', outcome: 'failed' })).toBe(
      1,
    );
    expect(
      await sampled(t, 'postdeck_platform_errors_total', {
        platform: 'telegram',
        operation: 'publish',
        class: 'rejected',
      }),
    ).toBe(1);
    const calls = 'postdeck_platform_request_duration_seconds';
    expect(await sampled(t, calls, { platform: 'telegram', status_class: '4xx' }, `${calls}_count`)).toBe(1);
    // A refusal is an answer: its lateness is counted too.
    const lateness = 'postdeck_schedule_lateness_seconds';
    expect(await sampled(t, lateness, { platform: 'telegram' }, `${lateness}_count`)).toBe(2);
  });

  it("counts the health schedule's token refreshes (last: it moves the clock two hours)", async () => {
    await connectSandboxAccount(t.app, admin, 'x', dept.news);
    clock.advance(2 * 3600 * 1000);
    expect((await t.app.channelHealth.run()).refreshed).toBeGreaterThanOrEqual(1);
    expect(
      await sampled(t, 'postdeck_token_refreshes_total', { platform: 'x', outcome: 'refreshed' }),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('on a port of its own', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metrics: onAPort } });
  }, 60_000);
  afterAll(() => t.close());

  it('is not on the main port, and is served on its own', async () => {
    expect(t.app.metrics).toBeDefined();
    expect((await scrape(t)).statusCode).toBe(404);
    expect((await scrape(t, `Bearer ${TOKEN}`)).statusCode).toBe(404);
    const server = await startMetricsServer(t.app, onAPort);
    if (!server) throw new Error('no metrics server');
    try {
      const origin = `http://127.0.0.1:${server.port}`;
      const answer = await fetch(`${origin}/metrics`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await answer.text();
      for (const family of FAMILIES) expect(text).toContain(`# TYPE ${family} `);
      expect((await fetch(`${origin}/`)).status).toBe(404);
      expect((await fetch(`${origin}/prod-api/health`)).status).toBe(404);
      expect((await fetch(`${origin}/metrics`, { method: 'POST' })).status).toBe(405);
    } finally {
      await server.close();
    }
  });

  it('asks for the token there too when one is set', async () => {
    const server = await startMetricsServer(t.app, { ...onAPort, token: TOKEN });
    if (!server) throw new Error('no metrics server');
    try {
      const url = `http://127.0.0.1:${server.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('starts nothing without a port, or when the metrics are off', async () => {
    expect(await startMetricsServer(t.app, withToken)).toBeUndefined();
    expect(await startMetricsServer(t.app, undefined)).toBeUndefined();
    expect(await startMetricsServer({ metrics: undefined }, onAPort)).toBeUndefined();
  });
});
