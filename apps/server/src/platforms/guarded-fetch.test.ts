import { type IncomingMessage, type Server, createServer } from 'node:http';
import { type AddressInfo, type Server as NetServer, createServer as createNetServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../lib/clock.ts';
import type { Resolver } from '../lib/safe-fetch/resolve.ts';
import { blueskyClient } from './bluesky/client.ts';
import { PlatformError } from './errors.ts';
import { type PlatformAddressPolicy, guardedFetch } from './guarded-fetch.ts';
import { type PlatformRequest, createPlatformHttp } from './http.ts';

/**
 * The sandbox's server (trusted by its exact origin) answers what each test sets; a bare TCP
 * listener on another loopback port counts the connections nobody may open.
 */
type Answer = (
  request: IncomingMessage,
  body: string,
) => { status: number; headers?: Record<string, string>; body?: string };
let answer: Answer = () => ({ status: 200, body: '{}' });
const seen: {
  method: string;
  url: string;
  host: string | undefined;
  type: string | undefined;
  body: string;
}[] = [];
let platform: Server;
let platformOrigin: string;
let platformPort: number;
let stranger: NetServer;
let strangerPort: number;
let strangerConnections = 0;

beforeAll(async () => {
  platform = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        host: request.headers.host,
        type: request.headers['content-type'],
        body,
      });
      const reply = answer(request, body);
      response.writeHead(reply.status, { connection: 'close', ...reply.headers });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  platformPort = (platform.address() as AddressInfo).port;
  platformOrigin = `http://127.0.0.1:${platformPort}`;
  stranger = createNetServer((socket) => {
    strangerConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
  strangerPort = (stranger.address() as AddressInfo).port;
});
afterEach(() => {
  seen.length = 0;
  strangerConnections = 0;
  answer = () => ({ status: 200, body: '{}' });
});
afterAll(async () => {
  await new Promise<void>((resolve) => platform.close(() => resolve()));
  await new Promise<void>((resolve) => stranger.close(() => resolve()));
});

/** DNS for the test: names map to the given addresses, anything else does not exist; every question is kept. */
function dns(table: Record<string, string[]>) {
  const asked: string[] = [];
  const resolver: Resolver = (hostname) => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  return { resolver, asked };
}

function http(policy: Partial<PlatformAddressPolicy> = {}) {
  return createPlatformHttp({
    platform: 'tiktok',
    rules: [],
    describe: () => undefined,
    timeoutMs: 5000,
    fetch: guardedFetch({ trusted: [platformOrigin], resolver: dns({}).resolver, ...policy }),
    clock: manualClock(new Date('2026-03-01T09:00:00Z')),
  });
}

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PlatformError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

/** A chunk of a video sent where the platform said: a write, so a lost answer would be 'outcomeUnknown'. */
const upload = (url: string): PlatformRequest & { as: 'text' } => ({
  method: 'PUT',
  as: 'text',
  url,
  body: new Uint8Array([1, 2, 3]),
  headers: { 'content-type': 'video/mp4' },
});

describe('guardedFetch', () => {
  it('reaches the sandbox server by its exact origin', async () => {
    answer = () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' });
    const { body } = await http().request({
      method: 'POST',
      url: `${platformOrigin}/v2/init/`,
      json: { a: 1 },
    });
    expect(body).toEqual({ ok: true });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /v2/init/']);
  });

  it("refuses the loopback upload URL a platform's answer names, as a known failure, without connecting", async () => {
    const client = http();
    answer = () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ upload_url: `http://127.0.0.1:${strangerPort}/upload?id=1` }),
    });
    const { body } = await client.request({ method: 'POST', url: `${platformOrigin}/v2/init/`, json: {} });
    const error = await failure(client.request(upload((body as { upload_url: string }).upload_url)));
    expect([error.kind, error.detail.platformMessage]).toEqual([
      'rejected',
      expect.stringMatching(/^address refused: /),
    ]);
    expect(strangerConnections).toBe(0);
  });

  it('refuses another port on the same loopback host, and every other spelling of it', async () => {
    const { resolver, asked } = dns({});
    const client = http({ resolver });
    const spellings = [
      `http://127.0.0.1:${strangerPort}/`,
      `http://localhost:${strangerPort}/`,
      `http://LocalHost.:${strangerPort}/`,
      `http://files.localhost:${strangerPort}/`,
      `http://[::1]:${strangerPort}/`,
      `http://2130706433:${strangerPort}/`,
      `http://0x7f000001:${strangerPort}/`,
      `http://0177.0.0.1:${strangerPort}/`,
      `http://127.1:${strangerPort}/`,
      `http://[::ffff:127.0.0.1]:${strangerPort}/`,
      `http://0.0.0.0:${strangerPort}/`,
      `http://a@127.0.0.1:${strangerPort}/`,
      // On the default ports nothing listens here, but the answer must come from the policy all the same.
      'https://127.0.0.1/',
      'http://localhost/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[::ffff:192.168.0.1]/',
      'ftp://example.org/',
    ];
    for (const url of spellings) {
      const error = await failure(client.request(upload(url)));
      expect([url, error.kind]).toEqual([url, 'rejected']);
    }
    expect(strangerConnections).toBe(0);
    // localhost is loopback by definition (RFC 6761): nobody is asked.
    expect(asked).toEqual([]);
  });

  it('judges every address a name resolves to, and refuses a private one among public ones', async () => {
    const { resolver, asked } = dns({ 'upload.example': ['93.184.216.34', '127.0.0.1'] });
    const error = await failure(http({ resolver }).request(upload(`http://upload.example:80/u`)));
    expect([error.kind, error.detail.platformMessage]).toEqual([
      'rejected',
      'address refused: upload.example resolves to 127.0.0.1, which is loopback, not public unicast',
    ]);
    expect(asked).toEqual(['upload.example']);
  });

  it('says a name that does not resolve is a failure nothing was sent by, even for a write', async () => {
    const error = await failure(http().request(upload('https://nowhere.example/u')));
    expect(error.kind).toBe('transient');
  });

  it('connects an allowed private host to the address it was judged by, body and all', async () => {
    const { resolver } = dns({ 'mastodon.corp.test': ['127.0.0.1'] });
    answer = () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":"7"}' });
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'a.png');
    const client = http({ trusted: [], resolver, allow: [`mastodon.corp.test:${platformPort}`] });
    const url = `http://mastodon.corp.test:${platformPort}/api/v2/media`;
    const { body } = await client.request({ method: 'POST', url, body: form });
    expect(body).toEqual({ id: '7' });
    expect(seen).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/api/v2/media',
        host: `mastodon.corp.test:${platformPort}`,
        type: expect.stringMatching(/^multipart\/form-data; boundary=/),
        body: expect.stringContaining('filename="a.png"'),
      }),
    ]);
    // The same host without the allow-list entry: refused before any connection.
    const refused = await failure(http({ trusted: [], resolver }).request({ method: 'GET', url }));
    expect(refused.kind).toBe('rejected');
    expect(seen).toHaveLength(1);
  });

  it('hands a redirect back to the adapter instead of following it, from a trusted origin or not', async () => {
    const elsewhere = `http://127.0.0.1:${strangerPort}/`;
    answer = () => ({ status: 302, headers: { location: elsewhere } });
    const trusted = await guardedFetch({ trusted: [platformOrigin] })(`${platformOrigin}/r`, {
      redirect: 'follow',
    });
    expect([trusted.status, trusted.headers.get('location')]).toEqual([302, elsewhere]);
    const { resolver } = dns({ 'cdn.corp.test': ['127.0.0.1'] });
    const policed = guardedFetch({ trusted: [], resolver, allow: [`cdn.corp.test:${platformPort}`] });
    const judged = await policed(`http://cdn.corp.test:${platformPort}/r`, { redirect: 'follow' });
    expect([judged.status, judged.headers.get('location')]).toEqual([302, elsewhere]);
    expect(seen).toHaveLength(2);
    expect(strangerConnections).toBe(0);
    // Where the adapter does go next is judged afresh.
    await expect(policed(elsewhere)).rejects.toMatchObject({ name: 'UrlFetchError', reason: 'port' });
    expect(strangerConnections).toBe(0);
  });

  it("refuses a Bluesky PDS on loopback that a session's DID document names", async () => {
    const clock = manualClock(new Date('2026-03-01T09:00:00Z'));
    const fetch = guardedFetch({ trusted: [platformOrigin], resolver: dns({}).resolver });
    const pds = blueskyClient({ timeoutMs: 5000, fetch, clock }, `http://127.0.0.1:${strangerPort}`, 'token');
    const error = await failure(
      pds.call((agent) =>
        agent.com.atproto.repo.createRecord({
          repo: 'did:plc:x',
          collection: 'app.bsky.feed.post',
          record: {},
        }),
      ),
    );
    expect(error.kind).toBe('rejected');
    expect(strangerConnections).toBe(0);
  });
});
