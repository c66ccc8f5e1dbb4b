import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitConsent } from '../oauth/consent-client.ts';
import { seedGoogleSandbox } from './seed.ts';
import { type GoogleFake, startGoogleFake } from './server.ts';

const REDIRECT = 'https://postdeck.test/callback';
const SCOPE = 'https://www.googleapis.com/auth/';
let fake: GoogleFake;
let token: string;

beforeAll(async () => {
  fake = await startGoogleFake({
    now: () => new Date('2026-03-01T10:00:00Z'),
    clients: [{ clientId: 'postdeck-sandbox', clientSecret: 'postdeck-sandbox-secret' }],
  });
  const { user, channels } = seedGoogleSandbox(fake);
  token = fake.state.oauth.issue('postdeck-sandbox', user.id, [`${SCOPE}youtube`], {
    channel: [channels[0]?.id ?? ''],
  }).access.token;
});
afterAll(() => fake.stop());

const start = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${fake.url}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** The token endpoint's answer for the code a consent sent back. */
async function exchangeCode(back: URL): Promise<Record<string, unknown>> {
  const answer = await fetch(`${fake.url}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      client_id: 'postdeck-sandbox',
      client_secret: 'postdeck-sandbox-secret',
      redirect_uri: REDIRECT,
    }),
  });
  return (await answer.json()) as Record<string, unknown>;
}

describe('Google fake', () => {
  it("asks for one channel, as Google's account chooser does, and the grant reaches the one chosen", async () => {
    const params = new URLSearchParams({
      client_id: 'postdeck-sandbox',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: `${SCOPE}youtube.readonly`,
    });
    const url = `${fake.url}/o/oauth2/v2/auth?${params}`;
    const page = await (await fetch(url)).text();
    const channels = [...page.matchAll(/<input type="radio" name="choice:channel" value="([^"]*)"/g)].map(
      ([, id]) => id ?? '',
    );
    expect(channels.length).toBeGreaterThan(1);
    expect(page).not.toMatch(/type="checkbox" name="choice:channel"/);
    const second = channels[1] ?? '';
    const back = await submitConsent(url, { decision: 'approve', choose: [second] });
    const tokens = (await exchangeCode(back)) as { access_token: string };
    const mine = (await (
      await fetch(`${fake.url}/youtube/v3/channels?part=snippet&mine=true`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      })
    ).json()) as { items: { id: string }[] };
    expect(mine.items.map((item) => item.id)).toEqual([second]);
  });

  it('answers a refresh token only for access_type=offline, and none on a refresh', async () => {
    const base = {
      client_id: 'postdeck-sandbox',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: `${SCOPE}youtube.readonly`,
    };
    const exchange = async (params: Record<string, string>) => {
      const back = await submitConsent(`${fake.url}/o/oauth2/v2/auth?${new URLSearchParams(params)}`, {
        decision: 'approve',
      });
      return exchangeCode(back);
    };
    const online = await exchange(base);
    expect(Object.keys(online).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
    expect(online['expires_in']).toBe(3599);
    const offline = await exchange({ ...base, access_type: 'offline' });
    expect(offline['refresh_token']).toMatch(/^ya29\.rt-/);
    const refreshed = await fetch(`${fake.url}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: String(offline['refresh_token']),
        client_id: 'postdeck-sandbox',
        client_secret: 'postdeck-sandbox-secret',
      }),
    });
    expect(Object.keys((await refreshed.json()) as object).sort()).toEqual([
      'access_token',
      'expires_in',
      'scope',
      'token_type',
    ]);
  });

  it('opens a resumable session in Location, and answers 308 with Range until the last byte', async () => {
    const opened = await start(
      { snippet: { title: 'T', description: 'D' } },
      { 'x-upload-content-length': String(262_144 + 10) },
    );
    expect(opened.status).toBe(200);
    const session = opened.headers.get('location') ?? '';
    expect(session).toMatch(/upload_id=/);
    const put = (range: string, body: Uint8Array) =>
      fetch(session, {
        method: 'PUT',
        headers: { 'content-range': range, 'content-type': 'video/mp4' },
        body,
      });
    const nothing = await put('bytes */262154', new Uint8Array(0));
    expect([nothing.status, nothing.headers.get('range')]).toEqual([308, null]);
    const odd = await put('bytes 0-99/262154', new Uint8Array(100));
    expect(odd.status).toBe(400);
    const first = await put('bytes 0-262143/262154', new Uint8Array(262_144));
    expect([first.status, first.headers.get('range')]).toEqual([308, 'bytes=0-262143']);
    const last = await put('bytes 262144-262153/262154', new Uint8Array(10));
    expect(last.status).toBe(201);
    expect(((await last.json()) as { status: { uploadStatus: string } }).status.uploadStatus).toBe(
      'uploaded',
    );
  });

  it("answers YouTube's field checks and quota in Google's envelope", async () => {
    const untitled = await start({ snippet: { title: '' } }, { 'x-upload-content-length': '10' });
    expect(await untitled.json()).toEqual({
      error: {
        code: 400,
        message: 'The request metadata specifies an invalid or empty video title.',
        errors: [
          {
            message: 'The request metadata specifies an invalid or empty video title.',
            domain: 'youtube.api',
            reason: 'invalidTitle',
          },
        ],
        status: 'INVALID_ARGUMENT',
      },
    });
    fake.state.quotaOf('postdeck-sandbox').units = 10_000;
    const spent = await fetch(`${fake.url}/youtube/v3/channels?part=snippet&mine=true`, {
      headers: { authorization: `Bearer ${token}` },
    });
    fake.state.quotaOf('postdeck-sandbox').units = 0;
    expect(spent.status).toBe(403);
    expect(fake.limitsExceeded()).toEqual([
      { account: 'project postdeck-sandbox', limit: 'units a day', exceeded: 1 },
    ]);
    expect(
      ((await spent.json()) as { error: { errors: { reason: string; domain: string }[] } }).error.errors[0],
    ).toMatchObject({
      reason: 'quotaExceeded',
      domain: 'youtube.quota',
    });
  });

  it('answers a revoke of a dead token 400 invalid_token', async () => {
    const revoke = () => fetch(`${fake.url}/revoke?token=${encodeURIComponent(token)}`, { method: 'POST' });
    expect((await revoke()).status).toBe(200);
    const again = await revoke();
    expect([again.status, await again.json()]).toEqual([
      400,
      { error: 'invalid_token', error_description: 'Token expired or revoked' },
    ]);
  });
});
