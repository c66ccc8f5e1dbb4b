import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { metadataJson } from './analytics-catalog.ts';
import {
  InvalidArgument,
  LIMITS,
  type ParsedReport,
  parseReportRequest,
  runReport,
} from './analytics-report.ts';
import {
  type PostLike,
  type PublishedLink,
  type TrafficSessions,
  dayNumber,
  generateTraffic,
  taggedLinks,
} from './analytics-traffic.ts';
import { authenticate, googleScopes } from './guard.ts';
import type { GoogleState } from './state.ts';

/**
 * The Analytics Data API v1beta (platforms.md §11 Reports, Quota, Fake-server notes): runReport,
 * batchRunReports (5 at most) and getMetadata, over the sessions each property holds: those a
 * test adds, and those generated from the UTM-tagged links of posts (this server's own and any
 * other source or feed given), plus a background. Per-property token quotas are counted and
 * answered in propertyQuota; a spent one answers 429 RESOURCE_EXHAUSTED to every request.
 */

/** §11 Scope: analytics.readonly or analytics reads reports. */
const SCOPES = googleScopes('analytics.readonly', 'analytics');

export const NO_PERMISSION =
  'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.';

/** §11 Quota, a standard property's. */
export const STANDARD_QUOTA = {
  tokensPerDay: 200_000,
  tokensPerHour: 40_000,
  tokensPerProjectPerHour: 14_000,
  concurrentRequests: 10,
  serverErrorsPerProjectPerHour: 10,
  potentiallyThresholdedRequestsPerHour: 120,
};
export type PropertyQuotaLimits = typeof STANDARD_QUOTA;

export interface TrafficSettings {
  /** Days, and "today", are the property's (Google's default for a new property is Los Angeles). */
  timeZone: string;
  currencyCode: string;
  /** What the generated sessions are drawn from; default the property id. */
  seed: string;
  /** Organic, direct, referral and e-mail visits (default true). */
  background: boolean;
  /** Only links to these hosts bring it sessions; every link when absent. */
  hostnames?: string[] | undefined;
  quota: PropertyQuotaLimits;
}

/** A source of published posts whose tagged links bring sessions: another fake's PostStore, say. */
export type LinkSource = () => readonly PostLike[] | Promise<readonly PostLike[]>;

const pacificDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' });

/** The sessions, settings and quota counters of the fake's GA4 properties. */
export class AnalyticsData {
  readonly #now: () => Date;
  readonly #settings = new Map<string, TrafficSettings>();
  readonly #sessions = new Map<string, TrafficSessions[]>();
  /** Where tagged links come from: the Google fake's own posts, and whatever a test or the sandbox adds. */
  readonly linkSources: LinkSource[] = [];
  /** Other fakes' `/__fake/posts` addresses (the sandbox's servers), read at each report. */
  feeds: string[] = [];
  readonly #spent = new Map<string, number>();
  readonly #inFlight = new Map<string, number>();

  constructor(now: () => Date) {
    this.#now = now;
  }

