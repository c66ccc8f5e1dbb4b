/**
 * The one way the server fetches a URL a user gave (SSRF guard). Threat model: the user controls the URL,
 * its DNS and its redirects, and wants the server to reach what only the server can: loopback admin ports,
 * the private network, the cloud metadata service at 169.254.169.254. So every hop (redirects followed by
 * hand) is checked from scratch: http(s) only, no credentials, ports 80/443, and EVERY resolved address
 * public unicast; the socket is then pinned to exactly those addresses, so a second DNS answer (rebinding)
 * is never used. Size, time and content type are bounded so a hostile server cannot exhaust memory or hold
 * a worker. `allow` (FETCH_ALLOW_PRIVATE) lifts only the address rule, and grants host:port ports.
 */
import { Readable } from 'node:stream';
import { request, type Agent, type Dispatcher } from 'undici';
import { compileAllowList } from './allow-list.ts';
import { UrlFetchError } from './errors.ts';
import { pinnedAgent } from './pinned-agent.ts';
import { resolveTarget, systemResolver, type Resolver } from './resolve.ts';
import { checkUrl } from './url-policy.ts';

export { UrlFetchError, type UrlFetchReason } from './errors.ts';
export { parseAllowList } from './allow-list.ts';
export type { Resolver, ResolvedAddress } from './resolve.ts';

/** Limits and policy for one guarded fetch. */
export interface SafeFetchOptions {
  /** The largest body accepted, in bytes: refused from Content-Length up front, else cut off while reading. */
  maxBytes: number;
  /** Budget for the whole fetch (DNS, every hop, the body), in ms. Default 10 000. */
  timeoutMs?: number;
  /** Redirects followed at most. Default 3. */
  maxRedirects?: number;
  /** Aborts the fetch (reported as reason 'timeout'). */
  signal?: AbortSignal;
  /** Decides on the final response's media type (lower-cased, without parameters; null when absent). */
  accept?: (mediaType: string | null) => boolean;
  /** Host names, host:port pairs, IPs and CIDRs whose non-public addresses are allowed (see allow-list.ts). */
  allow?: readonly string[];
  /** DNS for tests; default `dns.promises.lookup(host, { all: true })`. */
  resolver?: Resolver;
}

/** The response headers a caller needs to store what it fetched. */
export interface SafeFetchHeaders {
  /** The Content-Type header as sent, or null. */
  contentType: string | null;
  /** The Content-Length header, or null when absent or malformed (chunked bodies). */
  contentLength: number | null;
}

/** A guarded fetch's final (2xx) response with its body read into memory. */
export interface SafeFetchResult {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: SafeFetchHeaders;
  body: Buffer;
}

