import { type AddressInfo, type Server, createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { ADMIN_PASSWORD, type TestApp, call, createTestApp, login } from '../../test/test-app.ts';

/**
 * Issue 19: in live mode the Mastodon instance is whatever a user types, so the server must not
 * open a connection to loopback, the private network or link-local addresses, in any spelling.
 * A TCP listener on loopback (IPv4 and IPv6) counts connections: it must see none.
 */
let t: TestApp;
let token: string;
let departmentId: number;
let listener: Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  listener = createServer((socket) => {
    connections++;
    // Refused at once, so today's code fails fast instead of waiting for a TLS handshake.
    socket.destroy();
  });
  // Both stacks, so [::1] and 127.0.0.1 both land here.
  await new Promise<void>((resolve) => listener.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
  port = (listener.address() as AddressInfo).port;
  t = await createTestApp({
    clock: manualClock(new Date('2026-03-01T09:00:00Z')),
    config: {
      channels: {
        sandbox: false,
        redirectUri: 'https://console.example/authOpen',
        credentials: {},
        hosts: {},
      },
    },
  });
  departmentId = (await departmentTree(t.db)).news;
  token = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
});
beforeEach(() => {
  connections = 0;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

async function start(instance: string, app = t, department = departmentId) {
  const answer = await call(app.app, 'POST', '/channel/connect/start', {
    token: app === t ? token : (await login(app.app, 'admin', ADMIN_PASSWORD)).accessToken,
    body: { platform: 'mastodon', departmentId: department, instance },
  });
  const body = answer.body as { data: { errors?: { field: string }[] } | null };
  return { status: answer.status, fields: (body.data?.errors ?? []).map((e) => e.field) };
}

/** Loopback in its spellings, on the listener's port (and a few on the default one). */
const loopback = (p: number) => [
  `127.0.0.1:${p}`,
  `localhost:${p}`,
  `LOCALHOST:${p}`,
  `localhost.:${p}`,
  `sub.localhost:${p}`,
  `[::1]:${p}`,
  `[0:0:0:0:0:0:0:1]:${p}`,
  `2130706433:${p}`,
  `0x7f000001:${p}`,
  `0x7F.0.0.1:${p}`,
  `0177.0.0.1:${p}`,
  `017700000001:${p}`,
  `127.1:${p}`,
  `127.0.1:${p}`,
  `127.000.000.001:${p}`,
  `127.127.127.127:${p}`,
  `[::ffff:127.0.0.1]:${p}`,
  `[::ffff:7f00:1]:${p}`,
  `[64:ff9b::7f00:1]:${p}`,
  `0.0.0.0:${p}`,
  `0:${p}`,
  `[::]:${p}`,
  `a@127.0.0.1:${p}`,
  `a:b@localhost:${p}`,
  `https://127.0.0.1:${p}`,
  `HTTPS://127.0.0.1:${p}/api`,
  `https://[::1]:${p}/`,
  `http://127.0.0.1:${p}`,
  '127.0.0.1',
  'localhost',
];

/** The private network, link-local (the cloud metadata service) and the other ranges no instance lives in. */
const elsewhere = [
  '10.0.0.1',
  '172.16.0.1',
  '192.168.1.1',
  '169.254.169.254',
  '0xa9fea9fe',
  '[::ffff:169.254.169.254]',
  '[::ffff:10.0.0.1]',
  '[fe80::1]',
  '[fc00::1]',
  '[fd12:3456::1]',
  '100.64.0.1',
  '198.18.0.1',
  '224.0.0.1',
  '255.255.255.255',
];

describe('a Mastodon instance in live mode', () => {
  it('is refused on loopback in any spelling, naming the field, before any connection', async () => {
    const vectors = loopback(port);
    const answers = [];
    for (const instance of vectors) answers.push([instance, await start(instance)]);
    expect(answers).toEqual(vectors.map((instance) => [instance, { status: 400, fields: ['instance'] }]));
    expect(connections).toBe(0);
  });

  it('is refused on private, link-local and reserved addresses', async () => {
    const answers = [];
    for (const instance of elsewhere) answers.push([instance, await start(instance)]);
    expect(answers).toEqual(elsewhere.map((instance) => [instance, { status: 400, fields: ['instance'] }]));
    expect(connections).toBe(0);
  });
});

describe('CHANNEL_ALLOW_PRIVATE', () => {
  it('lets the named private host through, and only on the port it names', async () => {
    const allowed = await createTestApp({
      config: {
        channels: {
          sandbox: false,
          redirectUri: 'https://console.example/authOpen',
          credentials: {},
          hosts: {},
          allowPrivate: [`127.0.0.1:${port}`],
        },
      },
    });
    try {
      const news = (await departmentTree(allowed.db)).news;
      expect(await start(`[::1]:${port}`, allowed, news)).toEqual({ status: 400, fields: ['instance'] });
      expect(connections).toBe(0);
      // The listener is no Mastodon server (it hangs up), but it was reached.
      expect(await start(`127.0.0.1:${port}`, allowed, news)).toEqual({ status: 400, fields: ['instance'] });
      expect(connections).toBe(1);
    } finally {
      await allowed.close();
    }
  });

  it('refuses start-up on a malformed entry, naming the variable', () => {
    const env = { DATA_DIR: '/nonexistent-postdeck-test', LOG_LEVEL: 'silent' };
    expect(
      loadConfig({ ...env, CHANNEL_ALLOW_PRIVATE: 'mastodon.corp.example, 10.0.0.0/8' }).channels
        .allowPrivate,
    ).toEqual(['mastodon.corp.example', '10.0.0.0/8']);
    expect(() => loadConfig({ ...env, CHANNEL_ALLOW_PRIVATE: '127.1' })).toThrow(/CHANNEL_ALLOW_PRIVATE: /);
  });
});
