import type { Grant } from '../adapter.ts';
import { PlatformError } from '../errors.ts';
import { type BlueskyClientSettings, blueskyClient } from './client.ts';

/**
 * App-password sessions (platforms.md §9 Auth): createSession at the service (bsky.social, the
 * entryway), then every call at the PDS the session's DID document names. The grant holds the
 * session's JWTs with the times read from them, and in its context the DID, the handle and that
 * PDS. createSession is limited (30 per 5 minutes, 300 a day): connect once, then refresh.
 */
interface SessionAnswer {
  accessJwt: string;
  refreshJwt: string;
  did: string;
  handle: string;
  didDoc?: unknown;
}

export interface BlueskyContext {
  did: string;
  handle: string;
  /** The PDS to call: the DID document's #atproto_pds, or the service signed in at. */
  pds: string;
}

export async function createSession(
  settings: BlueskyClientSettings,
  service: string,
  identifier: string,
  appPassword: string,
): Promise<Grant> {
  const { call } = blueskyClient(settings, service);
  const { data } = await call((agent) =>
    agent.com.atproto.server.createSession({ identifier, password: appPassword }),
  );
  return grantOf(data, pdsOf(data.didDoc) ?? service);
}

/** A refused refresh (expired, revoked: the app password was deleted) needs the user again. */
export async function refreshSession(settings: BlueskyClientSettings, grant: Grant): Promise<Grant> {
  const context = blueskyContext(grant);
  if (!grant.refreshToken)
    throw new PlatformError('reauthorize', { platform: 'bluesky', platformMessage: 'no refresh token' });
  const { call } = blueskyClient(settings, context.pds, grant.refreshToken);
  try {
    const { data } = await call((agent) => agent.com.atproto.server.refreshSession());
    return grantOf(data, pdsOf(data.didDoc) ?? context.pds);
  } catch (error) {
    if (error instanceof PlatformError && error.kind === 'rejected')
      throw new PlatformError('reauthorize', error.detail, { cause: error });
    throw error;
  }
}

export function blueskyContext(grant: Grant): BlueskyContext {
  const { did, handle, pds } = grant.context ?? {};
  if (!did || !handle || !pds) throw new TypeError('A Bluesky grant needs its did, handle and pds');
  return { did, handle, pds };
}

function grantOf(session: SessionAnswer, pds: string): Grant {
  const context: BlueskyContext = { did: session.did, handle: session.handle, pds };
  return {
    accessToken: session.accessJwt,
    refreshToken: session.refreshJwt,
    expiresAt: expiryOf(session.accessJwt),
    refreshExpiresAt: expiryOf(session.refreshJwt),
    // App passwords have no scopes to grant (capabilities: scopes []).
    scopes: [],
    context: { ...context },
  };
}

/** The JWT's exp claim, read (not verified: it is the PDS's to verify) to plan the refresh. */
function expiryOf(jwt: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? new Date(payload.exp * 1000).toISOString() : undefined;
  } catch {
    return undefined;
  }
}

interface DidDocument {
  service?: { id?: unknown; type?: unknown; serviceEndpoint?: unknown }[];
}

/** The DID document's PDS (id #atproto_pds), as @atproto/api's CredentialSession finds it. */
function pdsOf(didDoc: unknown): string | undefined {
  const services = (didDoc as DidDocument | undefined)?.service;
  if (!Array.isArray(services)) return undefined;
  const pds = services.find(
    (s) =>
      typeof s.id === 'string' && s.id.endsWith('#atproto_pds') && s.type === 'AtprotoPersonalDataServer',
  );
  return typeof pds?.serviceEndpoint === 'string' ? pds.serviceEndpoint : undefined;
}
