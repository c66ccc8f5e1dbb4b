import { type IncomingMessage, type OutgoingHttpHeaders, createServer, request } from 'node:http';
import { type AddressInfo, type Socket, connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { compileAllowList } from './allow-list.ts';
import { UrlFetchError, type UrlFetchReason } from './errors.ts';
import { type ResolvedAddress, type Resolver, resolveTarget, systemResolver } from './resolve.ts';
import { checkUrl } from './url-policy.ts';

/** A connection the proxy would not make, and why. */
export interface ProxyRefusal {
  url: string;
  reason: UrlFetchReason;
  message: string;
}

export interface BrowserProxy {
  /** For Playwright's `proxy.server`. */
  readonly server: string;
  /** Every connection refused so far, in order. */
  readonly refusals: readonly ProxyRefusal[];
  /** Whether the page's bytes went past maxBytes (every connection was then cut). */
  readonly overLimit: boolean;
  close(): Promise<void>;
}

export interface BrowserProxyOptions {
  /** Entries whose non-public addresses are allowed (see allow-list.ts). */
  allow?: readonly string[];
  /** Bytes the page may receive, all connections together. */
  maxBytes: number;
  /** Told once, when the bytes go past maxBytes: the browser may be waiting for a load that will never finish. */
  onOverLimit?: () => void;
  resolver?: Resolver;
}

// Said to the browser's proxy client only; never forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * A forward proxy on loopback that a server-driven browser is made to use for every
 * connection, loopback included (Playwright's `proxy` sends `<-loopback>`). Route handlers see
 * only a navigation's first URL, not its redirects, and the browser would resolve names itself
 * after the handler judged them: here each hop, redirects and WebSockets too, is judged by the
 * safe-fetch address policy, and the socket goes to exactly the addresses that were judged, so
 * a DNS answer that changes in between (rebinding) is never used. The bytes the page receives
 * are counted: past maxBytes every connection is cut.
 *
 * It listens only for one page's life, on 127.0.0.1, and enforces the same policy for anyone
 * who finds it there, so it opens nothing a local process could not reach already.
 */
export async function startBrowserProxy(options: BrowserProxyOptions): Promise<BrowserProxy> {
  const allow = compileAllowList(options.allow ?? []);
  const resolver = options.resolver ?? systemResolver;
  const refusals: ProxyRefusal[] = [];
  const sockets = new Set<Duplex>();
  const done = new AbortController();
  let received = 0;
  let overLimit = false;

  const track = <T extends Duplex>(socket: T): T => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A peer gone mid-stream is the page's problem, not the process's.
    socket.on('error', () => undefined);
    return socket;
  };

  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  const count = (bytes: number) => {
    received += bytes;
    if (received > options.maxBytes && !overLimit) {
      overLimit = true;
      cutAll();
      options.onOverLimit?.();
    }
  };

  async function vet(url: string): Promise<{ addresses: readonly ResolvedAddress[]; port: number }> {
    if (overLimit)
      throw new UrlFetchError('too_large', `the page exceeds ${options.maxBytes} bytes`, { url });
    const target = await resolveTarget(checkUrl(url, allow), allow, resolver, done.signal);
    return { addresses: target.addresses, port: target.port };
  }

  const refuse = (url: string, error: unknown) => {
    const failure =
      error instanceof UrlFetchError
        ? error
        : new UrlFetchError('network', error instanceof Error ? error.message : String(error), { url });
    refusals.push({ url, reason: failure.reason, message: failure.message });
  };

  /** A socket to the first judged address that answers. */
  function dial(addresses: readonly ResolvedAddress[], port: number): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const attempt = (index: number, lastError?: Error) => {
        const address = addresses[index];
        if (!address) return reject(lastError ?? new Error('no address'));
        const socket = connect({ host: address.address, port, family: address.family });
        socket.once('connect', () => {
          socket.removeAllListeners('error');
          resolve(track(socket));
        });
        socket.once('error', (error) => attempt(index + 1, error));
      };
      attempt(0);
    });
  }

  const server = createServer();
  server.on('connection', (socket) => track(socket));

  // TLS (and WebSockets): a tunnel to host:port, end to end between the browser and the site.
  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    const url = `https://${req.url ?? ''}/`;
    void (async () => {
      let upstream: Socket;
      try {
        const { addresses, port } = await vet(url);
        upstream = await dial(addresses, port);
      } catch (error) {
        refuse(url, error);
        client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
        return;
      }
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.on('data', (chunk: Buffer) => count(chunk.length));
      upstream.pipe(client);
      client.pipe(upstream);
      upstream.once('close', () => client.destroy());
      client.once('close', () => upstream.destroy());
    })();
  });

  // Plain http: the request is made again to the judged address, with the site's own Host.
  server.on('request', (req, res) => {
    const url = req.url ?? '';
    void (async () => {
      let target: Awaited<ReturnType<typeof vet>>;
      let parsed: URL;
      try {
        parsed = new URL(url);
        if (parsed.protocol !== 'http:') throw new UrlFetchError('scheme', 'not an http URL', { url });
        target = await vet(url);
      } catch (error) {
        refuse(url, error);
        res.writeHead(403, { 'content-length': '0', connection: 'close' }).end();
        return;
      }
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers))
        if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
      headers['host'] = parsed.host;
      const address = target.addresses[0];
      if (!address) return res.writeHead(502).end();
      const upstream = request({
        host: address.address,
        family: address.family,
        port: target.port,
        method: req.method,
        path: `${parsed.pathname}${parsed.search}`,
        headers,
        setHost: false,
        // A socket of its own: a pooled one could outlive the page and be cut under someone else.
        agent: false,
      });
      upstream.on('socket', (socket) => track(socket));
      upstream.on('response', (answer) => {
        const out: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
        res.writeHead(answer.statusCode ?? 502, out);
        answer.on('data', (chunk: Buffer) => count(chunk.length));
        answer.pipe(res);
      });
      upstream.on('error', (error) => {
        refuse(url, error);
        if (!res.headersSent) res.writeHead(502, { 'content-length': '0' });
        res.end();
      });
      req.pipe(upstream);
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    server: `http://127.0.0.1:${port}`,
    refusals,
    get overLimit() {
      return overLimit;
    },
    async close() {
      done.abort();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      cutAll();
      await closed;
    },
  };
}
