import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkProblem } from './publish.ts';
import { type TikTokFake, seedTikTokSandbox, startTikTokFake } from './server.ts';

const MB = 1024 * 1024;
let fake: TikTokFake;
let token: string;

beforeAll(async () => {
  fake = await startTikTokFake({ clients: [{ clientId: 'key', clientSecret: 's' }] });
  const { creator } = seedTikTokSandbox(fake);
  token = fake.state.oauth.issue('key', creator.openId, ['video.publish', 'video.list']).access.token;
});
afterAll(() => fake.stop());

const api = async (path: string, body: unknown, bearer = token) => {
  const response = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json; charset=UTF-8' },
    body: JSON.stringify(body),
  });
  return [response.status, await response.text()] as const;
};

describe('TikTok fake', () => {
  it('keeps the chunk rules of FILE_UPLOAD', () => {
    expect(chunkProblem(1000, 1000, 1)).toBeUndefined();
    expect(chunkProblem(1000, 500, 2)).toMatch(/one chunk/);
    expect(chunkProblem(12 * MB, 5 * MB, 2)).toBeUndefined();
    expect(chunkProblem(12 * MB, 5 * MB, 3)).toMatch(/floor/);
    expect(chunkProblem(200 * MB, 65 * MB, 3)).toMatch(/between 5 MB and 64 MB/);
  });

  it('answers in the envelope, errors too', async () => {
    const [status, body] = await api('/v2/post/publish/creator_info/query/', {}, 'nope');
    expect(status).toBe(401);
    expect(JSON.parse(body)).toMatchObject({
      data: {},
      error: { code: 'access_token_invalid', log_id: expect.any(String) },
    });
    const [okStatus, okBody] = await api('/v2/post/publish/creator_info/query/', {});
    expect(okStatus).toBe(200);
    expect(JSON.parse(okBody)).toMatchObject({
      data: { creator_username: 'postdeck.demo' },
      error: { code: 'ok', message: '' },
    });
  });

  it('takes chunks in order with Content-Range, 206 then 201, and reports the post id as a bare int64', async () => {
    const size = 12 * MB;
    const [, init] = await api('/v2/post/publish/video/init/', {
      post_info: { title: 'Chunked', privacy_level: 'PUBLIC_TO_EVERYONE' },
      source_info: { source: 'FILE_UPLOAD', video_size: size, chunk_size: 5 * MB, total_chunk_count: 2 },
    });
    const { publish_id, upload_url } = (
      JSON.parse(init) as { data: { publish_id: string; upload_url: string } }
    ).data;
    expect(upload_url.startsWith(`${fake.url}/upload/`)).toBe(true);
    const file = new Uint8Array(size);
    file.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]);
    const put = (start: number, end: number) =>
      fetch(upload_url, {
        method: 'PUT',
        headers: { 'content-type': 'video/mp4', 'content-range': `bytes ${start}-${end - 1}/${size}` },
        body: file.slice(start, end),
      });
    expect((await put(5 * MB, size)).status).toBe(416);
    expect((await put(0, 5 * MB)).status).toBe(206);
    expect((await put(5 * MB, size)).status).toBe(201);
    const [, first] = await api('/v2/post/publish/status/fetch/', { publish_id });
    expect(JSON.parse(first)).toMatchObject({ data: { status: 'PROCESSING_UPLOAD', uploaded_bytes: size } });
    const [, done] = await api('/v2/post/publish/status/fetch/', { publish_id });
    expect(done).toMatch(/"status":"PUBLISH_COMPLETE".*"publicaly_available_post_id":\[\d{19}\]/);
  });

  it('lets a token call the init endpoints 6 times a minute', async () => {
    const creator = fake.addCreator({ username: 'busy' });
    const busy = fake.state.oauth.issue('key', creator.openId, ['video.publish']).access.token;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await api('/v2/post/publish/video/init/', {}, busy))[0]);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429]);
    expect(fake.limitsExceeded()).toEqual([
      { account: creator.openId, limit: 'init calls per minute', exceeded: 1 },
    ]);
  });

  it('answers a content refusal with HTTP 200', async () => {
    fake.faults.set({ kind: 'contentRejected', message: 'Flagged.', times: 1 });
    const [status, body] = await api('/v2/post/publish/video/init/', {});
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'spam_risk_text', message: 'Flagged.' } });
  });

  it('answers user/info field by field, each behind its scope', async () => {
    const creator = [...fake.state.creators.values()][0];
    if (!creator) throw new Error('no creator');
    const info = (fields: string, scopes: string[]) =>
      fetch(`${fake.url}/v2/user/info/?fields=${fields}`, {
        headers: {
          authorization: `Bearer ${fake.state.oauth.issue('key', creator.openId, scopes).access.token}`,
        },
      }).then(async (r) => [r.status, await r.json()] as const);
    expect(await info('open_id,display_name,follower_count', ['user.info.basic', 'user.info.stats'])).toEqual(
      [
        200,
        {
          data: {
            user: {
              open_id: creator.openId,
              display_name: creator.nickname,
              follower_count: creator.followers,
            },
          },
          error: { code: 'ok', message: '', log_id: expect.any(String) },
        },
      ],
    );
    const [status, refused] = await info('follower_count', ['user.info.basic']);
    expect([status, refused]).toMatchObject([401, { error: { code: 'scope_not_authorized' } }]);
  });
});