  settings(propertyId: string): TrafficSettings {
    return (
      this.#settings.get(propertyId) ?? {
        timeZone: 'America/Los_Angeles',
        currencyCode: 'USD',
        seed: propertyId,
        background: true,
        quota: STANDARD_QUOTA,
      }
    );
  }

  configure(
    propertyId: string,
    settings: Partial<Omit<TrafficSettings, 'quota'>> & { quota?: Partial<PropertyQuotaLimits> },
  ): void {
    const current = this.settings(propertyId);
    this.#settings.set(propertyId, {
      ...current,
      ...settings,
      quota: { ...current.quota, ...settings.quota },
    });
  }

  /** Sessions a test wants exactly (beside the generated ones). */
  addSessions(propertyId: string, rows: TrafficSessions[]): void {
    this.#sessions.set(propertyId, [...(this.#sessions.get(propertyId) ?? []), ...rows]);
  }

  /** Every tagged link published so far, from the sources and the feeds (a feed that fails is skipped). */
  async links(): Promise<PublishedLink[]> {
    const posts: PostLike[] = [];
    for (const source of this.linkSources) posts.push(...(await source()));
    const fed = await Promise.all(
      this.feeds.map(async (feed) => {
        try {
          const answer = await fetch(feed, { signal: AbortSignal.timeout(2000) });
          if (!answer.ok) return [];
          const body = (await answer.json()) as unknown;
          return Array.isArray(body) ? (body as PostLike[]).filter((p) => typeof p?.text === 'string') : [];
        } catch {
          return [];
        }
      }),
    );
    posts.push(...fed.flat());
    const now = this.#now();
    return taggedLinks(posts).filter((link) => link.publishedAt <= now);
  }

  /** The property's sessions from `from` to `to`: the added ones and the generated ones. */
  async sessions(
    propertyId: string,
    from: string,
    to: string,
    published?: PublishedLink[],
  ): Promise<TrafficSessions[]> {
    const settings = this.settings(propertyId);
    const links = (published ?? (await this.links())).filter((link) => {
      if (!settings.hostnames) return true;
      try {
        return settings.hostnames.includes(new URL(link.url).hostname);
      } catch {
        return false;
      }
    });
    const added = (this.#sessions.get(propertyId) ?? []).filter((row) => row.date >= from && row.date <= to);
    return [
      ...added,
      ...generateTraffic({
        seed: settings.seed,
        links,
        timeZone: settings.timeZone,
        from,
        to,
        now: this.#now(),
        background: settings.background,
      }),
    ];
  }

  #buckets(propertyId: string, clientId: string) {
    const now = this.#now();
    const hour = Math.floor(now.getTime() / 3_600_000);
    return {
      tokensPerDay: `day ${propertyId} ${pacificDay.format(now)}`,
      tokensPerHour: `hour ${propertyId} ${hour}`,
      tokensPerProjectPerHour: `project ${clientId} ${propertyId} ${hour}`,
    };
  }

  /** The message of the first spent quota, if one is (§11: then every request to the property fails). */
  exhausted(propertyId: string, clientId: string): string | undefined {
    const limits = this.settings(propertyId).quota;
    const buckets = this.#buckets(propertyId, clientId);
    if ((this.#spent.get(buckets.tokensPerDay) ?? 0) >= limits.tokensPerDay)
      return 'Exhausted property tokens per day. Try again tomorrow.';
    if ((this.#spent.get(buckets.tokensPerHour) ?? 0) >= limits.tokensPerHour)
      return 'Exhausted property tokens per hour. Try again in the next hour.';
    if ((this.#spent.get(buckets.tokensPerProjectPerHour) ?? 0) >= limits.tokensPerProjectPerHour)
      return 'Exhausted property tokens for a project per hour. Try again in the next hour.';
    if ((this.#inFlight.get(propertyId) ?? 0) > limits.concurrentRequests)
      return 'Exhausted concurrent requests quota. Try again after the running requests finish.';
    return undefined;
  }

  spend(propertyId: string, clientId: string, tokens: number): void {
    for (const key of Object.values(this.#buckets(propertyId, clientId)))
      this.#spent.set(key, (this.#spent.get(key) ?? 0) + tokens);
  }

  /** PropertyQuota as the answer carries it: each bucket's {consumed, remaining}. */
  propertyQuota(propertyId: string, clientId: string, consumed: number) {
    const limits = this.settings(propertyId).quota;
    const buckets = this.#buckets(propertyId, clientId);
    const status = (limit: number, spent: number, used = consumed) => ({
      consumed: used,
      remaining: Math.max(0, limit - spent),
    });
    return {
      tokensPerDay: status(limits.tokensPerDay, this.#spent.get(buckets.tokensPerDay) ?? 0),
      tokensPerHour: status(limits.tokensPerHour, this.#spent.get(buckets.tokensPerHour) ?? 0),
      // The request answered is not counted against itself.
      concurrentRequests: status(limits.concurrentRequests, (this.#inFlight.get(propertyId) ?? 1) - 1, 0),
      serverErrorsPerProjectPerHour: status(limits.serverErrorsPerProjectPerHour, 0, 0),
      potentiallyThresholdedRequestsPerHour: status(limits.potentiallyThresholdedRequestsPerHour, 0, 0),
      tokensPerProjectPerHour: status(
        limits.tokensPerProjectPerHour,
        this.#spent.get(buckets.tokensPerProjectPerHour) ?? 0,
      ),
    };
  }

  enter(propertyId: string): () => void {
    this.#inFlight.set(propertyId, (this.#inFlight.get(propertyId) ?? 0) + 1);
    return () => this.#inFlight.set(propertyId, (this.#inFlight.get(propertyId) ?? 1) - 1);
  }
}

/** The Data API's error envelope (§11 Errors): `status` is what the gax clients read the code from. */
const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
};

export function dataError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ error: { code: status, message, status: STATUS[status] ?? 'UNKNOWN' } });
}

/**
 * Tokens a report costs (§11 Quota: most under 10, growing with rows and the days read): one,
 * one more per 90 days of each range and per 10,000 rows.
 */
function tokensFor(request: ParsedReport, rows: number): number {
  const days = request.dateRanges.reduce((sum, r) => sum + dayNumber(r.end) - dayNumber(r.start) + 1, 0);
  return 1 + Math.floor(days / 90) + Math.floor(rows / 10_000) + (request.dimensionFilter ? 1 : 0);
}

const REPORT_PATH = /^(\d+):(runReport|batchRunReports)$/;
const METADATA_PATH = /^(\d+)\/metadata$/;

export function analyticsDataRoutes(
  app: FastifyInstance,
  ctx: FakeContext,
  state: GoogleState,
  data: AnalyticsData,
): void {
  data.linkSources.push(() => ctx.posts.all());

  /** The property the grant must reach: unknown ones get the same 403 as others' (Google tells nothing more). */
  const reaches = (userId: string, propertyId: string) => {
    const property = state.properties.get(propertyId);
    return (
      property !== undefined && (state.accounts.get(property.accountId)?.userIds.includes(userId) ?? false)
    );
  };

  // The colon in "properties/123:runReport" is part of the path (gRPC transcoding), so a wildcard reads it.
  app.post('/v1beta/properties/*', async (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    const match = REPORT_PATH.exec(rest);
    if (!match) return dataError(reply, 404, `Method not found.`);
    const [, propertyId = '', method = ''] = match;
    const call = `POST /v1beta/properties/{propertyId}:${method}`;
    const authed = authenticate(request, reply, ctx, state, call, { api: 'admin', scopes: SCOPES });
    if (!authed) return reply;
    if (authed.fault?.kind === 'acceptThenHang') return ctx.hang(reply);
    if (!reaches(authed.token.userId, propertyId)) return dataError(reply, 403, NO_PERMISSION);
    const leave = data.enter(propertyId);
    try {
      const spent = data.exhausted(propertyId, authed.token.clientId);
      if (spent) {
        ctx.overLimit(`property ${propertyId}`, spent);
        return dataError(reply, 429, spent);
      }
      const settings = data.settings(propertyId);
      const body = request.body as Record<string, unknown> | null;
      let requests: unknown[];
      if (method === 'batchRunReports') {
        const given = body?.['requests'];
        if (!Array.isArray(given) || given.length === 0)
          return dataError(reply, 400, 'requests must not be empty.');
        if (given.length > LIMITS.batch)
          return dataError(
            reply,
            400,
            `Requests are limited to ${LIMITS.batch} reports in a batch. This request has ${given.length} reports.`,
          );
        requests = given;
      } else requests = [body];
      let parsed: ParsedReport[];
      try {
        parsed = requests.map((r) => parseReportRequest(r, settings.timeZone, ctx.now()));
      } catch (error) {
        if (error instanceof InvalidArgument) return dataError(reply, 400, error.message);
        throw error;
      }
      if (parsed.some((p) => p.property !== undefined && p.property !== `properties/${propertyId}`))
        return dataError(
          reply,
          400,
          `Every request in a batch must be for properties/${propertyId}, the property of the batch.`,
        );
      const answers = [];
      // The posts are read once for every report of the call.
      const links = await data.links();
      for (const report of parsed) {
        const byRange = await Promise.all(
          report.dateRanges.map((range) => data.sessions(propertyId, range.start, range.end, links)),
        );
        const answer = runReport(
          report,
          (range) => byRange[report.dateRanges.indexOf(range)] ?? [],
          settings,
        );
        const tokens = tokensFor(report, answer.rowCount);
        data.spend(propertyId, authed.token.clientId, tokens);
        answers.push({
          ...answer.json,
          ...(report.returnPropertyQuota
            ? { propertyQuota: data.propertyQuota(propertyId, authed.token.clientId, tokens) }
            : {}),
          kind: 'analyticsData#runReport',
        });
      }
      return method === 'batchRunReports'
        ? { reports: answers, kind: 'analyticsData#batchRunReports' }
        : answers[0];
    } finally {
      leave();
    }
  });

  app.get('/v1beta/properties/*', async (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    const match = METADATA_PATH.exec(rest);
    if (!match) return dataError(reply, 404, 'Method not found.');
    const propertyId = match[1] ?? '';
    const call = 'GET /v1beta/properties/{propertyId}/metadata';
    const authed = authenticate(request, reply, ctx, state, call, { api: 'admin', scopes: SCOPES });
    if (!authed) return reply;
    if (authed.fault?.kind === 'acceptThenHang') return ctx.hang(reply);
    // properties/0 is the set every property shares.
    if (propertyId !== '0' && !reaches(authed.token.userId, propertyId))
      return dataError(reply, 403, NO_PERMISSION);
    if (propertyId !== '0') {
      const spent = data.exhausted(propertyId, authed.token.clientId);
      if (spent) return dataError(reply, 429, spent);
      data.spend(propertyId, authed.token.clientId, 1);
    }
    return metadataJson(propertyId);
  });

  // The sandbox names the other servers whose posts' links bring this one's sessions.
  app.put('/__fake/analytics/feeds', async (request, reply) => {
    const feeds = (request.body as { feeds?: unknown } | null)?.feeds;
    if (!Array.isArray(feeds) || feeds.some((f) => typeof f !== 'string'))
      return reply.code(400).send({ error: 'feeds must be a list of URLs' });
    data.feeds = feeds as string[];
    return reply.code(204).send();
  });
}
