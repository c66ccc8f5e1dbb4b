import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UrlFetchError,
  safeFetch,
  safeFetchStream,
  type Resolver,
  type UrlFetchReason,
} from './safe-fetch.ts';

// A self-signed certificate for media.test, valid 2000-2100; trusted below for this test file only.
const TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgRxvMN/QPT+EX2ekk
2X0nXU+4OJhkIYjpDb6HrhzFD2+hRANCAARMfjx/Fm0t4iNLhWH9K2LZfPTOFhgv
86US9JH0f/A+qUK3O82npCW7Lcedfq4PexbJmYPveJqgQG2XzRKP6Ex0
-----END PRIVATE KEY-----
`;
const TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBYzCCAQqgAwIBAgIBATAKBggqhkjOPQQDAjAVMRMwEQYDVQQDDAptZWRpYS50
ZXN0MCAXDTAwMDEwMTAwMDAwMFoYDzIxMDAwMTAxMDAwMDAwWjAVMRMwEQYDVQQD
DAptZWRpYS50ZXN0MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAETH48fxZtLeIj
S4Vh/Sti2Xz0zhYYL/OlEvSR9H/wPqlCtzvNp6Qluy3HnX6uD3sWyZmD73iaoEBt
l80Sj+hMdKNJMEcwFQYDVR0RBA4wDIIKbWVkaWEudGVzdDAPBgNVHRMBAf8EBTAD
AQH/MB0GA1UdDgQWBBRHvYF687jwX5Sc1/zq1AxCEh+ATjAKBggqhkjOPQQDAgNH
ADBEAiA3JCLinNoUL+ulKDTUtr0HUwQPXcr9axP27/u3pnSGiAIgfl9yofexh9jP
GS/j4O7Frl93uJXqtTSDBhgC5Ae9hBk=
-----END CERTIFICATE-----
`;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface TestServer {
  port: number;
  /** Every request as `METHOD host path`, in arrival order. */
  hits: string[];
  server: Server;
}

async function listen(server: Server, host = '127.0.0.1'): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

async function start(handler: Handler, https = false): Promise<TestServer> {
  const hits: string[] = [];
  const onRequest: Handler = (req, res) => {
    hits.push(`${req.method} ${req.headers.host} ${req.url}`);
    handler(req, res);
  };
  const server = https
    ? createHttpsServer({ key: TLS_KEY, cert: TLS_CERT }, onRequest)
    : createHttpServer(onRequest);
  return { port: await listen(server), hits, server };
}

