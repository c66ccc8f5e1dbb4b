import { AtpAgent } from '@atproto/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type BlueskyServer,
  type BlueskySandboxAccount,
  seedBlueskySandbox,
  startBlueskyServer,
} from './server.ts';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let server: BlueskyServer;
let demo: BlueskySandboxAccount;
/** Signed in through the proxy with the demo's app password, as Postdeck would be. */
let agent: AtpAgent;

const xrpc = (path: string, init?: RequestInit) => fetch(new URL(`/xrpc/${path}`, server.url), init);
const bearer = () => ({ authorization: `Bearer ${agent.session?.accessJwt ?? ''}` });

// One PDS and one sign-in for the file: createSession is slow on purpose.
beforeAll(async () => {
  server = await startBlueskyServer({ now: () => NOW });
  demo = await seedBlueskySandbox(server);
  agent = new AtpAgent({ service: server.url });
  await agent.login({ identifier: demo.handle, password: demo.appPassword });
}, 30_000);
afterEach(() => server.faults.clear());
afterAll(() => server.stop());

describe('Bluesky server: the PDS behind the proxy', () => {
  it('seeds the sandbox account, whose session names the proxy as its PDS', () => {
    expect(demo).toMatchObject({ handle: 'postdeck-demo.test', did: expect.stringMatching(/^did:plc:/) });
    expect(demo.appPassword).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect(agent.session?.did).toBe(demo.did);
    expect(agent.pdsUrl?.origin).toBe(server.url);
  });

  it("serves a post's page at bsky.app's path, its images from the PDS, and 404 once deleted", async () => {
    const { data: blob } = await agent.uploadBlob(new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]), {
      encoding: 'image/jpeg',
    });
    const created = await agent.post({
      text: 'A <b>page</b>',
      embed: { $type: 'app.bsky.embed.images', images: [{ alt: 'Dots', image: blob.blob }] },
    });
    const rkey = created.uri.split('/').at(-1) ?? '';
    const page = await fetch(`${server.url}/profile/${demo.handle}/post/${rkey}`);
    const html = await page.text();
    expect(html).toContain('A &#60;b&#62;page&#60;/b&#62;');
    const src = /<img src="([^"]+)" alt="Dots">/.exec(html)?.[1]?.replaceAll('&#38;', '&') ?? '';
    expect((await fetch(new URL(src, server.url))).status).toBe(200);
    await agent.deletePost(created.uri);
    expect((await fetch(`${server.url}/profile/${demo.handle}/post/${rkey}`)).status).toBe(404);
  });
});

describe("Bluesky server: the appview's getPosts", () => {
  it('answers posts from the PDS with the counts set, leaving out the ones it cannot find', async () => {
    const created = await agent.post({ text: 'Counted' });
    server.appView.counts.set(created.uri, { reactions: 7, saves: 2 });
    const missing = `at://${demo.did}/app.bsky.feed.post/3kzzzzzzzzzzz`;
    const { data } = await new AtpAgent({ service: server.url }).app.bsky.feed.getPosts({
      uris: [created.uri, missing],
    });
    expect(data.posts).toMatchObject([
      {
        uri: created.uri,
        author: { did: demo.did, handle: demo.handle },
        likeCount: 7,
        repostCount: 0,
        bookmarkCount: 2,
      },
    ]);
  });

  it("answers getProfile by DID or handle with the followers set, and the appview's 400 for an unknown actor", async () => {
    server.appView.followers.set(demo.did, 321);
    const reader = new AtpAgent({ service: server.url });
    for (const actor of [demo.did, demo.handle]) {
      const { data } = await reader.app.bsky.actor.getProfile({ actor });
      expect(data).toMatchObject({
        did: demo.did,
        handle: demo.handle,
        followersCount: 321,
        followsCount: 0,
      });
    }
    const unknown = await xrpc('app.bsky.actor.getProfile?actor=nobody.test');
    expect([unknown.status, await unknown.json()]).toEqual([
      400,
      { error: 'InvalidRequest', message: 'Profile not found' },
    ]);
  });
});

