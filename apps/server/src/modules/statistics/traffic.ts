import { contentIdFromUtmCampaign } from '@postdeck/contract/utm';
import type { StatisticsFilters, StatisticsTraffic } from '@postdeck/contract/statistics';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rawRows } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Ga4Adapter } from '../../platforms/ga4/adapter.ts';
import { isPlatformError } from '../../platforms/errors.ts';
import type { PlatformRegistry } from '../../platforms/registry.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';
import { accountGrant, replaceGrant } from '../channels/account-repo.ts';
import { renewalPlan } from '../channels/renewal-plan.ts';
import { type Departments, departmentCondition } from './filters.ts';
import { dateOf } from './metric-columns.ts';

/** Each reading asks for the last 35 days: GA keeps processing a day's sessions for up to three, and a missed run is made up. */
const READ_DAYS = 35;
/** The landing page kept (it is part of the row's key); longer addresses are cut. */
const LANDING_PAGE_MAX = 1_000;
const LINKS_MAX = 50;

export interface TrafficDeps {
  db: Db;
  clock: Clock;
  vault: TokenVault;
  registry: PlatformRegistry;
  log?: ((message: string, detail?: Record<string, unknown>) => void) | undefined;
}

/**
 * Web analytics (issue 23 item 3): the connected GA4 properties' social traffic read into
 * web_traffic_daily by a schedule (hourly), and answered from there to the statistics page. A
 * property Google refuses is left with what was read before; its account's health is the
 * channels' to tell.
 */
