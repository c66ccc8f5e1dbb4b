import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageScreenshotError, screenshotPage } from './page-screenshot.ts';

/**
 * The server-driven browser opens only the page it was asked for (attacks-and-races.md): a
 * "site" on an allowed loopback origin tries to pull the browser to another loopback server
 * (an image, a redirect, a file: frame), which counts every request that reaches it.
 */
let site: Server;
let inside: Server;
let siteOrigin: string;
let insideOrigin: string;
const insideHits: string[] = [];

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  inside = createServer((req, res) => {
    insideHits.push(req.url ?? '');
    res.end('secret');
  });
  insideOrigin = await listen(inside);
  site = createServer((req, res) => {
    switch (req.url) {
      case '/post':
        res.setHeader('content-type', 'text/html');
        return res.end(`<!doctype html><title>post</title><h1>A post</h1>
          <img src="${insideOrigin}/from-img"><img src="${insideOrigin.replace('127.0.0.1', 'localhost')}/by-name">
          <iframe src="file:///etc/passwd"></iframe><script>fetch('${insideOrigin}/from-fetch').catch(() => {})</script>`);
      case '/moved':
        res.writeHead(302, { location: `${insideOrigin}/from-redirect` });
        return res.end();
      case '/big':
        res.setHeader('content-type', 'text/html');
        return res.end(`<!doctype html><p>${'x'.repeat(300_000)}</p>`);
      default:
        res.statusCode = 404;
        return res.end('none');
    }
  });
  siteOrigin = await listen(site);
});
afterAll(() => {
  site.close();
  inside.close();
});

const allow = () => [siteOrigin.replace('http://', '')];
const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'taken',
    (error: unknown) => (error instanceof PageScreenshotError ? error.reason : String(error)),
  );

describe('screenshotPage', () => {
  it('photographs the page and nothing it names on a non-public address reaches the network', async () => {
    const png = await screenshotPage(`${siteOrigin}/post`, { allow: allow() });
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(insideHits).toEqual([]);
  });

  it('refuses a redirect to a non-public address, which the proxy sees though the route does not', async () => {
    await expect(reasonOf(screenshotPage(`${siteOrigin}/moved`, { allow: allow() }))).resolves.toBe(
      'refused',
    );
    expect(insideHits).toEqual([]);
  });

  it('refuses loopback, private ranges and file: before a browser starts', async () => {
    for (const url of [
      `${insideOrigin}/direct`,
      'http://127.1/',
      'http://2130706433/',
      'http://[::ffff:127.0.0.1]/',
      'http://10.1.2.3/',
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
    ])
      await expect(reasonOf(screenshotPage(url, { allow: allow() })), url).resolves.toBe('refused');
    expect(insideHits).toEqual([]);
  });

  it('says an error page is an HTTP status and a page past the size bound is too large', async () => {
    await expect(reasonOf(screenshotPage(`${siteOrigin}/gone`, { allow: allow() }))).resolves.toBe(
      'httpStatus',
    );
    await expect(
      reasonOf(screenshotPage(`${siteOrigin}/big`, { allow: allow(), maxBytes: 100_000 })),
    ).resolves.toBe('tooLarge');
  });
});