describe('Bluesky server: faults in XRPC form', () => {
  it.each([
    ['expiredToken', 400, 'ExpiredToken', 'Token has expired'],
    ['revokedGrant', 400, 'InvalidToken', 'Token could not be verified'],
    ['serverError', 500, 'InternalServerError', 'Internal Server Error'],
    ['contentRejected', 400, 'InvalidRequest', 'Not this'],
  ] as const)('%s → %i %s', async (kind, status, error, message) => {
    server.faults.set({ kind, message: 'Not this', account: demo.did, times: 1 });
    const answer = await xrpc(`com.atproto.repo.describeRepo?repo=${demo.did}`, { headers: bearer() });
    expect(answer.status).toBe(status);
    expect(await answer.json()).toEqual({ error, message });
    expect((await xrpc(`com.atproto.repo.describeRepo?repo=${demo.did}`, { headers: bearer() })).status).toBe(
      200,
    );
  });

  it('429 with the RateLimit-* headers the xrpc-server sends, for the one call switched', async () => {
    server.faults.set({ kind: 'rateLimited', retryAfterS: 90, call: 'com.atproto.repo.describeRepo' });
    const answer = await xrpc(`com.atproto.repo.describeRepo?repo=${demo.did}`);
    expect(answer.status).toBe(429);
    expect(await answer.json()).toEqual({ error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' });
    expect(answer.headers.get('ratelimit-reset')).toBe(String(NOW.getTime() / 1000 + 90));
    expect(answer.headers.get('ratelimit-remaining')).toBe('0');
    expect(answer.headers.get('retry-after')).toBe('90');
    expect((await xrpc(`com.atproto.repo.getRecord?repo=${demo.did}&collection=x.y&rkey=z`)).status).toBe(
      400,
    );
  });

  it("matches a switch's account by the token's DID (createSession: by the identifier)", async () => {
    server.faults.set({ kind: 'serverError', account: 'did:plc:someoneelse' });
    expect((await xrpc(`com.atproto.repo.describeRepo?repo=${demo.did}`, { headers: bearer() })).status).toBe(
      200,
    );
    server.faults.set({
      kind: 'serverError',
      account: demo.handle,
      call: 'com.atproto.server.createSession',
    });
    const answer = await xrpc('com.atproto.server.createSession', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: demo.handle, password: demo.appPassword }),
    });
    expect(answer.status).toBe(500);
  });

  it('accept then hang: the record is written, the answer never comes', async () => {
    server.faults.set({ kind: 'acceptThenHang', call: 'com.atproto.repo.createRecord', times: 1 });
    const record = { $type: 'app.bsky.feed.post', text: 'Hung', createdAt: NOW.toISOString() };
    const lost = await xrpc('com.atproto.repo.createRecord', {
      method: 'POST',
      headers: { ...bearer(), 'content-type': 'application/json' },
      body: JSON.stringify({
        repo: demo.did,
        collection: 'app.bsky.feed.post',
        rkey: '3kaaaaaaaaaaa',
        record,
      }),
      signal: AbortSignal.timeout(300),
    }).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(DOMException);
    const { data } = await agent.com.atproto.repo.getRecord({
      repo: demo.did,
      collection: 'app.bsky.feed.post',
      rkey: '3kaaaaaaaaaaa',
    });
    expect(data.value).toMatchObject({ text: 'Hung' });
  });

  it.each([
    ['acceptThenServerError', 500, '{"error":"InternalServerError","message":"Internal Server Error"}'],
    ['acceptThenMalformed', 200, '{"id":"12'],
  ] as const)('%s: the record is written, then the answer is %i %s', async (kind, status, body) => {
    server.faults.set({ kind, call: 'com.atproto.repo.createRecord', times: 1 });
    const rkey = kind === 'acceptThenServerError' ? '3kbbbbbbbbbbb' : '3kccccccccccc';
    const record = { $type: 'app.bsky.feed.post', text: kind, createdAt: NOW.toISOString() };
    const answer = await xrpc('com.atproto.repo.createRecord', {
      method: 'POST',
      headers: { ...bearer(), 'content-type': 'application/json' },
      body: JSON.stringify({ repo: demo.did, collection: 'app.bsky.feed.post', rkey, record }),
    });
    expect([answer.status, await answer.text()]).toEqual([status, body]);
    const { data } = await agent.com.atproto.repo.getRecord({
      repo: demo.did,
      collection: 'app.bsky.feed.post',
      rkey,
    });
    expect(data.value).toMatchObject({ text: kind });
  });
});

describe('Bluesky server: the video service', () => {
  async function upload(bytes: Uint8Array): Promise<string> {
    const { data } = await agent.com.atproto.server.getServiceAuth({
      aud: `did:web:${new URL(server.url).hostname}`,
      lxm: 'com.atproto.repo.uploadBlob',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const answer = await xrpc(`app.bsky.video.uploadVideo?did=${demo.did}&name=clip.mp4`, {
      method: 'POST',
      headers: { authorization: `Bearer ${data.token}`, 'content-type': 'video/mp4' },
      body: bytes,
    });
    expect(answer.status).toBe(200);
    const { jobStatus } = (await answer.json()) as { jobStatus: { jobId: string; state: string } };
    expect(jobStatus.state).toBe('JOB_STATE_CREATED');
    return jobStatus.jobId;
  }
  const status = async (jobId: string) =>
    ((await (await xrpc(`app.bsky.video.getJobStatus?jobId=${jobId}`)).json()) as { jobStatus: unknown })
      .jobStatus;

  it('puts an MP4 into the repo with the service token; the job completes with its blob', async () => {
    server.faults.set({ kind: 'slowProcessing', polls: 1, call: 'app.bsky.video.uploadVideo', times: 1 });
    const mp4 = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 9, 9]);
    const jobId = await upload(mp4);
    expect(await status(jobId)).toMatchObject({ state: 'JOB_STATE_ENCODING' });
    expect(await status(jobId)).toMatchObject({
      state: 'JOB_STATE_COMPLETED',
      blob: { $type: 'blob', mimeType: 'video/mp4', size: mp4.byteLength },
    });
    expect(server.video.uploads.at(-1)).toEqual({
      did: demo.did,
      name: 'clip.mp4',
      bytes: 14,
      mime: 'video/mp4',
      contentLength: '14',
    });
  });

  it('fails the job of a file that is not an MP4', async () => {
    const jobId = await upload(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(await status(jobId)).toMatchObject({
      state: 'JOB_STATE_FAILED',
      failureCode: 'validation_failure',
    });
  });
});
