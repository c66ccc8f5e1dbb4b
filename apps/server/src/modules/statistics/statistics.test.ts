import type { ChannelAccount } from '@postdeck/contract/channels';
import type { Publication } from '@postdeck/contract/publishing';
import type {
  PublicationMetrics,
  StatisticsAccounts,
  StatisticsHeatmap,
  StatisticsTraffic,
  StatisticsOverview,
  StatisticsTop,
} from '@postdeck/contract/statistics';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../db/client.ts';
import { dateOf } from './metric-columns.ts';
import { bucketsOf } from './overview.ts';
import { publications } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { signUpPeople } from '../../test/people.ts';
import { connectSandboxAccount } from '../../test/sandbox-accounts.ts';
import { type TestApp, call } from '../../test/test-app.ts';

/**
 * The metrics schedule and the statistics calls end to end on the sandbox's Mastodon server: a
 * post published through the pipeline is read at its checkpoints, a refused reading waits and
 * leaves the publication alone, and the figures come back to the caller's scope only.
 */
const HOUR = 3_600_000;
const PUBLISHED_AT = new Date('2026-06-01T08:00:00Z');
const clock = manualClock(PUBLISHED_AT);
let t: TestApp;
let dept: Awaited<ReturnType<typeof departmentTree>>;
let tokens: Record<string, string>;
let signInAgain: () => Promise<void>;
let mastodon: ChannelAccount;
let mastodonServer: string;
let publicationId: number;

