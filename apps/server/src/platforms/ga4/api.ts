import type { Clock } from '../../lib/clock.ts';
import { type PlatformHttp, createPlatformHttp } from '../http.ts';
import { GA4_ERROR_RULES, describeGa4Error } from './errors.ts';

/** The Admin API's AccountSummary (platforms.md §11), only the fields the adapter uses. */
export interface AccountSummary {
  account: string;
  displayName: string;
  /** Absent for an account with no GA4 property (proto3 leaves empty lists out). */
  propertySummaries?: { property: string; displayName: string; propertyType?: string; parent?: string }[];
}

export function createGa4Http(settings: {
  timeoutMs: number;
  fetch?: typeof fetch;
  clock: Clock;
}): PlatformHttp {
  return createPlatformHttp({
    platform: 'ga4',
    rules: GA4_ERROR_RULES,
    describe: describeGa4Error(settings.clock),
    timeoutMs: settings.timeoutMs,
    fetch: settings.fetch,
    clock: settings.clock,
  });
}

/** §11 What the grant reaches: every account summary, 200 a page (the most Google gives), until no nextPageToken. */
export async function accountSummaries(
  http: PlatformHttp,
  adminHost: string,
  token: string,
): Promise<AccountSummary[]> {
  const all: AccountSummary[] = [];
  let pageToken: string | undefined;
  do {
    const { body } = await http.request({
      method: 'GET',
      url: new URL('/v1beta/accountSummaries', adminHost),
      query: { pageSize: 200, pageToken },
      headers: { authorization: `Bearer ${token}` },
    });
    const page = body as { accountSummaries?: AccountSummary[]; nextPageToken?: string } | null;
    all.push(...(page?.accountSummaries ?? []));
    pageToken = page?.nextPageToken || undefined;
  } while (pageToken);
  return all;
}
