import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { systemClock } from '../../lib/clock.ts';
import type { AccountAccess, DataSourceAdapter, Grant, Target } from '../adapter.ts';
import { isPlatformError } from '../errors.ts';
import { DEFAULT_GOOGLE_OAUTH_HOSTS, googleOAuth } from '../google/oauth.ts';
import { accountSummaries, createGa4Http } from './api.ts';
import { type Ga4Metadata, type Ga4Report, type Ga4ReportRequest, dataApi } from './reports.ts';
import {
  type SocialTraffic,
  type TrafficPeriod,
  readSocialTraffic,
  socialTrafficRequests,
} from './social-traffic.ts';
import { type AdapterCallSettings, type OAuthClientSettings } from '../settings.ts';

export const DEFAULT_GA4_HOSTS = {
  ...DEFAULT_GOOGLE_OAUTH_HOSTS,
  /** The Admin API (accountSummaries). */
  admin: 'https://analyticsadmin.googleapis.com',
  /** The Data API (runReport, batchRunReports, getMetadata). */
  data: 'https://analyticsdata.googleapis.com',
  /** The Analytics web app, for a property's link. */
  web: 'https://analytics.google.com',
};
export type Ga4Hosts = typeof DEFAULT_GA4_HOSTS;

export interface Ga4AdapterSettings extends OAuthClientSettings, AdapterCallSettings {
  hosts?: Partial<Ga4Hosts>;
}

/**
 * What a report call gives: its answer, and the grant when the call renewed it (the access token
 * had ended, or Google answered 401 to it): the caller stores that one (sealed) in place of the old.
 */
export interface Ga4Reading<T> {
  data: T;
  renewed?: Grant | undefined;
}

export interface Ga4Adapter extends DataSourceAdapter {
  /** One report (§11 Reports); metric values parsed by their headers' types. */
  runReport(
    account: AccountAccess,
    propertyId: string,
    request: Ga4ReportRequest,
  ): Promise<Ga4Reading<Ga4Report>>;
  /** Up to 5 reports of one property in one call, in the order asked. */
  batchRunReports(
    account: AccountAccess,
    propertyId: string,
    requests: Ga4ReportRequest[],
  ): Promise<Ga4Reading<Ga4Report[]>>;
  /** The dimensions and metrics the property knows ('0': those every property shares). */
  metadata(account: AccountAccess, propertyId: string): Promise<Ga4Reading<Ga4Metadata>>;
  /**
   * Sessions, users and engaged sessions per day from the publishing platforms with medium
   * "social", by source and medium and by the tagged links' landing pages: one batchRunReports
   * (and more pages when a report holds over 250,000 rows).
   */
  socialTraffic(
    account: AccountAccess,
    propertyId: string,
    period: TrafficPeriod,
  ): Promise<Ga4Reading<SocialTraffic>>;
}

/** A token this close to its end is renewed before the call rather than refused during it. */
const RENEW_AHEAD_MS = 60_000;

/**
 * Google Analytics 4 as a data source (platforms.md §11): connected by Google's OAuth with
 * analytics.readonly; its targets are the GA4 properties the grant reaches, by the numeric id the
 * Data API wants; its reports read by the Data API, every error through GA4's table (errors.ts).
 */
export function createGa4Adapter(settings: Ga4AdapterSettings): Ga4Adapter {
  const hosts = { ...DEFAULT_GA4_HOSTS, ...settings.hosts };
  const clock = settings.clock ?? systemClock;
  const http = createGa4Http({ timeoutMs: settings.timeoutMs ?? 30_000, fetch: settings.fetch, clock });
  const oauth = googleOAuth({
    platform: 'ga4',
    hosts,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    scopes: PLATFORM_CAPABILITIES.ga4.scopes,
    http,
    clock,
  });

  /**
   * A call with a live token: renewed first when it has ended, or once when Google answers 401
   * (a token revoked early, a clock apart); a second refusal is the caller's (reauthorize).
   */
  async function withToken<T>(
    account: AccountAccess,
    call: (token: string) => Promise<T>,
  ): Promise<Ga4Reading<T>> {
    let grant = account.grant;
    let renewed: Grant | undefined;
    const ending = grant.expiresAt && Date.parse(grant.expiresAt) - RENEW_AHEAD_MS <= clock.now().getTime();
    if (ending && grant.refreshToken) grant = renewed = await oauth.refresh(grant);
    try {
      return { data: await call(grant.accessToken), renewed };
    } catch (error) {
      const refused = isPlatformError(error) && error.kind === 'reauthorize' && error.detail.status === 401;
      if (!refused || renewed || !grant.refreshToken) throw error;
      renewed = await oauth.refresh(grant);
      return { data: await call(renewed.accessToken), renewed };
    }
  }

  const api = (token: string) => dataApi(http, hosts.data, token);

  /** The rest of a report past its first page, if it holds more rows than came. */
  async function remaining(token: string, propertyId: string, request: Ga4ReportRequest, first: Ga4Report) {
    const rows = [...first.rows];
    while (rows.length < first.rowCount) {
      const page = await api(token).runReport(propertyId, { ...request, offset: rows.length });
      if (page.rows.length === 0) break;
      rows.push(...page.rows);
    }
    return { ...first, rows };
  }

  return {
    platform: 'ga4',
    authorizationUrl: (request) => oauth.authorizationUrl(request),
    exchangeCode: (exchange) => oauth.exchangeCode(exchange),
    refresh: (grant) => oauth.refresh(grant),
    revoke: (grant) => oauth.revoke(grant),

    async targets(grant): Promise<Target[]> {
      const accounts = await accountSummaries(http, hosts.admin, grant.accessToken);
      return accounts.flatMap((account) =>
        (account.propertySummaries ?? []).map((property) => {
          const id = property.property.replace(/^properties\//, '');
          return {
            externalId: id,
            name: property.displayName,
            // Which account it belongs to, and the id people see in Analytics' settings.
            handle: `${account.displayName} · ${id}`,
            profileUrl: new URL(`/analytics/web/#/p${id}/`, hosts.web).toString(),
          };
        }),
      );
    },

    runReport: (account, propertyId, request) =>
      withToken(account, (token) => api(token).runReport(propertyId, request)),

    batchRunReports: (account, propertyId, requests) =>
      withToken(account, (token) => api(token).batchRunReports(propertyId, requests)),

    metadata: (account, propertyId) => withToken(account, (token) => api(token).metadata(propertyId)),

    socialTraffic: (account, propertyId, period) =>
      withToken(account, async (token) => {
        const requests = socialTrafficRequests(period);
        const [sources, links] = await api(token).batchRunReports(propertyId, requests);
        if (!sources || !links) throw new Error('batchRunReports answered fewer reports than asked');
        return readSocialTraffic(
          await remaining(token, propertyId, requests[0], sources),
          await remaining(token, propertyId, requests[1], links),
        );
      }),
  };
}