async function stop(...servers: TestServer[]): Promise<void> {
  for (const { server } of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

// Hooks the tests wait on instead of sleeping.
let hangArrived = Promise.withResolvers();
let streamClosed = Promise.withResolvers();

let a: TestServer; // allow-listed
let b: TestServer; // not allow-listed
let secure: TestServer; // https, allow-listed as media.test
let closedPort: number;
let allow: string[];

function route(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const loop = /^\/loop\/(\d+)$/.exec(url.pathname);
  if (loop) {
    const n = Number(loop[1]);
    if (n >= 5) res.writeHead(200, { 'content-type': 'text/plain' }).end(`end of loop at ${n}`);
    else res.writeHead(302, { location: `/loop/${n + 1}` }).end();
    return;
  }
  const redirects: Record<string, string> = {
    '/redirect': '/image.png',
    '/redirect-absolute': `http://127.0.0.1:${a.port}/image.png`,
    '/to-b': `http://127.0.0.1:${b.port}/image.png`,
    '/to-loopback': 'http://127.0.0.2/image.png',
    '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
    '/to-mapped-metadata': 'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    '/to-decimal-loopback': 'http://2130706433/',
    '/to-private-name': 'http://private.test/image.png',
    '/to-ftp': 'ftp://example.com/image.png',
    '/to-credentials': `http://user:secret@127.0.0.1:${a.port}/image.png`,
  };
  const location = redirects[url.pathname];
  if (location) {
    res.writeHead(url.searchParams.has('permanent') ? 308 : 302, { location }).end();
    return;
  }
  switch (url.pathname) {
    case '/image.png':
      res.writeHead(200, { 'content-type': 'image/PNG; foo=bar', 'content-length': PNG.length }).end(PNG);
      return;
    case '/page.html':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>hi</p>');
      return;
    case '/missing':
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      return;
    case '/redirect-without-location':
      res.writeHead(302).end();
      return;
    case '/big':
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': 2000 }).end(Buffer.alloc(2000));
      return;
    case '/chunked-small':
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write(Buffer.alloc(1000, 1));
      res.write(Buffer.alloc(1000, 2));
      res.end(Buffer.alloc(1000, 3));
      return;
    case '/chunked-endless':
      // Chunked (no Content-Length), more than the limit, and never finished: only an abort ends it.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write(Buffer.alloc(1024));
      res.write(Buffer.alloc(1024));
      res.once('close', () => streamClosed.resolve(undefined));
      return;
    case '/hang':
      hangArrived.resolve(undefined);
      return;
    default:
      res.writeHead(500).end();
  }
}

const dns: Resolver = async (hostname) => {
  if (hostname === 'private.test') return [{ address: '10.0.0.5', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

beforeAll(async () => {
  a = await start(route);
  b = await start(route);
  secure = await start((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG), true);
  const spare = createHttpServer();
  closedPort = await listen(spare);
  await new Promise((resolve) => spare.close(resolve));
  allow = [`127.0.0.1:${a.port}`, `127.0.0.1:${closedPort}`];
  setDefaultCACertificates([...getCACertificates('default'), TLS_CERT]);
});

afterAll(() => stop(a, b, secure));

const base = () => `http://127.0.0.1:${a.port}`;

async function failure(promise: Promise<unknown>): Promise<UrlFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UrlFetchError) return error;
    throw error;
  }
  throw new Error('the fetch succeeded');
}

describe('safeFetch against local servers', () => {
  it('fetches an allow-listed target with its body and headers', async () => {
    const result = await safeFetch(`${base()}/image.png`, { maxBytes: 1024, allow, resolver: dns });
    expect(result).toEqual({
      url: `${base()}/image.png`,
      status: 200,
      headers: { contentType: 'image/PNG; foo=bar', contentLength: PNG.length },
      body: PNG,
    });
  });

  it('refuses the same target without the allow-list, before connecting', async () => {
    const before = a.hits.length;
    expect(await failure(safeFetch(`${base()}/image.png`, { maxBytes: 1024 }))).toMatchObject({
      reason: 'port',
    });
    const cidrOnly = { maxBytes: 1024, allow: ['127.0.0.0/8'] };
    expect(await failure(safeFetch(`${base()}/image.png`, cidrOnly))).toMatchObject({ reason: 'port' });
    expect(a.hits.length).toBe(before);
  });

  it('follows redirects to allowed URLs and reports the final URL', async () => {
    for (const path of ['/redirect', '/redirect?permanent', '/redirect-absolute']) {
      const result = await safeFetch(`${base()}${path}`, { maxBytes: 1024, allow, resolver: dns });
      expect(result.url).toBe(`${base()}/image.png`);
      expect(result.body).toEqual(PNG);
    }
  });

  it('refuses a redirect chain longer than maxRedirects', async () => {
    a.hits.length = 0;
    const error = await failure(safeFetch(`${base()}/loop/0`, { maxBytes: 1024, allow }));
    expect(error).toMatchObject({ reason: 'redirects', url: `${base()}/loop/3` });
    expect(a.hits.map((hit) => hit.split(' ')[2])).toEqual(['/loop/0', '/loop/1', '/loop/2', '/loop/3']);
    const longer = await safeFetch(`${base()}/loop/0`, { maxBytes: 1024, allow, maxRedirects: 5 });
    expect(longer.url).toBe(`${base()}/loop/5`);
    const none = await failure(safeFetch(`${base()}/redirect`, { maxBytes: 1024, allow, maxRedirects: 0 }));
    expect(none.reason).toBe('redirects');
  });

  it.each<[string, UrlFetchReason, string | undefined]>([
    ['/to-b', 'port', undefined],
    ['/to-loopback', 'address', '127.0.0.2'],
    ['/to-metadata', 'address', '169.254.169.254'],
    ['/to-mapped-metadata', 'address', '::ffff:a9fe:a9fe'],
    ['/to-decimal-loopback', 'address', '127.0.0.1'],
    ['/to-private-name', 'address', '10.0.0.5'],
    ['/to-ftp', 'scheme', undefined],
    ['/to-credentials', 'credentials', undefined],
  ])('re-checks a redirect from scratch: %s → %s', async (path, reason, address) => {
    const error = await failure(safeFetch(`${base()}${path}`, { maxBytes: 1024, allow, resolver: dns }));
    expect(error.reason).toBe(reason);
    expect(error.address).toBe(address);
    expect(error.url).not.toContain('secret');
    expect(b.hits).toEqual([]);
  });

  it('refuses a body whose Content-Length is over maxBytes', async () => {
    const error = await failure(safeFetch(`${base()}/big`, { maxBytes: 1000, allow }));
    expect(error).toMatchObject({ reason: 'too_large', url: `${base()}/big` });
    expect(error.message).toContain('2000');
  });

  it('aborts a chunked body once it passes maxBytes', async () => {
    streamClosed = Promise.withResolvers();
    const error = await failure(safeFetch(`${base()}/chunked-endless`, { maxBytes: 1500, allow }));
    expect(error.reason).toBe('too_large');
    // The server never ends this response: its close proves the client hung up.
    await streamClosed.promise;
  });

  it('reports a non-2xx final response with its status', async () => {
    expect(await failure(safeFetch(`${base()}/missing`, { maxBytes: 1024, allow }))).toMatchObject({
      reason: 'http_status',
      status: 404,
    });
    expect(
      await failure(safeFetch(`${base()}/redirect-without-location`, { maxBytes: 1024, allow })),
    ).toMatchObject({ reason: 'http_status', status: 302 });
  });

  it('asks the accept predicate with the bare, lower-cased media type', async () => {
    const seen: (string | null)[] = [];
    const accept = (type: string | null) => {
      seen.push(type);
      return type?.startsWith('image/') ?? false;
    };
    await safeFetch(`${base()}/redirect`, { maxBytes: 1024, allow, accept });
    const error = await failure(safeFetch(`${base()}/page.html`, { maxBytes: 1024, allow, accept }));
    expect(error.reason).toBe('content_type');
    expect(seen).toEqual(['image/png', 'text/html']);
  });

  it('stops when the caller aborts a request the server never answers', async () => {
    hangArrived = Promise.withResolvers();
    const controller = new AbortController();
    const pending = failure(
      safeFetch(`${base()}/hang`, { maxBytes: 1024, allow, signal: controller.signal }),
    );
    await hangArrived.promise;
    controller.abort();
    expect(await pending).toMatchObject({ reason: 'timeout', url: `${base()}/hang` });
  });

  it('refuses at once when the signal has already fired', async () => {
    const before = a.hits.length;
    const error = await failure(
      safeFetch(`${base()}/image.png`, { maxBytes: 1024, allow, signal: AbortSignal.abort() }),
    );
    expect(error.reason).toBe('timeout');
    expect(a.hits.length).toBe(before);
  });

  // The server never answers, so the budget is the only way out: the outcome cannot vary, only its timing.
  it('applies timeoutMs to the whole fetch', async () => {
    const error = await failure(safeFetch(`${base()}/hang`, { maxBytes: 1024, allow, timeoutMs: 50 }));
    expect(error.reason).toBe('timeout');
    expect(error.message).toContain('50 ms');
  });

  it('reports a refused connection as a network failure', async () => {
    const error = await failure(safeFetch(`http://127.0.0.1:${closedPort}/`, { maxBytes: 1024, allow }));
    expect(error.reason).toBe('network');
  });

  it('reports unresolvable names', async () => {
    const error = await failure(safeFetch('https://nowhere.test/x.png', { maxBytes: 1024, resolver: dns }));
    expect(error).toMatchObject({ reason: 'dns', url: 'https://nowhere.test/x.png' });
  });
});

describe('DNS rebinding', () => {
  // The first answer is checked and allowed; any later one points elsewhere. '.test' never resolves for
  // real, so a connection that looked the name up again could not reach the server at all.
  function rebinding() {
    const calls: string[] = [];
    const resolver: Resolver = async (hostname) => {
      calls.push(hostname);
      return [{ address: calls.length === 1 ? '127.0.0.1' : '127.0.0.3', family: 4 }];
    };
    return { resolver, calls };
  }

  it('connects to the checked address, with the original Host', async () => {
    const { resolver, calls } = rebinding();
    a.hits.length = 0;
    const result = await safeFetch(`http://media.test:${a.port}/image.png`, {
      maxBytes: 1024,
      allow: [`media.test:${a.port}`],
      resolver,
    });
    expect(result.body).toEqual(PNG);
    expect(calls).toEqual(['media.test']);
    expect(a.hits).toEqual([`GET media.test:${a.port} /image.png`]);
  });

  it('keeps SNI and certificate checks on the host name over https', async () => {
    const { resolver, calls } = rebinding();
    const servernames: string[] = [];
    const onSecure = (socket: { servername?: string | false }) => servernames.push(String(socket.servername));
    secure.server.on('secureConnection', onSecure);
    try {
      const result = await safeFetch(`https://media.test:${secure.port}/a.png`, {
        maxBytes: 1024,
        allow: [`media.test:${secure.port}`],
        resolver,
      });
      expect(result.body).toEqual(PNG);
      expect(calls).toEqual(['media.test']);
      expect(servernames).toEqual(['media.test']);
      expect(secure.hits).toEqual([`GET media.test:${secure.port} /a.png`]);
      // The same server by IP: the certificate does not cover it, and verification is not relaxed.
      const byIp = safeFetch(`https://127.0.0.1:${secure.port}/a.png`, {
        maxBytes: 1024,
        allow: [`127.0.0.1:${secure.port}`],
      });
      expect((await failure(byIp)).reason).toBe('network');
    } finally {
      secure.server.off('secureConnection', onSecure);
    }
  });

  it('refuses when any answer is private, even next to public ones', async () => {
    const resolver: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ];
    const error = await failure(
      safeFetch('http://media.test/latest/meta-data/', { maxBytes: 1024, resolver }),
    );
    expect(error).toMatchObject({ reason: 'address', address: '169.254.169.254' });
  });
});

describe('safeFetchStream', () => {
  const collect = async (body: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    await pipeline(
      body,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      }),
    );
    return Buffer.concat(chunks);
  };

  it('streams a chunked body within the limit', async () => {
    const result = await safeFetchStream(`${base()}/chunked-small`, { maxBytes: 3000, allow });
    expect(result.headers).toEqual({ contentType: 'application/octet-stream', contentLength: null });
    const body = await collect(result.body);
    expect(body.length).toBe(3000);
    expect([body[0], body[1500], body[2999]]).toEqual([1, 2, 3]);
  });

  it('errors the stream once the body passes maxBytes', async () => {
    streamClosed = Promise.withResolvers();
    const result = await safeFetchStream(`${base()}/chunked-endless`, { maxBytes: 1500, allow });
    const error = await failure(collect(result.body));
    expect(error).toMatchObject({ reason: 'too_large', url: `${base()}/chunked-endless` });
    await streamClosed.promise;
  });

  it('lets the caller give up by destroying the stream', async () => {
    streamClosed = Promise.withResolvers();
    const result = await safeFetchStream(`${base()}/chunked-endless`, { maxBytes: 1_000_000, allow });
    result.body.destroy();
    await streamClosed.promise;
  });

  it('refuses from Content-Length before handing out a stream', async () => {
    const error = await failure(safeFetchStream(`${base()}/big`, { maxBytes: 1999, allow }));
    expect(error.reason).toBe('too_large');
  });
});
