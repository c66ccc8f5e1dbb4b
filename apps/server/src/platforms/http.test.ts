import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../lib/clock.ts';
import type { ErrorRule } from './errors.ts';
import { type Describe, type PlatformHttpOptions, createPlatformHttp } from './http.ts';

/** A loopback server whose answer each test sets; requests it holds are released after each test. */
type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;
let handler: Handler = (_request, response) => response.end();
const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let onReceived: (() => void) | undefined;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    // No keep-alive: a pooled socket the server closed between tests would fail the next request.
    response.setHeader('connection', 'close');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      onReceived?.();
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  server.closeAllConnections();
  received.length = 0;
  onReceived = undefined;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Resolves once the server has the whole request. */
function nextRequest(): Promise<void> {
  return new Promise((resolve) => (onReceived = resolve));
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
const hold: Handler = () => undefined;

/** Graph-style bodies ({error:{code,error_subcode,message}}) and VK's error at HTTP 200. */
const describeGraph: Describe = (body) => {
  const error = (body as { error?: { code?: number; error_subcode?: number; message?: string } } | null)
    ?.error;
  return error ? { code: error.code, subcode: error.error_subcode, message: error.message } : undefined;
};
const RULES: readonly ErrorRule[] = [
  { code: 190, kind: 'reauthorize' },
  { code: [4, 9], kind: 'rateLimited' },
];

function client(options: Partial<PlatformHttpOptions> = {}) {
  return createPlatformHttp({
    platform: 'facebook',
    rules: RULES,
    describe: describeGraph,
    timeoutMs: 5000,
    ...options,
  });
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { kind: string; detail: Record<string, unknown>; message: string };
  }
  throw new Error('expected the request to fail');
}