type Answer<T> = { status: number; body: { code: number; msg: string; data: T } };
const get = <T>(path: string, who: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', path, { token: tokens[who], query }) as Promise<Answer<T>>;
const range = { from: '2026-06-01', to: '2026-06-07' };

async function fault(body: Record<string, unknown>) {
  const res = await fetch(`${mastodonServer}/__fake/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(204);
}

const schedule = async () => {
  const [row] = await rawRows<{ next_at: unknown; failures: number; last_error: unknown }>(
    t.db,
    sql`select next_at, failures, last_error from publication_metrics where publication_id = ${publicationId}`,
  );
  return row && { ...row, next_at: row.next_at === null ? null : dateOf(row.next_at) };
};

beforeAll(async () => {
  const { createTestApp } = await import('../../test/test-app.ts');
  t = await createTestApp({ clock });
  dept = await departmentTree(t.db);
  ({ tokens, signInAgain } = await signUpPeople(
    t,
    [
      ['lead', dept.news, 'dept_admin'],
      ['intl', dept.intl, 'dept_admin'],
    ],
    { prefix: 's', name: 'Sam', password: 'Secr3t!pw' },
  ));
  mastodon = await connectSandboxAccount(t.app, tokens['lead'], 'mastodon', dept.news);
  const [origin] = await t.app.platforms.sandboxOrigins('mastodon');
  mastodonServer = `http://${origin}`;
  const made = await call(t.app, 'POST', '/content/create', {
    token: tokens['lead'],
    body: {
      title: 'Figures story',
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Counted' }] }] },
      departmentId: dept.news,
    },
  });
  const published = (await call(t.app, 'POST', '/content/publish/create', {
    token: tokens['lead'],
    body: {
      contentId: (made.body as Answer<{ id: number }>['body']).data.id,
      targets: [{ accountId: mastodon.id }],
    },
  })) as Answer<{ publications: Publication[] }>;
  publicationId = published.body.data.publications[0]?.id ?? 0;
  await t.app.publishing.send(publicationId);
});
afterAll(() => t.close());

describe('the metrics schedule', () => {
  it('starts when the publication is published, an hour after it', async () => {
    const [row] = await t.db.select().from(publications).where(eq(publications.id, publicationId));
    expect(row?.status).toBe('published');
    expect((await schedule())?.next_at).toEqual(new Date(PUBLISHED_AT.getTime() + HOUR));
    expect(await t.app.statistics.collector.run()).toEqual({ read: 0, failed: 0, ended: 0 });
  });

  it('reads the post at its checkpoint and sets the next', async () => {
    clock.advance(HOUR);
    expect(await t.app.statistics.collector.run()).toEqual({ read: 1, failed: 0, ended: 0 });
    expect((await schedule())?.next_at).toEqual(new Date(PUBLISHED_AT.getTime() + 6 * HOUR));
    const snapshots = await rawRows(
      t.db,
      sql`select * from metric_snapshots where publication_id = ${publicationId}`,
    );
    expect(snapshots).toHaveLength(1);
  });

  it('tries a refused reading again later and leaves the publication as it was', async () => {
    clock.advance(5 * HOUR);
    await fault({ kind: 'rateLimited', retryAfterS: 900, times: 1 });
    expect(await t.app.statistics.collector.run()).toEqual({ read: 0, failed: 1, ended: 0 });
    const row = await schedule();
    expect(row?.failures).toBe(1);
    expect(row?.next_at).toEqual(new Date(clock.now().getTime() + 900_000));
    expect(row?.last_error).toMatchObject({ kind: 'rateLimited' });
    const [publication] = await t.db.select().from(publications).where(eq(publications.id, publicationId));
    expect(publication).toMatchObject({ status: 'published', errorKind: null });
    clock.advance(900_000);
    expect(await t.app.statistics.collector.run()).toEqual({ read: 1, failed: 0, ended: 0 });
    expect((await schedule())?.failures).toBe(0);
  });

  it('ends for a withdrawn post', async () => {
    await t.db.update(publications).set({ status: 'withdrawn' }).where(eq(publications.id, publicationId));
    clock.advance(24 * HOUR);
    expect(await t.app.statistics.collector.run()).toEqual({ read: 0, failed: 0, ended: 1 });
    expect((await schedule())?.next_at).toBeNull();
    await t.db.update(publications).set({ status: 'published' }).where(eq(publications.id, publicationId));
  });
});

describe('the statistics calls', () => {
  beforeAll(async () => {
    await signInAgain();
    while ((await t.app.statistics.refresh()) > 0);
  });

  it("count the caller's scope only", async () => {
    const lead = await get<StatisticsOverview>('/statistics/overview', 'lead', range);
    expect(lead.status, JSON.stringify(lead.body)).toBe(200);
    expect(lead.body.data.figures.publications).toEqual({ value: 1, previous: 0 });
    expect(lead.body.data.figures.successRate.value).toBe(1);
    expect(lead.body.data.byPlatform.map((p) => p.platform)).toEqual(['mastodon']);
    const perAccount = await get<StatisticsAccounts>('/statistics/accounts', 'lead', range);
    expect(perAccount.body.data.items.map((a) => [a.accountId, a.publications, a.published])).toEqual([
      [mastodon.id, 1, 1],
    ]);
    expect(lead.body.data.trend.map((p) => p.bucket)).toEqual(bucketsOf({ ...range, granularity: 'day' }));
    expect(lead.body.data.trend.map((p) => p.publications)).toEqual([1, 0, 0, 0, 0, 0, 0]);
    const intl = await get<StatisticsOverview>('/statistics/overview', 'intl', range);
    expect(intl.body.data.figures.publications.value).toBe(0);
    expect((await get<StatisticsAccounts>('/statistics/accounts', 'intl', range)).body.data.items).toEqual(
      [],
    );
    // Choosing a department outside one's scope shows nothing of it.
    const probing = await get<StatisticsOverview>('/statistics/overview', 'intl', {
      ...range,
      departmentId: String(dept.news),
    });
    expect(probing.body.data.figures.publications.value).toBe(0);
  });

  it('an author filter reads the raw rows and agrees with the roll-ups', async () => {
    const [author] = await rawRows<{ author_id: number }>(
      t.db,
      sql`select author_id from publications where id = ${publicationId}`,
    );
    const byAuthor = await get<StatisticsOverview>('/statistics/overview', 'lead', {
      ...range,
      authorId: String(author?.author_id),
    });
    const all = await get<StatisticsOverview>('/statistics/overview', 'lead', range);
    expect(byAuthor.body.data.figures).toEqual(all.body.data.figures);
  });

  it('heatmap, top publications and a publication’s readings', async () => {
    const heat = await get<StatisticsHeatmap>('/statistics/heatmap', 'lead', range);
    // 2026-06-01 was a Monday; the post went out at 08:00 UTC.
    expect(heat.body.data.cells).toEqual([
      { weekday: 0, hour: 8, publications: 1, engagement: expect.anything() },
    ]);
    const best = await get<StatisticsTop>('/statistics/top', 'lead', range);
    expect(best.body.data.items.map((i) => i.publicationId)).toEqual([publicationId]);
    const readings = await get<PublicationMetrics>('/content/publish/metrics', 'lead', {
      id: String(publicationId),
    });
    expect(readings.body.data.snapshots).toHaveLength(2);
    expect((await get('/content/publish/metrics', 'intl', { id: String(publicationId) })).status).toBe(404);
  });

  it('downloads the figures as a workbook', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/prod-api/statistics/export',
      query: range,
      headers: { authorization: `Bearer ${tokens['lead']}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Overview',
      'Trend',
      'Platforms',
      'Accounts',
      'Top publications',
      'Failures',
    ]);
    expect(workbook.getWorksheet('Accounts')?.getRow(2).getCell(1).value).toBe(mastodon.name);
  });

  it('count a publication that failed a moment ago, before the schedule made its roll-up', async () => {
    const [made] = await rawRows<{ id: number }>(
      t.db,
      sql`insert into publications (parent_id, content_id, department_id, author_id, account_id, platform, status,
            title, created_at, updated_at, error_kind)
          select parent_id, content_id, department_id, author_id, account_id, platform, 'failed', title,
            ${PUBLISHED_AT.toISOString()}::timestamptz, ${PUBLISHED_AT.toISOString()}::timestamptz, 'rejected'
          from publications where id = ${publicationId} returning id`,
    );
    const answer = await get<StatisticsOverview>('/statistics/overview', 'lead', range);
    expect(answer.body.data.figures.failed.value).toBe(1);
    expect(answer.body.data.figures.successRate.value).toBe(0.5);
    expect(answer.body.data.failureCauses).toEqual([{ cause: 'rejected', count: 1 }]);
    await t.db.execute(sql`delete from publications where id = ${Number(made?.id)}`);
  });

  it('refuses bad ranges naming the field', async () => {
    const backwards = await get<{ errors: { field: string }[] }>('/statistics/overview', 'lead', {
      from: '2026-06-07',
      to: '2026-06-01',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.data.errors.map((e) => e.field)).toEqual(['to']);
    const tooLong = await get('/statistics/overview', 'lead', { from: '2020-01-01', to: '2026-01-01' });
    expect(tooLong.status).toBe(400);
    const notADate = await get<{ errors: { field: string }[] }>('/statistics/overview', 'lead', {
      from: '2026-02-30',
      to: '2026-03-01',
    });
    expect(notADate.status).toBe(400);
    expect(notADate.body.data.errors.map((e) => e.field)).toEqual(['from']);
    expect((await get('/statistics/overview', 'lead', {})).status).toBe(400);
  });
});

describe('web traffic', () => {
  it("reads the GA4 property's social sessions and puts the tagged links beside their contents", async () => {
    await signInAgain();
    const property = await connectSandboxAccount(t.app, tokens['lead'], 'ga4', dept.news);
    const made = (await call(t.app, 'POST', '/content/create', {
      token: tokens['lead'],
      body: {
        title: 'Linked story',
        body: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [{ type: 'text', text: 'Read it at https://news.example.org/story' }],
            },
          ],
        },
        departmentId: dept.news,
      },
    })) as Answer<{ id: number }>;
    const contentId = made.body.data.id;
    const published = (await call(t.app, 'POST', '/content/publish/create', {
      token: tokens['lead'],
      body: { contentId, targets: [{ accountId: mastodon.id }], utm: true },
    })) as Answer<{ publications: Publication[] }>;
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    await t.app.publishing.send(published.body.data.publications[0]?.id ?? 0);
    const publishedOn = clock.now().toISOString().slice(0, 10);
    clock.advance(24 * HOUR);
    await signInAgain();
    expect(await t.app.statistics.traffic.read()).toEqual({ read: 1, failed: 0 });

    const lead = await get<StatisticsTraffic>('/statistics/traffic', 'lead', {
      from: '2026-05-25',
      to: '2026-06-10',
    });
    expect(lead.status, JSON.stringify(lead.body)).toBe(200);
    expect(lead.body.data.properties).toEqual([{ accountId: property.id, name: property.name }]);
    expect(lead.body.data.readAt).toBe(clock.now().toISOString());
    const fromMastodon = lead.body.data.bySource.find((s) => s.source === 'mastodon');
    expect(fromMastodon?.medium).toBe('social');
    expect(fromMastodon?.sessions).toBeGreaterThan(0);
    const link = lead.body.data.byLink.find((l) => l.contentId === contentId);
    expect(link).toMatchObject({
      source: 'mastodon',
      campaign: `content-${contentId}`,
      title: 'Linked story',
    });
    expect(link?.landingPage).toContain('utm_campaign=');
    expect(lead.body.data.trend.every((p) => p.bucket >= '2026-05-25')).toBe(true);
    // Sessions only since the link was published.
    const mastodonDays = lead.body.data.trend.filter((p) => p.source === 'mastodon').map((p) => p.bucket);
    expect(mastodonDays.length).toBeGreaterThan(0);
    expect(mastodonDays.every((day) => day >= publishedOn)).toBe(true);

    const intl = await get<StatisticsTraffic>('/statistics/traffic', 'intl', range);
    expect(intl.body.data).toEqual({ properties: [], readAt: null, trend: [], bySource: [], byLink: [] });
  });
});
