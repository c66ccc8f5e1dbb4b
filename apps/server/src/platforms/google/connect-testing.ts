import { createHash, randomBytes } from 'node:crypto';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import type { AccountAdapter, Grant } from '../adapter.ts';

/**
 * Google's connect flow as a test drives it (imported only by *.test.ts): the consent URL with
 * PKCE, the fake's consent page answered as a browser would, the code exchanged.
 */
export const REDIRECT = 'https://postdeck.test/channels/callback';

export async function connectGoogle(
  adapter: AccountAdapter,
  answer: { userId?: string; untick?: readonly string[] } = {},
): Promise<Grant> {
  const verifier = randomBytes(32).toString('base64url');
  const url = adapter.authorizationUrl?.({
    state: 'state-1',
    redirectUri: REDIRECT,
    codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
  });
  const back = await submitConsent(url ?? '', { decision: 'approve', ...answer });
  if (back.searchParams.get('state') !== 'state-1') throw new Error(`lost state: ${back.toString()}`);
  const grant = await adapter.exchangeCode?.({
    code: back.searchParams.get('code') ?? '',
    redirectUri: REDIRECT,
    codeVerifier: verifier,
  });
  if (!grant) throw new Error('no exchangeCode');
  return grant;
}

/** Every host of an adapter at one fake. */
export function allHostsAt<K extends string>(defaults: Record<K, string>, url: string): Record<K, string> {
  return Object.fromEntries(Object.keys(defaults).map((key) => [key, url])) as Record<K, string>;
}
