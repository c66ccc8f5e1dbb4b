import { Agent } from '@atproto/api';
import type { Clock } from '../../lib/clock.ts';
import { PlatformError } from '../errors.ts';
import { unsentFailure } from '../guarded-fetch.ts';
import { describeCause, neverSent } from '../http.ts';
import { blueskyError } from './errors.ts';

/**
 * @atproto/api's Agent over a fetch handler of ours, not AtpAgent's CredentialSession: that one
 * refreshes an expired session by itself and keeps the new tokens in memory, where a stateless
 * adapter would lose them (the refresh token rotates); here the caller's grant is the session and
 * renewals go back through refresh(). The handler puts a time-out on every call and turns a lost
 * answer into a PlatformError that says whether the write may have happened.
 */
export interface BlueskyClientSettings {
  timeoutMs: number;
  fetch?: typeof fetch;
  clock: Clock;
}

/**
 * XRPC procedures whose lost answer leaves us not knowing whether a post exists. Repeating the
 * others changes nothing visible: an unreferenced blob is dropped, a second delete finds nothing,
 * a lost session is simply not used.
 */
const WRITES = new Set([
  'com.atproto.repo.createRecord',
  'com.atproto.repo.putRecord',
  'com.atproto.repo.applyWrites',
]);

export function blueskyClient(
  settings: BlueskyClientSettings,
  origin: string,
  token?: string,
  /** Added to every call's URL: uploadVideo's did and name, which its lexicon does not declare. */
  query: Record<string, string> = {},
): { agent: Agent; call: <T>(work: (agent: Agent) => Promise<T>) => Promise<T> } {
  const doFetch = settings.fetch ?? fetch;
  const agent = new Agent(async (path, init) => {
    const headers = new Headers(init.headers);
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const url = new URL(path, origin);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const method = url.pathname.replace(/^\/xrpc\//, '');
    try {
      const response = await doFetch(url, { ...init, headers, signal, redirect: 'manual' });
      // Read here, under the same time-out, so a body that never ends is a lost answer too.
      const body = await response.arrayBuffer();
      return new Response(body, { status: response.status, headers: response.headers });
    } catch (cause) {
      const unsent = unsentFailure('bluesky', cause);
      if (unsent) throw unsent;
      throw new PlatformError(
        WRITES.has(method) && !neverSent(cause) ? 'outcomeUnknown' : 'transient',
        { platform: 'bluesky', platformMessage: describeCause(cause) },
        { cause },
      );
    }
  });
  return {
    agent,
    async call(work) {
      try {
        return await work(agent);
      } catch (error) {
        throw blueskyError(error, settings.clock.now());
      }
    },
  };
}
