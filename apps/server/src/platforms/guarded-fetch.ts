import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { type Dispatcher, request } from 'undici';
import { compileAllowList } from '../lib/safe-fetch/allow-list.ts';
import { UrlFetchError } from '../lib/safe-fetch/errors.ts';
import { pinnedAgent } from '../lib/safe-fetch/pinned-agent.ts';
import {
  type Resolver,
  type VettedTarget,
  resolveTarget,
  systemResolver,
} from '../lib/safe-fetch/resolve.ts';
import { checkUrl } from '../lib/safe-fetch/url-policy.ts';
import { PlatformError } from './errors.ts';

/**
 * The adapters' fetch (issue 19): a Mastodon instance, a Bluesky PDS, an upload URL are named by
 * a user or by a platform's answer, so reaching them goes through `lib/safe-fetch`'s address
 * policy, as a picture's URL does: http(s) on ports 80 and 443, no credentials, every resolved
 * address public (or allowed by CHANNEL_ALLOW_PRIVATE), the socket pinned to what was checked.
 * Only the origins the server itself chose (the sandbox's servers, the operator's hosts) are
 * reached as they are, and only by their exact origin: another port on the same host is a stranger.
 * A refusal throws UrlFetchError before any connection is opened; nothing is ever followed
 * (3xx answers go back to the adapter, whose next request is judged afresh).
 */
export interface PlatformAddressPolicy {
  /** Origins (scheme, host, port) trusted whatever their address; values that are no http(s) URL are ignored. */
  trusted: readonly string[];
  /** Host names, host:port pairs, IPs and CIDRs whose private addresses may be reached (allow-list.ts). */
  allow?: readonly string[] | undefined;
  /** DNS for tests; default the system's. */
  resolver?: Resolver | undefined;
  /** What trusted origins are fetched with; default the global fetch. */
  fetch?: typeof fetch | undefined;
}

/**
 * What a request the guard stopped before it left amounts to; undefined for any other failure.
 * Never 'outcomeUnknown', whatever the call: nothing was sent. A refused address stays refused
 * on a retry; DNS that failed or ran out of time may answer the next time.
 */
export function unsentFailure(platform: ChannelPlatform, error: unknown): PlatformError | undefined {
  if (!(error instanceof UrlFetchError)) return undefined;
  const kind = error.reason === 'dns' || error.reason === 'timeout' ? 'transient' : 'rejected';
  const platformMessage = kind === 'rejected' ? `address refused: ${error.message}` : error.message;
  return new PlatformError(kind, { platform, platformMessage }, { cause: error });
}

const LOOPBACK_ANSWER = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
] as const;

// RFC 6761: localhost and its subdomains are loopback whatever DNS says, so they are judged as such unasked.
function localhostAware(resolver: Resolver): Resolver {
  return (hostname) =>
    hostname === 'localhost' || hostname.endsWith('.localhost')
      ? Promise.resolve(LOOPBACK_ANSWER)
      : resolver(hostname);
}

function originOf(value: string): string | undefined {
  const url = URL.parse(value);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : undefined;
}

function requestUrl(input: string | URL | Request): string {
  return input instanceof Request ? input.url : String(input);
}

// Response refuses a body, even an empty one, with these statuses.
const NULL_BODY = new Set([101, 204, 205, 304]);

export function guardedFetch(policy: PlatformAddressPolicy): typeof fetch {
  const trusted = new Set(policy.trusted.map(originOf).filter((origin) => origin !== undefined));
  const allow = compileAllowList(policy.allow);
  const resolver = localhostAware(policy.resolver ?? systemResolver);
  const inner = policy.fetch ?? fetch;

  return async (input, init) => {
    const given = requestUrl(input);
    // Even a trusted host's redirect names an address nobody has judged.
    if (trusted.has(originOf(given) ?? '')) return inner(input, { ...init, redirect: 'manual' });

    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined) ?? undefined;
    const checked = checkUrl(given, allow);
    let target: VettedTarget;
    try {
      target = await resolveTarget(checked, allow, resolver, signal ?? new AbortController().signal);
    } catch (error) {
      if (error instanceof UrlFetchError) throw error;
      // Only an abort gets here: still before any connection, so nothing was sent.
      throw new UrlFetchError('timeout', `no address for ${checked.hostname} in time`, {
        url: checked.url.origin,
        cause: error,
      });
    }
    // The global Request turns any body (FormData, Blob, URLSearchParams) into bytes with its content type.
    const outgoing = new Request(input instanceof Request ? input : checked.url, init);
    const headers = Object.fromEntries(outgoing.headers);
    headers['user-agent'] ??= 'Postdeck';
    const body = outgoing.body ? new Uint8Array(await outgoing.arrayBuffer()) : undefined;
    const agent = pinnedAgent(target);
    try {
      const answer = await request(checked.url, {
        dispatcher: agent,
        method: outgoing.method as Dispatcher.HttpMethod,
        headers,
        body,
        signal,
      });
      // Read whole here, so the pinned agent can go once the answer is in.
      const bytes = new Uint8Array(await answer.body.arrayBuffer());
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        for (const one of Array.isArray(value) ? value : [value ?? '']) responseHeaders.append(name, one);
      }
      return new Response(NULL_BODY.has(answer.statusCode) ? null : bytes, {
        status: answer.statusCode,
        headers: responseHeaders,
      });
    } finally {
      // Closing the sockets concerns nobody once the answer is read (or lost).
      agent.destroy().catch(() => undefined);
    }
  };
}
