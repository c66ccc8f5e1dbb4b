import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer } from '../fake-server.ts';
import { submitConsent } from '../oauth/consent-client.ts';
import { seedGraphSandbox } from './sandbox.ts';
import { type GraphFake, startGraphFake } from './server.ts';

const REDIRECT = 'https://postdeck.test/callback';
let now = new Date('2026-03-01T10:00:00Z');
let fake: GraphFake;
let sandbox: ReturnType<typeof seedGraphSandbox>;
let userToken: string;
let pageToken: string;

beforeAll(async () => {
  fake = await startGraphFake({
    now: () => now,
    clients: [{ clientId: 'postdeck-sandbox', clientSecret: 'postdeck-sandbox-secret' }],
    videoChunkBytes: 8,
  });
  sandbox = seedGraphSandbox(fake);
  ({ userToken, pageToken } = await connect());
});
afterAll(() => fake.stop());

/** Consent, code exchange (a short-lived user token), and the first page's token taken with a long-lived one, as an app does it. */
async function connect(): Promise<{ userToken: string; pageToken: string }> {
  const back = await submitConsent(dialog(), { decision: 'approve' });
  const short = await graph('/oauth/access_token', {
    client_id: 'postdeck-sandbox',
    client_secret: 'postdeck-sandbox-secret',
    redirect_uri: REDIRECT,
    code: back.searchParams.get('code') ?? '',
  });
  const token = (await read(short)).access_token;
  const long = await graph('/oauth/access_token', {
    grant_type: 'fb_exchange_token',
    client_id: 'postdeck-sandbox',
    client_secret: 'postdeck-sandbox-secret',
    fb_exchange_token: token,
  });
  const accounts = await read(
    await graph('/me/accounts', { access_token: (await read(long)).access_token, fields: 'id,access_token' }),
  );
  return { userToken: token, pageToken: accounts.data[0]?.access_token ?? '' };
}

/** The fields of Graph's answers these tests read. */
interface GraphBody {
  access_token: string;
  id: string;
  data: { access_token: string }[];
  error: Record<string, unknown>;
  upload_session_id: string;
  expires_in: number;
}
const read = async (answer: Response) => (await answer.json()) as GraphBody;

const dialog = (scope = 'pages_show_list,pages_manage_posts,instagram_content_publish') =>
  `${fake.url}/v23.0/dialog/oauth?${new URLSearchParams({ client_id: 'postdeck-sandbox', redirect_uri: REDIRECT, state: 's', scope, response_type: 'code' })}`;
const graph = (path: string, query: Record<string, string> = {}, init: RequestInit = {}) =>
  fetch(`${fake.url}/v23.0${path}?${new URLSearchParams(query)}`, init);

