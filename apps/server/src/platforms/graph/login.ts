import type { Clock } from '../../lib/clock.ts';
import type { AuthorizationRequest, CodeExchange, Grant } from '../adapter.ts';
import { PlatformError } from '../errors.ts';
import { type GraphEndpoint, type GraphHttp, graphUrl } from './http.ts';

/**
 * Facebook Login, which Facebook Pages and Instagram (the Facebook Login flavour) share
 * (platforms.md §1 OAuth, §2): the dialog on www.facebook.com, the code for a short-lived user
 * token, that for a long-lived one (about 60 days, no refresh token), the scopes the user left
 * ticked from /me/permissions, and the pages with their tokens from /me/accounts.
 */
export interface FacebookLogin {
  platform: 'facebook' | 'instagram';
  /** The dialog's host (www.facebook.com) and version. */
  dialog: GraphEndpoint;
  graph: GraphEndpoint;
  clientId: string;
  clientSecret: string;
}

export function authorizationUrl(
  login: FacebookLogin,
  request: AuthorizationRequest,
  scopes: readonly string[],
): string {
  const url = graphUrl(login.dialog, 'dialog/oauth');
  url.searchParams.set('client_id', login.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('state', request.state);
  // platforms.md §1: comma-separated; no PKCE (capabilities: pkce false).
  url.searchParams.set('scope', scopes.join(','));
  url.searchParams.set('response_type', 'code');
  return url.toString();
}

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
}

export async function exchangeCode(
  http: GraphHttp,
  login: FacebookLogin,
  exchange: CodeExchange,
  clock: Clock,
): Promise<Grant> {
  const short = await token(
    http,
    login,
    {
      client_id: login.clientId,
      client_secret: login.clientSecret,
      redirect_uri: exchange.redirectUri,
      code: exchange.code,
    },
    false,
  );
  const long = await token(
    http,
    login,
    {
      grant_type: 'fb_exchange_token',
      client_id: login.clientId,
      client_secret: login.clientSecret,
      fb_exchange_token: short.access_token,
    },
    true,
  );
  const scopes = await grantedScopes(http, login.graph, long.access_token);
  return {
    accessToken: long.access_token,
    expiresAt:
      long.expires_in === undefined
        ? undefined
        : new Date(clock.now().getTime() + long.expires_in * 1000).toISOString(),
    scopes,
  };
}

/**
 * A code is single use, so its exchange is not repeated blindly; the long-lived exchange may be
 * (it only gives another token for the same grant).
 */
async function token(
  http: GraphHttp,
  login: FacebookLogin,
  query: Record<string, string>,
  idempotent: boolean,
): Promise<TokenAnswer & { access_token: string }> {
  const { body } = await http.request({
    method: 'GET',
    url: graphUrl(login.graph, 'oauth/access_token'),
    query,
    idempotent,
  });
  const answer = body as TokenAnswer;
  if (!answer.access_token)
    throw new PlatformError('rejected', {
      platform: login.platform,
      platformMessage: 'no access token in the answer',
      raw: body,
    });
  return { ...answer, access_token: answer.access_token };
}

async function grantedScopes(http: GraphHttp, graph: GraphEndpoint, accessToken: string): Promise<string[]> {
  const { body } = await http.request({
    method: 'GET',
    url: graphUrl(graph, 'me/permissions'),
    query: { access_token: accessToken },
  });
  const data = (body as { data?: { permission?: string; status?: string }[] }).data ?? [];
  return data.flatMap((p) => (p.status === 'granted' && p.permission ? [p.permission] : []));
}

/** A page as /me/accounts lists it, with the fields both adapters ask for. */
export interface ListedPage {
  id: string;
  name: string;
  username?: string;
  access_token?: string;
  picture?: { data?: { url?: string } };
  instagram_business_account?: { id: string; username?: string; name?: string; profile_picture_url?: string };
}

const PAGE_FIELDS =
  'id,name,username,access_token,picture{url},instagram_business_account{id,username,name,profile_picture_url}';
/** Enough for any account; a stop in case a paging loop never ends. */
const MAX_PAGES_OF_PAGES = 20;

/** Every page the user token reaches (those ticked on the dialog), following paging.next. */
export async function listPages(
  http: GraphHttp,
  graph: GraphEndpoint,
  userToken: string,
): Promise<ListedPage[]> {
  const pages: ListedPage[] = [];
  let next: string | undefined = graphUrl(graph, 'me/accounts').toString();
  let query: Record<string, string> | undefined = {
    fields: PAGE_FIELDS,
    limit: '100',
    access_token: userToken,
  };
  for (let n = 0; next && n < MAX_PAGES_OF_PAGES; n++) {
    const { body } = await http.request({ method: 'GET', url: next, query });
    const answer = body as { data?: ListedPage[]; paging?: { next?: string } };
    pages.push(...(answer.data ?? []));
    // paging.next is the whole request again, token included.
    next = answer.paging?.next;
    query = undefined;
  }
  return pages;
}

/**
 * A page's own grant: its token, the user's scopes, and the user's expiry. The page token taken
 * from a long-lived user token has no end of its own (platforms.md §1), but it lives on the user's
 * consent, which Facebook lets lapse; asking the user to connect again when the user token ends,
 * as postiz does with its 59 days, keeps the warning ahead of that.
 */
export function pageGrant(user: Grant, page: ListedPage): Grant | undefined {
  if (!page.access_token) return undefined;
  return {
    accessToken: page.access_token,
    scopes: user.scopes,
    expiresAt: user.expiresAt,
    context: { pageId: page.id },
  };
}
