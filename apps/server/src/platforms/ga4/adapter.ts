import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { systemClock } from '../../lib/clock.ts';
import type { DataSourceAdapter, Target } from '../adapter.ts';
import { DEFAULT_GOOGLE_OAUTH_HOSTS, googleOAuth } from '../google/oauth.ts';
import { accountSummaries, createGa4Http } from './api.ts';
import { type AdapterCallSettings, type OAuthClientSettings } from '../settings.ts';

export const DEFAULT_GA4_HOSTS = {
  ...DEFAULT_GOOGLE_OAUTH_HOSTS,
  /** The Admin API (accountSummaries). */
  admin: 'https://analyticsadmin.googleapis.com',
  /** The Analytics web app, for a property's link. */
  web: 'https://analytics.google.com',
};
export type Ga4Hosts = typeof DEFAULT_GA4_HOSTS;

export interface Ga4AdapterSettings extends OAuthClientSettings, AdapterCallSettings {
  hosts?: Partial<Ga4Hosts>;
}

/**
 * Google Analytics 4 as a data source (platforms.md §11): connected by Google's OAuth with
 * analytics.readonly; its targets are the GA4 properties the grant reaches, by the numeric id the
 * Data API wants. Reports come with the statistics issue.
 */
export function createGa4Adapter(settings: Ga4AdapterSettings): DataSourceAdapter {
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
  };
}
