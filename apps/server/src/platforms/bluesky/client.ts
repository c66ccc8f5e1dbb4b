import { Agent, XRPCError } from '@atproto/api';
import { z } from '@postdeck/contract/zod';
import type { Clock } from '../../lib/clock.ts';
import { PlatformError } from '../errors.ts';
import { unsentFailure } from '../guarded-fetch.ts';
import { describeCause, neverSent } from '../http.ts';
import { blueskyError, describeBlueskyError } from './errors.ts';

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
 * XRPC procedures whose lost answer leaves us not knowing whether a post exists: a time-out, a
 * 5xx (platforms.md §9 says nowhere that one comes before the write) or an answer that does not
 * read as theirs. Repeating the others changes nothing visible: an unreferenced blob is dropped,
 * a second delete finds nothing, a lost session is simply not used.
 */
const WRITES = new Set([
  'com.atproto.repo.createRecord',
  'com.atproto.repo.putRecord',
  'com.atproto.repo.applyWrites',
]);

const written = z.object({ uri: z.string().startsWith('at://'), cid: z.string().min(1) });

/**
 * What the writes answer, checked before @atproto/api reads them (its lexicon check of a reply
 * fails as InvalidResponse, which says nothing of whether the call was a write).
 */
const REPLIES: Readonly<Record<string, z.ZodType>> = {
  'com.atproto.repo.createRecord': written,
  'com.atproto.repo.putRecord': written,
  'com.atproto.repo.applyWrites': z.object({}),
  // Older PDSs answer a deletion with no body.
  'com.atproto.repo.deleteRecord': z.object({}).optional(),
  'com.atproto.repo.uploadBlob': z.object({
    blob: z.object({ ref: z.object({ $link: z.string() }), mimeType: z.string(), size: z.number() }),
  }),
};

/**
 * A write's 5xx, or a reply of a known call that is not its answer, as the PlatformError it
 * amounts to; undefined for anything else (the client and errors.ts read it).
 */
function replyFailure(method: string, status: number, bytes: ArrayBuffer): PlatformError | undefined {
  const write = WRITES.has(method);
  const schema = REPLIES[method];
  if (!(write && status >= 500) && !(schema && status >= 200 && status < 300)) return undefined;
  const text = new TextDecoder().decode(bytes);
  let body: unknown;
  let read = true;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    read = false;
  }
  if (status >= 500) {
    const said = describeBlueskyError(body, status);
    return new PlatformError('outcomeUnknown', {
      platform: 'bluesky',
      status,
      platformCode: typeof said?.code === 'string' ? said.code : undefined,
      platformMessage: said?.message,
      raw: read ? body : text.slice(0, 2000),
    });
  }
  if (read && schema?.safeParse(body).success) return undefined;
  return new PlatformError(write ? 'outcomeUnknown' : 'transient', {
    platform: 'bluesky',
    status,
    platformMessage: `${method} answered what is not its answer`,
    raw: read ? body : text.slice(0, 2000),
  });
}

/** XRPC's "Invalid Response": an answer that did not parse, or did not match its lexicon. */
const INVALID_RESPONSE = 2;

export function blueskyClient(
  settings: BlueskyClientSettings,
  origin: string,
  token?: string,
  /** Added to every call's URL: uploadVideo's did and name, which its lexicon does not declare. */
  query: Record<string, string> = {},
): { agent: Agent; call: <T>(work: (agent: Agent) => Promise<T>) => Promise<T> } {
  const doFetch = settings.fetch ?? fetch;
  // The method of the call under way: an answer the client cannot read is judged by it.
  let last = '';
  const agent = new Agent(async (path, init) => {
    const headers = new Headers(init.headers);
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const url = new URL(path, origin);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const method = url.pathname.replace(/^\/xrpc\//, '');
    last = method;
    let response: Response;
    let body: ArrayBuffer;
    try {
      response = await doFetch(url, { ...init, headers, signal, redirect: 'manual' });
      // Read here, under the same time-out, so a body that never ends is a lost answer too.
      body = await response.arrayBuffer();
    } catch (cause) {
      const unsent = unsentFailure('bluesky', cause);
      if (unsent) throw unsent;
      throw new PlatformError(
        WRITES.has(method) && !neverSent(cause) ? 'outcomeUnknown' : 'transient',
        { platform: 'bluesky', platformMessage: describeCause(cause) },
        { cause },
      );
    }
    const failure = replyFailure(method, response.status, body);
    if (failure) throw failure;
    return new Response(body, { status: response.status, headers: response.headers });
  });
  return {
    agent,
    async call(work) {
      try {
        return await work(agent);
      } catch (error) {
        if (error instanceof XRPCError && error.status === INVALID_RESPONSE && WRITES.has(last))
          throw new PlatformError(
            'outcomeUnknown',
            { platform: 'bluesky', platformMessage: `${last}: ${error.message}` },
            { cause: error },
          );
        throw blueskyError(error, settings.clock.now());
      }
    },
  };
}