describe('createPlatformHttp', () => {
  it('sends the query, a JSON or form body, and returns the parsed answer with status and headers', async () => {
    handler = json(200, { id: '1_2' }, { 'x-restli-id': 'urn:li:share:9' });
    const http = client();
    const answer = await http.request({
      method: 'POST',
      url: `${base}/v20.0/1/feed?fields=id`,
      query: { access_token: 't', skip: undefined, published: true },
      json: { message: 'hello' },
    });
    expect(answer).toMatchObject({ status: 200, body: { id: '1_2' } });
    expect(answer.headers.get('x-restli-id')).toBe('urn:li:share:9');
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/v20.0/1/feed?fields=id&access_token=t&published=true',
      body: '{"message":"hello"}',
    });
    expect(received[0]?.headers['content-type']).toContain('application/json');

    await http.request({
      method: 'POST',
      url: `${base}/oauth/token`,
      form: { grant_type: 'refresh_token', x: 1 },
    });
    expect(received[1]?.body).toBe('grant_type=refresh_token&x=1');
    expect(received[1]?.headers['content-type']).toContain('application/x-www-form-urlencoded');
  });

  it('returns text, bytes, null for an empty body, and a 3xx as the platform sent it', async () => {
    const http = client();
    handler = (_request, response) => response.end('plain');
    expect((await http.request({ method: 'GET', url: base, as: 'text' })).body).toBe('plain');
    expect([...(await http.request({ method: 'GET', url: base, as: 'bytes' })).body]).toEqual([
      ...Buffer.from('plain'),
    ]);
    handler = (_request, response) => response.writeHead(204).end();
    expect((await http.request({ method: 'DELETE', url: base })).body).toBeNull();
    handler = (_request, response) => response.writeHead(308, { range: 'bytes=0-262143' }).end();
    const resume = await http.request({ method: 'PUT', url: base, body: new Uint8Array(4), as: 'text' });
    expect(resume.status).toBe(308);
    expect(resume.headers.get('range')).toBe('bytes=0-262143');
  });

  it("classifies an error body by the platform's rules, keeping its message and raw body", async () => {
    const body = {
      error: {
        message: 'Error validating access token',
        type: 'OAuthException',
        code: 190,
        error_subcode: 460,
      },
    };
    handler = json(400, body);
    const error = await failure(client().request({ method: 'GET', url: `${base}/me/accounts` }));
    expect(error.kind).toBe('reauthorize');
    expect(error.detail).toMatchObject({
      platform: 'facebook',
      status: 400,
      platformCode: '190',
      platformSubcode: '460',
      platformMessage: 'Error validating access token',
      raw: body,
    });
    expect(error.message).not.toContain('/me/accounts');
  });

  it('finds an error sent with HTTP 200 (VK) through describe', async () => {
    handler = json(200, { error: { code: 9, message: 'Flood control' } });
    const error = await failure(
      client({ platform: 'vk' }).request({ method: 'POST', url: `${base}/method/wall.post` }),
    );
    expect(error.kind).toBe('rateLimited');
    expect(error.detail).toMatchObject({ platform: 'vk', status: 200, platformCode: '9' });
  });

  it('keeps a non-JSON error body as text, and falls back on the status', async () => {
    handler = (_request, response) => response.writeHead(503).end('<html>Unavailable</html>');
    const error = await failure(client().request({ method: 'GET', url: base }));
    expect(error.kind).toBe('transient');
    expect(error.detail).toMatchObject({ status: 503, raw: '<html>Unavailable</html>' });
  });

  it('reports a write answered 5xx as outcomeUnknown (it may have happened), a read as transient', async () => {
    for (const status of [500, 502, 503, 504]) {
      handler = (_request, response) => response.writeHead(status).end('<html>Gateway</html>');
      expect((await failure(client().request({ method: 'POST', url: base }))).kind).toBe('outcomeUnknown');
      expect((await failure(client().request({ method: 'GET', url: base }))).kind).toBe('transient');
    }
    // The platform's own table still decides first.
    handler = json(502, { error: { code: 2, message: 'Service temporarily unavailable' } });
    const ruled = client({ rules: [{ code: 2, kind: 'transient' }] });
    expect((await failure(ruled.request({ method: 'POST', url: base }))).kind).toBe('transient');
  });

  it('reads 429 Retry-After in seconds or as a date from the injected clock, and x-rate-limit-reset', async () => {
    const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
    const http = client({ platform: 'x', clock });
    handler = json(429, { title: 'Too Many Requests' }, { 'retry-after': '7' });
    expect((await failure(http.request({ method: 'POST', url: base }))).detail).toMatchObject({
      retryAfterMs: 7000,
    });
    handler = json(429, {}, { 'retry-after': 'Sun, 01 Mar 2026 12:00:42 GMT' });
    const dated = await failure(http.request({ method: 'POST', url: base }));
    expect(dated.kind).toBe('rateLimited');
    expect(dated.detail['retryAfterMs']).toBe(42_000);
    handler = json(429, {}, { 'x-rate-limit-reset': String(Date.parse('2026-03-01T12:15:00Z') / 1000) });
    expect((await failure(http.request({ method: 'GET', url: base }))).detail['retryAfterMs']).toBe(
      15 * 60_000,
    );
  });

  it('reports a write whose answer never comes as outcomeUnknown, a read as transient', async () => {
    handler = hold;
    for (const [method, kind] of [
      ['POST', 'outcomeUnknown'],
      ['GET', 'transient'],
    ] as const) {
      const abort = new AbortController();
      const arrived = nextRequest();
      const pending = failure(client().request({ method, url: `${base}/hang`, signal: abort.signal }));
      await arrived;
      abort.abort();
      expect((await pending).kind, method).toBe(kind);
    }
  });

  it('times out a write the server holds as outcomeUnknown', async () => {
    handler = hold;
    const error = await failure(client().request({ method: 'POST', url: `${base}/hang`, timeoutMs: 50 }));
    expect(error.kind).toBe('outcomeUnknown');
    expect(error.detail['platformMessage']).toBe('no answer in time');
    expect(received).toHaveLength(1);
  });

  it('treats a write marked idempotent like a read', async () => {
    handler = (request) => request.socket.destroy();
    const error = await failure(client().request({ method: 'DELETE', url: base, idempotent: true }));
    expect(error.kind).toBe('transient');
  });

  it('reports a connection reset after a write was sent as outcomeUnknown', async () => {
    handler = (request) => request.socket.destroy();
    expect((await failure(client().request({ method: 'POST', url: base, json: {} }))).kind).toBe(
      'outcomeUnknown',
    );
    expect((await failure(client().request({ method: 'GET', url: base }))).kind).toBe('transient');
  });

  it('reports a refused connection or an unknown host as transient, even for a write', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await failure(client().request({ method: 'POST', url: `http://127.0.0.1:${port}/` }));
    expect(refused.kind).toBe('transient');
    expect(refused.detail['platformMessage']).toBe('ECONNREFUSED');
    // .invalid never resolves (RFC 6761).
    const unknown = await failure(client().request({ method: 'POST', url: 'http://postdeck-test.invalid/' }));
    expect(unknown.kind).toBe('transient');
  });

  it('sends nothing when the signal is already aborted', async () => {
    const error = await failure(client().request({ method: 'POST', url: base, signal: AbortSignal.abort() }));
    expect(error.kind).toBe('transient');
    expect(received).toHaveLength(0);
  });

  it('reports a 2xx answer to a write that is not JSON as outcomeUnknown', async () => {
    handler = (_request, response) => response.end('<html>ok</html>');
    expect((await failure(client().request({ method: 'POST', url: base }))).kind).toBe('outcomeUnknown');
  });
});