/** A guarded fetch's final (2xx) response whose body is still to be read. */
export interface SafeFetchStreamResult extends Omit<SafeFetchResult, 'body'> {
  /** Errors with UrlFetchError 'too_large' past maxBytes, 'timeout' when the budget runs out. Destroy it to give up. */
  body: Readable;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_REDIRECTS = 3;
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
const REQUEST_HEADERS = {
  accept: '*/*',
  // Compressed bodies would make maxBytes count something other than what the caller stores.
  'accept-encoding': 'identity',
  'user-agent': 'Postdeck-Fetch/1',
};

function header(headers: Dispatcher.ResponseData['headers'], name: string): string | null {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? null : first;
}

function mediaType(contentType: string | null): string | null {
  const essence = contentType?.split(';')[0]?.trim().toLowerCase();
  return essence ? essence : null;
}

// undici reports destroying an unread body as an error; nobody is left to hear it.
function discard(body: Readable): void {
  body.on('error', () => undefined).destroy();
}

function release(agent: Agent): void {
  // Destroying closes the pinned sockets; failures there concern nobody once the fetch is over.
  agent.destroy().catch(() => undefined);
}

interface Abort {
  timeout: AbortSignal;
  timeoutMs: number;
  external: AbortSignal | undefined;
}

function toFetchError(error: unknown, url: string, abort: Abort): UrlFetchError {
  if (error instanceof UrlFetchError) return error;
  // The caller's abort and the budget both surface as undici errors; which signal fired tells them apart.
  if (abort.external?.aborted) {
    return new UrlFetchError('timeout', 'the fetch was aborted', { url, cause: error });
  }
  if (abort.timeout.aborted) {
    return new UrlFetchError('timeout', `no complete response within ${abort.timeoutMs} ms`, {
      url,
      cause: error,
    });
  }
  const failure = error as { message?: string; address?: unknown; cause?: { address?: unknown } };
  const address = failure.address ?? failure.cause?.address;
  return new UrlFetchError('network', `request failed: ${failure.message ?? String(error)}`, {
    url,
    ...(typeof address === 'string' ? { address } : {}),
    cause: error,
  });
}

function limitBody(body: Readable, maxBytes: number, url: string, abort: Abort): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    let received = 0;
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        received += chunk.length;
        if (received > maxBytes) {
          throw new UrlFetchError('too_large', `the body exceeds ${maxBytes} bytes`, { url });
        }
        yield chunk;
      }
    } catch (error) {
      throw toFetchError(error, url, abort);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Fetches a user-given URL under the guard and hands back the body as a stream bounded by maxBytes. */
export async function safeFetchStream(
  input: string,
  options: SafeFetchOptions,
): Promise<SafeFetchStreamResult> {
  const { maxBytes } = options;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
    throw new TypeError('maxBytes must be a whole number ≥ 0');
  }
  const allow = compileAllowList(options.allow);
  const resolver = options.resolver ?? systemResolver;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const external = options.signal;
  const signal = external ? AbortSignal.any([timeout, external]) : timeout;
  const abort: Abort = { timeout, timeoutMs, external };

  let next = input;
  for (let redirects = 0; ; redirects++) {
    let url = next;
    let agent: Agent | undefined;
    let unread: Readable | undefined;
    try {
      signal.throwIfAborted();
      const checked = checkUrl(next, allow);
      url = checked.url.href;
      const target = await resolveTarget(checked, allow, resolver, signal);
      agent = pinnedAgent(target);
      const response = await request(checked.url, {
        dispatcher: agent,
        method: 'GET',
        headers: REQUEST_HEADERS,
        signal,
      });
      const { statusCode: status, headers, body } = response;
      unread = body;
      const location = header(headers, 'location');
      if (REDIRECT_STATUSES.has(status) && location !== null) {
        discard(body);
        if (redirects >= maxRedirects) {
          throw new UrlFetchError('redirects', `more than ${maxRedirects} redirects`, { url });
        }
        const redirectUrl = URL.parse(location, checked.url.href);
        if (!redirectUrl) {
          throw new UrlFetchError('redirects', `redirect to an invalid URL: ${location}`, { url });
        }
        next = redirectUrl.href;
        release(agent);
        continue;
      }
      if (status < 200 || status > 299) {
        throw new UrlFetchError('http_status', `the server answered ${status}`, { url, status });
      }
      const contentType = header(headers, 'content-type');
      if (options.accept && !options.accept(mediaType(contentType))) {
        throw new UrlFetchError('content_type', `content type ${contentType ?? '(none)'} is not accepted`, {
          url,
        });
      }
      const lengthHeader = header(headers, 'content-length');
      const contentLength = lengthHeader !== null && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
      if (contentLength !== null && contentLength > maxBytes) {
        throw new UrlFetchError('too_large', `the body is ${contentLength} bytes, more than ${maxBytes}`, {
          url,
        });
      }
      const limited = limitBody(body, maxBytes, url, abort);
      const pinned = agent;
      // However the body ends (read, too large, destroyed unread), the response and its socket go with it.
      limited.once('close', () => {
        discard(body);
        release(pinned);
      });
      return { url, status, headers: { contentType, contentLength }, body: limited };
    } catch (error) {
      if (unread) discard(unread);
      if (agent) release(agent);
      throw toFetchError(error, url, abort);
    }
  }
}

/** Fetches a user-given URL under the guard and reads the body into memory (at most maxBytes). */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const { body, ...response } = await safeFetchStream(input, options);
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
  return { ...response, body: Buffer.concat(chunks) };
}
