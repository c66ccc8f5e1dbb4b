import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { type Clock, systemClock } from '../lib/clock.ts';
import { type ErrorFacts, type ErrorRule, PlatformError, classify } from './errors.ts';
import { unsentFailure } from './guarded-fetch.ts';
import { retryAfterMs } from './retry-after.ts';

/**
 * The one HTTP helper for adapters with no maintained client that lets the host be set: a time-out
 * on every call, the platform's errors classified by its table, and a lost answer to a write
 * reported as such instead of guessed. It logs nothing: URLs, headers and bodies carry tokens.
 */

/** What a platform's error body says; undefined when a 2xx body holds no error. */
export type Describe = (body: unknown, status: number) => Omit<ErrorFacts, 'status' | 'raw'> | undefined;

export interface PlatformHttpOptions {
  platform: ChannelPlatform;
  rules: readonly ErrorRule[];
  /**
   * Reads an error out of a body: called on every error answer, and on 2xx JSON answers too,
   * since VK, TikTok and Telegram can answer 200 with an error inside.
   */
  describe: Describe;
  timeoutMs: number;
  fetch?: typeof fetch;
  clock?: Clock;
}

type Param = string | number | boolean | undefined;

export interface PlatformRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string | URL;
  /** Added to the URL's query; undefined values are left out. */
  query?: Record<string, Param>;
  headers?: Record<string, string>;
  /** At most one of these three bodies. */
  json?: unknown;
  form?: Record<string, Param>;
  body?: string | Uint8Array | Blob | FormData;
  /**
   * The call may be repeated without effect. Default: true for GET and HEAD only. A non-idempotent
   * call that loses its answer after it was sent fails 'outcomeUnknown', not 'transient'.
   */
  idempotent?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** How to read a successful body. Default 'json' (an empty body reads as null). */
  as?: 'json' | 'text' | 'bytes';
}

export interface PlatformResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface PlatformHttp {
  request(request: PlatformRequest & { as: 'text' }): Promise<PlatformResponse<string>>;
  request(request: PlatformRequest & { as: 'bytes' }): Promise<PlatformResponse<Uint8Array>>;
  request(request: PlatformRequest & { as?: 'json' }): Promise<PlatformResponse<unknown>>;
}

/**
 * Failures that happen before a request leaves (no connection, no address): retrying is safe even
 * for a write. Everything else after the call started (reset, closed socket, time-out) may come
 * after the platform acted on it.
 */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * A 5xx to a write says nothing of whether the write happened (a server that failed after its
 * commit, a gateway that gave up after passing it on): the outcome is unknown (DESIGN.md §6),
 * unless the platform's own table, read first, says its error guarantees nothing was written.
 */
const SERVER_ERRORS = Array.from({ length: 100 }, (_, index) => 500 + index);
const LOST_AT_SERVER: readonly ErrorRule[] = [{ status: SERVER_ERRORS, kind: 'outcomeUnknown' }];

export function createPlatformHttp(options: PlatformHttpOptions): PlatformHttp {
  const doFetch = options.fetch ?? fetch;
  const clock = options.clock ?? systemClock;

  async function request(call: PlatformRequest): Promise<PlatformResponse<unknown>> {
    const idempotent = call.idempotent ?? (call.method === 'GET' || call.method === 'HEAD');
    const lost = (cause: unknown): PlatformError => {
      const unsent = unsentFailure(options.platform, cause);
      if (unsent) return unsent;
      const kind = idempotent || neverSent(cause) ? 'transient' : 'outcomeUnknown';
      return new PlatformError(
        kind,
        { platform: options.platform, platformMessage: describeCause(cause) },
        { cause },
      );
    };
    if (call.signal?.aborted) {
      throw new PlatformError('transient', {
        platform: options.platform,
        platformMessage: 'aborted before sending',
      });
    }
    const timeout = AbortSignal.timeout(call.timeoutMs ?? options.timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    const { headers, body } = encodeBody(call);
    let response: Response;
    let raw: Uint8Array;
    try {
      response = await doFetch(withQuery(call.url, call.query), {
        method: call.method,
        headers,
        body,
        signal,
        // 3xx answers are the platform's (YouTube's 308 Resume Incomplete), not hops to follow.
        redirect: 'manual',
      });
      raw = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      throw lost(error);
    }
    const failed = response.status >= 400;
    const wantsJson = (call.as ?? 'json') === 'json';
    const parsed = failed || wantsJson ? parseJson(raw) : undefined;
    const described =
      failed || (wantsJson && parsed !== undefined)
        ? options.describe(parsed?.value, response.status)
        : undefined;
    if (failed || described) {
      const rules = idempotent ? options.rules : [...options.rules, ...LOST_AT_SERVER];
      throw classify(options.platform, rules, {
        ...described,
        status: response.status,
        retryAfterMs: described?.retryAfterMs ?? retryAfterMs(response.headers, response.status, clock.now()),
        raw: parsed ? parsed.value : new TextDecoder().decode(raw),
      });
    }
    const result = { status: response.status, headers: response.headers };
    if (call.as === 'bytes') return { ...result, body: raw };
    if (call.as === 'text') return { ...result, body: new TextDecoder().decode(raw) };
    if (raw.length === 0) return { ...result, body: null };
    if (!parsed) {
      // A 2xx that is not JSON: the call went through but its answer cannot be read.
      throw new PlatformError(idempotent ? 'transient' : 'outcomeUnknown', {
        platform: options.platform,
        status: response.status,
        platformMessage: 'the answer is not JSON',
        raw: new TextDecoder().decode(raw).slice(0, 2000),
      });
    }
    return { ...result, body: parsed.value };
  }

  return { request } as PlatformHttp;
}

function withQuery(url: string | URL, query: PlatformRequest['query']): URL {
  const target = new URL(url);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) target.searchParams.append(name, String(value));
  }
  return target;
}

function encodeBody(call: PlatformRequest): { headers: Headers; body: RequestInit['body'] } {
  const headers = new Headers(call.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  const given = [call.json !== undefined, call.form !== undefined, call.body !== undefined].filter(Boolean);
  if (given.length > 1) throw new TypeError('A platform request takes one of json, form and body');
  if (call.json !== undefined) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/json; charset=utf-8');
    return { headers, body: JSON.stringify(call.json) };
  }
  if (call.form !== undefined) {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(call.form))
      if (value !== undefined) form.append(name, String(value));
    return { headers, body: form };
  }
  // A copy owns its ArrayBuffer, which is what the DOM's BodyInit takes (a view may be shared).
  return { headers, body: call.body instanceof Uint8Array ? new Uint8Array(call.body) : call.body };
}

function parseJson(raw: Uint8Array): { value: unknown } | undefined {
  if (raw.length === 0) return undefined;
  try {
    return { value: JSON.parse(new TextDecoder().decode(raw)) as unknown };
  } catch {
    return undefined;
  }
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** fetch wraps the network error in `cause`; a connection tried on several addresses, in an AggregateError. */
export function neverSent(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  const code = errorCode(cause);
  if (code !== undefined && NOT_SENT.has(code)) return true;
  const errors = (cause as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every((e) => NOT_SENT.has(errorCode(e) ?? ''));
}

export function describeCause(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'no answer in time';
  if (error instanceof DOMException && error.name === 'AbortError') return 'aborted';
  const cause = (error as { cause?: unknown } | null)?.cause;
  return errorCode(cause) ?? errorCode(error) ?? 'connection failed';
}