describe('Graph fake', () => {
  it('seeds a sandbox user with two pages, one with a linked Instagram account', () => {
    expect(sandbox.pages).toHaveLength(2);
    expect(sandbox.pages[0]?.instagramId).toBe(sandbox.instagram.id);
    expect(sandbox.pages[1]?.instagramId).toBeUndefined();
  });

  it('offers the pages as choices on the consent page, and grants only those ticked', async () => {
    const page = await (await fetch(dialog())).text();
    expect(page).toContain('Postdeck Sandbox News (with Instagram @postdeck.sandbox)');
    const [news, events] = sandbox.pages;
    const back = await submitConsent(dialog(), { decision: 'approve', untick: [events?.id ?? ''] });
    const token = fake.state.oauth.codes.get(back.searchParams.get('code') ?? '');
    expect(token?.choices).toEqual({ pages: [news?.id] });
    const denied = await submitConsent(dialog(), { decision: 'deny' });
    expect(Object.fromEntries(denied.searchParams)).toEqual({
      error: 'access_denied',
      error_code: '200',
      error_description: 'Permissions error',
      error_reason: 'user_denied',
      state: 's',
    });
  });

  it('answers with the Graph error envelope and the usage headers', async () => {
    const bad = await graph('/me/accounts', { access_token: 'nope' });
    expect(bad.status).toBe(400);
    expect((await read(bad)).error).toMatchObject({ code: 190, type: 'OAuthException' });
    const pageId = sandbox.pages[0]?.id ?? '';
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 300, times: 1 });
    const limited = await graph(
      `/${pageId}/feed`,
      { access_token: pageToken },
      { method: 'POST', body: new URLSearchParams({ message: 'x' }) },
    );
    expect((await read(limited)).error).toMatchObject({
      code: 32,
      message: '(#32) Page request limit reached',
    });
    expect(JSON.parse(limited.headers.get('x-business-use-case-usage') ?? '{}')[pageId][0]).toMatchObject({
      type: 'pages',
      call_count: 100,
      estimated_time_to_regain_access: 5,
    });
    const first = await graph(
      `/${pageId}/feed`,
      { access_token: pageToken },
      { method: 'POST', body: new URLSearchParams({ message: 'Twice' }) },
    );
    expect(first.status).toBe(200);
    const again = await graph(
      `/${pageId}/feed`,
      { access_token: pageToken },
      { method: 'POST', body: new URLSearchParams({ message: 'Twice' }) },
    );
    expect((await read(again)).error).toMatchObject({
      code: 506,
      message: '(#506) Duplicate status message',
    });
    const gone = await graph('/123456', { access_token: pageToken }, { method: 'DELETE' });
    expect((await read(gone)).error).toMatchObject({
      code: 100,
      error_subcode: 33,
      type: 'GraphMethodException',
    });
    const noMetric = await graph(`/${(await read(first)).id}/insights`, { access_token: pageToken });
    expect((await read(noMetric)).error).toMatchObject({ code: 3001, error_subcode: 1504028 });
  });

  it('hands out chunk offsets as numeric strings and refuses a chunk past the received bytes', async () => {
    const pageId = sandbox.pages[0]?.id ?? '';
    const start = await read(
      await graph(
        `/${pageId}/videos`,
        { access_token: pageToken, upload_phase: 'start', file_size: '20' },
        { method: 'POST' },
      ),
    );
    expect(start).toMatchObject({ start_offset: '0', end_offset: '8' });
    const form = new FormData();
    form.set('upload_phase', 'transfer');
    form.set('upload_session_id', start.upload_session_id);
    form.set('start_offset', '8');
    form.set('video_file_chunk', new Blob([new Uint8Array(8)]), 'chunk');
    const skipped = await graph(
      `/${pageId}/videos`,
      { access_token: pageToken },
      { method: 'POST', body: form },
    );
    expect((await read(skipped)).error).toMatchObject({ code: 6001 });
  });

  it('answers the after-commit faults once the post is made: a 5xx in its envelope, or a body cut off', async () => {
    const pageId = sandbox.pages[0]?.id ?? '';
    const publish = (message: string) =>
      graph(`/${pageId}/feed`, { access_token: pageToken, message }, { method: 'POST' });
    fake.faults.set({ kind: 'acceptThenServerError', call: 'POST /{page-id}/feed', times: 1 });
    const failed = await publish('After commit, 500');
    expect(failed.status).toBe(500);
    expect((await read(failed)).error).toMatchObject({ code: 2, is_transient: true });
    expect(fake.posts.all().at(-1)?.text).toBe('After commit, 500');
    fake.faults.set({ kind: 'acceptThenMalformed', call: 'POST /{page-id}/feed', times: 1 });
    const cut = await publish('After commit, cut off');
    expect(cut.status).toBe(200);
    expect(await cut.text()).toBe('{"id":"12');
    expect(fake.posts.all().at(-1)?.text).toBe('After commit, cut off');
  });

  it('pages the feed with an `after` cursor, newest first', async () => {
    const pageId = sandbox.pages[1]?.id ?? '';
    const token = (
      await read(await graph('/me/accounts', { access_token: userToken, fields: 'id,access_token' }))
    ).data[1]?.access_token;
    for (const message of ['one', 'two', 'three'])
      await graph(`/${pageId}/feed`, { access_token: token ?? '', message }, { method: 'POST' });
    const first = (await (
      await graph(`/${pageId}/feed`, { access_token: token ?? '', limit: '2', fields: 'message' })
    ).json()) as { data: { message: string }[]; paging: { next?: string } };
    expect(first.data.map((p) => p.message)).toEqual(['three', 'two']);
    const second = (await (await fetch(first.paging.next ?? '')).json()) as typeof first;
    expect(second.data.map((p) => p.message)).toEqual(['one']);
    expect(second.paging.next).toBeUndefined();
  });

  it('expires short-lived tokens after hours and long-lived ones after about 60 days', async () => {
    const long = await read(
      await graph('/oauth/access_token', {
        grant_type: 'fb_exchange_token',
        client_id: 'postdeck-sandbox',
        client_secret: 'postdeck-sandbox-secret',
        fb_exchange_token: userToken,
      }),
    );
    expect(long).toMatchObject({ token_type: 'bearer', expires_in: 5_183_944 });
    now = new Date(now.getTime() + 3 * 3600_000);
    const expired = await graph('/me/permissions', { access_token: userToken });
    expect((await read(expired)).error).toMatchObject({ code: 190, error_subcode: 463 });
    expect((await graph('/me/permissions', { access_token: long.access_token })).status).toBe(200);
  });

  it('Instagram containers: ERROR with the subcode when a video cannot be fetched, EXPIRED after 24 hours, and the daily cap', async () => {
    const files = await startFakeServer({
      platform: 'files',
      routes(app) {
        app.get('/a.jpg', async (_request, reply) =>
          reply.type('image/jpeg').send(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])),
        );
      },
    });
    const igId = sandbox.instagram.id;
    const { pageToken } = await connect();
    const create = async (query: Record<string, string>) =>
      read(await graph(`/${igId}/media`, { access_token: pageToken, ...query }, { method: 'POST' }));
    const status = async (id: string) =>
      (await (await graph(`/${id}`, { access_token: pageToken, fields: 'status_code,status' })).json()) as {
        status_code: string;
        status: string;
      };
    const video = await create({ media_type: 'REELS', video_url: `${files.url}/missing.mp4` });
    expect((await status(video.id)).status_code).toBe('IN_PROGRESS');
    expect(await status(video.id)).toMatchObject({
      status_code: 'ERROR',
      status: expect.stringContaining('2207052'),
    });

    const image = await create({ image_url: `${files.url}/a.jpg`, caption: 'Late' });
    expect((await status(image.id)).status_code).toBe('FINISHED');
    now = new Date(now.getTime() + 25 * 3600_000);
    expect((await status(image.id)).status_code).toBe('EXPIRED');
    const late = await graph(
      `/${igId}/media_publish`,
      { access_token: pageToken, creation_id: image.id },
      { method: 'POST' },
    );
    expect((await read(late)).error).toMatchObject({ error_subcode: 2207008 });

    for (let i = 0; i < 50; i++)
      fake.posts.add({ id: `seed-${i}`, account: igId, text: '', media: [], createdAt: now });
    const fresh = await create({ image_url: `${files.url}/a.jpg` });
    const capped = await graph(
      `/${igId}/media_publish`,
      { access_token: pageToken, creation_id: fresh.id },
      { method: 'POST' },
    );
    expect((await read(capped)).error).toMatchObject({ code: 9, error_subcode: 2207042 });
    expect(fake.limitsExceeded()).toEqual([{ account: igId, limit: 'posts per 24 hours', exceeded: 1 }]);
    await files.stop();
  });
});
