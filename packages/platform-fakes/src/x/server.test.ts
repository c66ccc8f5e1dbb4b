import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grownCounts } from '../graph/grown-counts.ts';
import { seedXSandbox, startXFake, type XFake } from './server.ts';

let fake: XFake;
let token: string;
const now = new Date('2026-03-01T10:01:00Z');

beforeAll(async () => {
  fake = await startXFake({ now: () => now, clients: [{ clientId: 'postdeck-sandbox', clientSecret: 's' }] });
  const { user } = seedXSandbox(fake);
  token = fake.state.oauth.issue('postdeck-sandbox', user.id, [
    'tweet.read',
    'tweet.write',
    'users.read',
    'media.write',
  ]).access.token;
});
afterAll(() => fake.stop());

const call = (path: string, init: RequestInit = {}) =>
  fetch(`${fake.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

describe('X fake', () => {
  it('seeds one demo user, once', async () => {
    seedXSandbox(fake);
    expect([...fake.state.users.values()].map((u) => u.username)).toEqual(['postdeck_demo']);
    const me = (await (await call('/2/users/me')).json()) as { data: { username: string } };
    expect(me.data.username).toBe('postdeck_demo');
  });

  it('sends x-rate-limit-* on every call, the reset in epoch seconds at the end of the 15-minute window', async () => {
    const answer = await call('/2/users/me');
    expect(answer.headers.get('x-rate-limit-limit')).toBe('75');
    expect(Number(answer.headers.get('x-rate-limit-remaining'))).toBeLessThan(75);
    expect(answer.headers.get('x-rate-limit-reset')).toBe(String(Date.parse('2026-03-01T10:15:00Z') / 1000));
  });

  it('answers problem JSON', async () => {
    const anonymous = await fetch(`${fake.url}/2/users/me`);
    expect([anonymous.status, anonymous.headers.get('content-type'), await anonymous.json()]).toEqual([
      401,
      'application/problem+json; charset=utf-8',
      { title: 'Unauthorized', detail: 'Unauthorized', type: 'about:blank', status: 401 },
    ]);
    const blank = await call('/2/tweets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: ' ' }),
    });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { type: string }).type).toBe(
      'https://api.x.com/2/problems/invalid-request',
    );
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 30, times: 1 });
    const limited = await call('/2/users/me');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(limited.headers.get('x-rate-limit-reset')).toBe(String(now.getTime() / 1000 + 30));
    // A fault's 429 is not a limit reached: nothing counted.
    expect(fake.limitsExceeded()).toEqual([]);
  });

  it('counts the calls an account makes over its 15-minute limit', async () => {
    const user = fake.addUser({ username: 'eager' });
    const eager = fake.state.oauth.issue('postdeck-sandbox', user.id, ['users.read']).access.token;
    const me = () => fetch(`${fake.url}/2/users/me`, { headers: { authorization: `Bearer ${eager}` } });
    for (let i = 0; i < 75; i++) expect((await me()).status).toBe(200);
    expect([(await me()).status, (await me()).status]).toEqual([429, 429]);
    expect(fake.limitsExceeded()).toEqual([{ account: user.id, limit: 'GET /2/users/me', exceeded: 2 }]);
  });

  it('refuses a post over 280 weighted characters, counting a URL as 23 and CJK as 2', async () => {
    const post = (text: string) =>
      call('/2/tweets', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
    expect((await post(`${'字'.repeat(140)}`)).status).toBe(201);
    expect((await post(`${'字'.repeat(141)}`)).status).toBe(403);
    expect((await post(`${'a'.repeat(256)} https://example.org/${'x'.repeat(100)}`)).status).toBe(201);
  });

  it('refuses media that is not finished processing', async () => {
    const init = await call('/2/media/upload/initialize', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ media_type: 'video/mp4', total_bytes: 8, media_category: 'tweet_video' }),
    });
    const { data } = (await init.json()) as { data: { id: string } };
    const form = new FormData();
    form.set('segment_index', '0');
    form.set('media', new Blob([new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70])]));
    expect((await call(`/2/media/upload/${data.id}/append`, { method: 'POST', body: form })).status).toBe(
      200,
    );
    const finalized = await call(`/2/media/upload/${data.id}/finalize`, { method: 'POST' });
    expect(
      ((await finalized.json()) as { data: { processing_info: { state: string } } }).data.processing_info
        .state,
    ).toBe('pending');
    const early = await call('/2/tweets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'clip', media: { media_ids: [data.id] } }),
    });
    expect(early.status).toBe(400);
    const status = await call(`/2/media/upload?command=STATUS&media_id=${data.id}`);
    expect(
      ((await status.json()) as { data: { processing_info: { state: string } } }).data.processing_info.state,
    ).toBe('succeeded');
  });

  it("answers a user's followers in public_metrics, and a sandbox post's grown counts", async () => {
    const user = fake.state.findUser('postdeck_demo');
    const me = (await (await call('/2/users/me?user.fields=public_metrics')).json()) as {
      data: { public_metrics: Record<string, number> };
    };
    expect(me.data.public_metrics).toMatchObject({ followers_count: user?.followers });
    const created = (await (
      await call('/2/tweets', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Grows in the sandbox' }),
      })
    ).json()) as { data: { id: string } };
    const post = fake.posts.get(created.data.id);
    if (!post) throw new Error('not stored');
    post.createdAt = new Date(now.getTime() - 48 * 3_600_000);
    const read = async () =>
      (
        (await (await call(`/2/tweets/${post.id}?tweet.fields=public_metrics`)).json()) as {
          data: { public_metrics: Record<string, number> };
        }
      ).data.public_metrics;
    const grown = grownCounts(post, now);
    expect(await read()).toMatchObject({ impression_count: grown.views, like_count: grown.reactions });
    expect(grown.views).toBeGreaterThan(0);
    post.metrics = { views: 7 };
    expect(await read()).toMatchObject({ impression_count: 7, like_count: 0 });
  });
});
