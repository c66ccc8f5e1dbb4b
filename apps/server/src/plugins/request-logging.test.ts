import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../test/test-app.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url: string };
  res?: { statusCode: number };
  [key: string]: unknown;
}

const DEBUG = 20;
const INFO = 30;
const lines: LogLine[] = [];
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'debug', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  token = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
});
afterAll(() => t.close());
beforeEach(() => {
  lines.length = 0;
});

/** Every line of the one request whose URL contains `url`. */
function linesOf(url: string): LogLine[] {
  const ids = new Set(lines.filter((l) => l.req?.url.includes(url)).map((l) => l.reqId));
  expect(ids.size, `one request to ${url}`).toBe(1);
  return lines.filter((l) => ids.has(l.reqId));
}

describe('log lines', () => {
  it('never carry a refresh token, a password or a sign-on code', async () => {
    const pair = await login(t.app, 'admin', ADMIN_PASSWORD);
    const refreshed = await call(t.app, 'POST', '/control/user/refreshToken', {
      query: { refreshToken: pair.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    await t.app.inject({ method: 'GET', url: '/prod-api/auth/oidc/callback?code=C0DE-xyz&state=ST4TE-xyz' });
    await t.app.inject({ method: 'GET', url: '/login?sso=SS0-xyz&ssoError=' });
    await call(t.app, 'POST', '/control/user/pass/update', {
      token: pair.accessToken,
      body: { oldPassword: 'Not!the1', newPassword: 'N3w!passw' },
    });

    const text = JSON.stringify(lines);
    for (const secret of [
      pair.refreshToken,
      ADMIN_PASSWORD,
      'C0DE-xyz',
      'ST4TE-xyz',
      'SS0-xyz',
      'Not!the1',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(pair.accessToken);
    // What the request was is still there.
    expect(linesOf('/control/user/refreshToken')[0]?.req?.url).toBe(
      '/prod-api/control/user/refreshToken?refreshToken=[redacted]',
    );
    expect(linesOf('/login?')[0]?.req?.url).toBe('/login?sso=[redacted]&ssoError=');
  });

  it('redact headers and fields named like credentials wherever they are logged', () => {
    t.app.log.info(
      {
        headers: { authorization: 'Bearer H3ADER', cookie: 'HY-JWT=C00KIE' },
        body: { password: 'B0DYpw', newPassword: 'N3Wpw', refreshToken: 'R3FRESH' },
      },
      'custom line',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['H3ADER', 'C00KIE', 'B0DYpw', 'N3Wpw', 'R3FRESH'])
      expect(text).not.toContain(secret);
    expect(lines.at(-1)?.msg).toBe('custom line');
  });
});

describe('the 5-second polls (spec §7 Messages)', () => {
  const poll = { readStatus: 1, page: 1, pageSize: 1, type: 'publish_failure' };

  it('are logged at debug when they succeed', async () => {
    expect((await call(t.app, 'POST', '/infor/notReadList', { token, body: poll })).status).toBe(200);
    expect(
      (await call(t.app, 'GET', '/infor/myInfor', { token, query: { page: '1', pageSize: '1' } })).status,
    ).toBe(200);
    for (const url of ['/infor/notReadList', '/infor/myInfor?page=1&pageSize=1']) {
      const mine = linesOf(url);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.map((l) => l.level)).toEqual(mine.map(() => DEBUG));
    }
  });

  it('stay at info when they fail, and other calls stay at info', async () => {
    expect((await call(t.app, 'POST', '/infor/notReadList', { body: poll })).status).toBe(401);
    const failed = linesOf('/infor/notReadList');
    expect(failed.find((l) => l.msg === 'request completed')).toMatchObject({
      level: INFO,
      req: { url: '/prod-api/infor/notReadList' },
      res: { statusCode: 401 },
    });

    await call(t.app, 'GET', '/infor/myInfor', { token, query: { page: '2', pageSize: '10' } });
    await call(t.app, 'GET', '/control/user/info', { token });
    for (const url of ['/infor/myInfor?page=2', '/control/user/info']) {
      expect(linesOf(url).map((l) => [l.msg, l.level])).toEqual([
        ['incoming request', INFO],
        ['request completed', INFO],
      ]);
    }
  });
});