export function createTrafficReader(deps: TrafficDeps) {
  const { db, clock } = deps;

  async function read(): Promise<{ read: number; failed: number }> {
    const adapter = (await deps.registry.adapter('ga4')) as Ga4Adapter | undefined;
    if (!adapter) return { read: 0, failed: 0 };
    const properties = await rawRows<{ id: number; platform: string; external_id: string }>(
      db,
      sql`select id, platform, external_id from channel_accounts where platform = 'ga4' and status in ('active', 'expiring') order by id`,
    );
    let read = 0;
    let failed = 0;
    for (const property of properties) {
      const grant = await accountGrant(db, deps.vault, property.id);
      if (!grant) continue;
      const now = clock.now();
      const period = {
        from: new Date(now.getTime() - (READ_DAYS - 1) * 86_400_000).toISOString().slice(0, 10),
        to: now.toISOString().slice(0, 10),
      };
      try {
        const answer = await adapter.socialTraffic(
          { externalId: property.external_id, grant },
          property.external_id,
          period,
        );
        const account = { id: property.id, platform: property.platform, externalId: property.external_id };
        if (answer.renewed)
          await replaceGrant(
            db,
            deps.vault,
            account,
            answer.renewed,
            renewalPlan('ga4', answer.renewed).at,
            now,
          );
        await store(property.id, period, answer.data, now);
        // The channels page's "last success", and the statistics' "read at".
        await db.execute(
          sql`update channel_accounts set last_success_at = ${now.toISOString()}::timestamptz where id = ${property.id}`,
        );
        read++;
      } catch (error) {
        failed++;
        deps.log?.('web traffic reading failed', {
          accountId: property.id,
          kind: isPlatformError(error) ? error.kind : 'internal',
        });
      }
    }
    return { read, failed };
  }

  /** The period's rows replaced by what Google answered now, in one transaction. */
  async function store(
    accountId: number,
    period: { from: string; to: string },
    traffic: Awaited<ReturnType<Ga4Adapter['socialTraffic']>>['data'],
    now: Date,
  ) {
    const rows = [
      ...traffic.bySource.map((r) => ({ ...r, kind: 'source', landingPage: '', campaign: '' })),
      ...traffic.byLink.map((r) => ({
        ...r,
        kind: 'link',
        medium: '',
        landingPage: r.landingPage.slice(0, LANDING_PAGE_MAX),
      })),
    ].filter((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.date));
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        delete from web_traffic_daily
        where account_id = ${accountId} and day between ${period.from}::date and ${period.to}::date`);
      if (rows.length === 0) return;
      const column = <K extends keyof (typeof rows)[number]>(key: K) => sql.param(rows.map((r) => r[key]));
      await tx.execute(sql`
        insert into web_traffic_daily (account_id, day, kind, source, medium, landing_page, campaign,
          sessions, total_users, engaged_sessions, read_at)
        select ${accountId}, day, kind, source, medium, landing_page, campaign,
          sum(sessions), sum(total_users), sum(engaged_sessions), ${now.toISOString()}::timestamptz
        from unnest(${column('date')}::date[], ${column('kind')}::text[], ${column('source')}::text[],
          ${column('medium')}::text[], ${column('landingPage')}::text[], ${column('campaign')}::text[],
          ${column('sessions')}::int[], ${column('totalUsers')}::int[], ${column('engagedSessions')}::int[])
          as r(day, kind, source, medium, landing_page, campaign, sessions, total_users, engaged_sessions)
        group by day, kind, source, medium, landing_page, campaign`);
    });
  }

  return { read };
}

export type TrafficReader = ReturnType<typeof createTrafficReader>;

/** The statistics page's web traffic, from what the schedule read, for the properties of the caller's scope. */
export async function traffic(
  db: Db,
  filters: StatisticsFilters,
  departments: Departments,
): Promise<StatisticsTraffic> {
  const properties = await rawRows<{ id: number; name: string; last_success_at: unknown }>(
    db,
    sql`select a.id, a.name, a.last_success_at from channel_accounts a
        where a.platform = 'ga4' and a.status <> 'released' and ${departmentCondition(departments, sql`a.department_id`)}
        order by a.name, a.id`,
  );
  const empty: StatisticsTraffic = { properties: [], readAt: null, trend: [], bySource: [], byLink: [] };
  if (properties.length === 0) return empty;
  const ids = properties.map((p) => Number(p.id));
  const conditions: SQL[] = [
    sql`t.account_id in ${ids}`,
    sql`t.day between ${filters.from}::date and ${filters.to}::date`,
  ];
  if (filters.platform) conditions.push(sql`t.source = ${filters.platform}`);
  const where = sql.join(conditions, sql` and `);
  const counts = sql`sum(t.sessions)::int as sessions, sum(t.total_users)::int as "totalUsers",
    sum(t.engaged_sessions)::int as "engagedSessions"`;
  const unit = sql.raw(`'${filters.granularity}'`);
  type Counts = { sessions: number; totalUsers: number; engagedSessions: number };
  const readTimes = properties.flatMap((p) =>
    p.last_success_at ? [dateOf(p.last_success_at).getTime()] : [],
  );
  const [trend, bySource, byLink] = await Promise.all([
    rawRows<Counts & { bucket: string; source: string }>(
      db,
      sql`select date_trunc(${unit}, t.day)::date::text as bucket, t.source, ${counts}
          from web_traffic_daily t where ${where} and t.kind = 'source'
          group by 1, 2 order by 1, 2`,
    ),
    rawRows<Counts & { source: string; medium: string }>(
      db,
      sql`select t.source, t.medium, ${counts} from web_traffic_daily t where ${where} and t.kind = 'source'
          group by 1, 2 order by sessions desc, 1, 2`,
    ),
    rawRows<Counts & { landingPage: string; source: string; campaign: string }>(
      db,
      sql`select t.landing_page as "landingPage", t.source, t.campaign, ${counts}
          from web_traffic_daily t where ${where} and t.kind = 'link'
          group by 1, 2, 3 order by sessions desc, 1, 2, 3 limit ${LINKS_MAX}`,
    ),
  ]);
  const links = await linkedContents(db, byLink, departments);
  const whole = (r: Counts) => ({
    sessions: Number(r.sessions),
    totalUsers: Number(r.totalUsers),
    engagedSessions: Number(r.engagedSessions),
  });
  return {
    properties: properties.map((p) => ({ accountId: Number(p.id), name: p.name })),
    readAt: readTimes.length === 0 ? null : new Date(Math.max(...readTimes)).toISOString(),
    trend: trend.map((r) => ({ bucket: r.bucket, source: r.source, ...whole(r) })),
    bySource: bySource.map((r) => ({ source: r.source, medium: r.medium, ...whole(r) })),
    byLink: byLink.map((r) => {
      const contentId = contentIdFromUtmCampaign(r.campaign);
      const content = contentId === null ? undefined : links.get(`${contentId}:${r.source}`);
      return {
        landingPage: r.landingPage,
        source: r.source,
        campaign: r.campaign,
        // A campaign naming a content outside the caller's scope is shown without it.
        contentId: content ? contentId : null,
        title: content?.title ?? null,
        linkClicks: content?.linkClicks ?? null,
        ...whole(r),
      };
    }),
  };
}

/** The contents the tagged links name, in the caller's scope, with the link clicks their publications on that platform counted. */
async function linkedContents(
  db: Db,
  links: { source: string; campaign: string }[],
  departments: Departments,
): Promise<Map<string, { title: string; linkClicks: number | null }>> {
  const contentIds = [
    ...new Set(
      links.map((l) => contentIdFromUtmCampaign(l.campaign)).filter((id): id is number => id !== null),
    ),
  ];
  if (contentIds.length === 0) return new Map();
  const rows = await rawRows<{
    content_id: number;
    platform: string;
    title: string;
    link_clicks: string | null;
  }>(
    db,
    sql`select c.id as content_id, p.platform, c.title, sum(m.link_clicks)::bigint as link_clicks
        from contents c
        join publications p on p.content_id = c.id and p.parent_id is not null
        left join publication_metrics m on m.publication_id = p.id
        where c.id in ${contentIds} and ${departmentCondition(departments, sql`c.department_id`)}
        group by c.id, p.platform, c.title`,
  );
  return new Map(
    rows.map((r) => [
      `${r.content_id}:${r.platform}`,
      { title: r.title, linkClicks: r.link_clicks === null ? null : Number(r.link_clicks) },
    ]),
  );
}
