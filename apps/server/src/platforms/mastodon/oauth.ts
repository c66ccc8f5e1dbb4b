import type { CodeExchange, Grant } from '../adapter.ts';
import { PlatformError } from '../errors.ts';
import type { MastodonHttp } from './api.ts';

/**
 * Mastodon's OAuth is per instance (platforms.md §8 OAuth): Postdeck registers an app on each
 * instance on first use and the caller keeps its client id and secret (sealed); they travel in
 * the context of the authorization request, the code exchange and the grant, with the instance.
 */
export interface MastodonApp {
  instance: string;
  clientId: string;
  clientSecret: string;
}

/** The instance as an origin: "mastodon.social", "https://mastodon.social/" → "https://mastodon.social". */
export function instanceOrigin(instance: string): string {
  const given = instance.trim();
  const url = new URL(/^https?:\/\//i.test(given) ? given : `https://${given}`);
  // The origin would silently drop 'a@' from 'a@127.0.0.1', hiding what the user meant to reach.
  if (url.username !== '' || url.password !== '') throw new TypeError('an instance has no user name');
  return url.origin;
}

export async function registerApp(
  http: MastodonHttp,
  instance: string,
  app: { clientName: string; website?: string | undefined; redirectUri: string; scopes: readonly string[] },
): Promise<MastodonApp> {
  const origin = instanceOrigin(instance);
  const { body } = await http.request({
    method: 'POST',
    url: new URL('/api/v1/apps', origin),
    json: {
      client_name: app.clientName,
      redirect_uris: [app.redirectUri],
      scopes: app.scopes.join(' '),
      ...(app.website ? { website: app.website } : {}),
    },
    // Registering twice makes two apps, neither harmful: a lost answer is worth retrying.
    idempotent: true,
  });
  const { client_id: clientId, client_secret: clientSecret } = body as {
    client_id?: string;
    client_secret?: string;
  };
  if (!clientId || !clientSecret)
    throw new PlatformError('rejected', {
      platform: 'mastodon',
      platformMessage: 'the instance returned no client',
      raw: body,
    });
  return { instance: origin, clientId, clientSecret };
}

export function appFromContext(context: Record<string, string> | undefined): MastodonApp {
  const instance = context?.['instance'];
  const clientId = context?.['clientId'];
  const clientSecret = context?.['clientSecret'];
  if (!instance || !clientId || !clientSecret)
    throw new TypeError(
      'A Mastodon call needs the instance and its app (context: instance, clientId, clientSecret)',
    );
  return { instance, clientId, clientSecret };
}

export function appContext(app: MastodonApp): Record<string, string> {
  return { instance: app.instance, clientId: app.clientId, clientSecret: app.clientSecret };
}

export function authorizationUrl(
  app: Pick<MastodonApp, 'instance' | 'clientId'>,
  request: { state: string; redirectUri: string; codeChallenge?: string | undefined },
  scopes: readonly string[],
): string {
  const url = new URL('/oauth/authorize', app.instance);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', app.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('scope', scopes.join(' '));
  url.searchParams.set('state', request.state);
  if (request.codeChallenge) {
    url.searchParams.set('code_challenge', request.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

export async function exchangeCode(
  http: MastodonHttp,
  app: MastodonApp,
  exchange: CodeExchange,
): Promise<Grant> {
  const { body } = await http.request({
    method: 'POST',
    url: new URL('/oauth/token', app.instance),
    form: {
      grant_type: 'authorization_code',
      code: exchange.code,
      client_id: app.clientId,
      client_secret: app.clientSecret,
      redirect_uri: exchange.redirectUri,
      code_verifier: exchange.codeVerifier,
    },
    // A code is single use: a second try after a lost answer fails, so it is not repeated blindly.
    idempotent: false,
  });
  const token = body as { access_token?: string; scope?: string };
  if (!token.access_token)
    throw new PlatformError('rejected', {
      platform: 'mastodon',
      platformMessage: 'no access token in the answer',
      raw: body,
    });
  // No expiry and no refresh token: a Mastodon token lasts until it is revoked.
  return {
    accessToken: token.access_token,
    scopes: (token.scope ?? '').split(/\s+/).filter(Boolean),
    context: appContext(app),
  };
}

export async function revoke(http: MastodonHttp, grant: Grant): Promise<void> {
  const app = appFromContext(grant.context);
  await http.request({
    method: 'POST',
    url: new URL('/oauth/revoke', app.instance),
    form: { client_id: app.clientId, client_secret: app.clientSecret, token: grant.accessToken },
    idempotent: true,
  });
}
