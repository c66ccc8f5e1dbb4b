import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type VkFake, seedVkSandbox, startVkFake } from './server.ts';

let now = new Date('2026-03-01T10:00:00Z');
let fake: VkFake;
let token: string;
let groupId: number;

beforeAll(async () => {
  fake = await startVkFake({ now: () => now, clients: [{ clientId: 'app', clientSecret: 's' }] });
  const { user, communities } = seedVkSandbox(fake);
  groupId = communities[0]?.id ?? 0;
  token = fake.state.oauth.issue('app', String(user.id), ['wall', 'photos', 'video', 'groups']).access.token;
});
afterAll(() => fake.stop());

const call = async (method: string, params: Record<string, string>, withVersion = true) => {
  const response = await fetch(`${fake.url}/method/${method}`, {
    method: 'POST',
    body: new URLSearchParams({ access_token: token, ...(withVersion ? { v: '5.199' } : {}), ...params }),
  });
  return [response.status, await response.json()] as const;
};

describe('VK fake', () => {
  it('answers every error with HTTP 200 and the request params, the token left out', async () => {
    expect(await call('groups.get', {}, false)).toEqual([
      200,
      {
        error: {
          error_code: 8,
          error_msg: 'Invalid request: v (version) is required',
          request_params: [{ key: 'method', value: 'groups.get' }],
        },
      },
    ]);
    fake.faults.set({ kind: 'rateLimited', times: 1 });
    const [status, body] = await call('wall.post', { owner_id: `-${groupId}`, message: 'x' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ error: { error_code: 6, error_msg: 'Too many requests per second' } });
  });

  it('lists only the communities the user administers', async () => {
    const [, body] = await call('groups.get', { filter: 'admin', extended: '1' });
    expect((body as { response: { count: number } }).response.count).toBe(2);
    const [, all] = await call('groups.get', {});
    expect(all).toEqual({ response: { count: 0, items: [] } });
  });

  it('groups.getById answers {groups, profiles}, members_count only when asked, 100 for an unknown id', async () => {
    const [, plain] = await call('groups.getById', { group_id: String(groupId) });
    expect(plain).toMatchObject({ response: { groups: [{ id: groupId }], profiles: [] } });
    expect((plain as { response: { groups: object[] } }).response.groups[0]).not.toHaveProperty(
      'members_count',
    );
    const [, counted] = await call('groups.getById', { group_ids: String(groupId), fields: 'members_count' });
    expect(counted).toMatchObject({ response: { groups: [{ id: groupId, members_count: 12_480 }] } });
    const [, unknown] = await call('groups.getById', { group_id: '1', fields: 'members_count' });
    expect(unknown).toMatchObject({ error: { error_code: 100 } });
  });

  it('dedupes wall.post by guid and serves the post at /wall<owner>_<id>', async () => {
    const params = { owner_id: `-${groupId}`, from_group: '1', message: 'Paged', guid: 'g1' };
    const [, first] = await call('wall.post', params);
    const [, again] = await call('wall.post', params);
    expect(again).toEqual(first);
    const id = (first as { response: { post_id: number } }).response.post_id;
    const page = await fetch(`${fake.url}/wall-${groupId}_${id}`);
    expect(await page.text()).toContain('Paged');
    expect((await fetch(`${fake.url}/wall-${groupId}_999`)).status).toBe(404);
  });

  it('lists a wall newest first with the pinned post ahead, by pages', async () => {
    const owner = `-${groupId}`;
    const ids: number[] = [];
    for (const message of ['w1', 'w2', 'w3']) {
      const [, body] = await call('wall.post', { owner_id: owner, from_group: '1', message });
      ids.push((body as { response: { post_id: number } }).response.post_id);
    }
    const community = fake.state.communities.get(groupId);
    if (community) community.pinnedPostId = ids[0];
    const [, first] = await call('wall.get', { owner_id: owner, count: '2' });
    expect(first).toMatchObject({
      response: {
        items: [
          { id: ids[0], is_pinned: 1, text: 'w1' },
          { id: ids[2], text: 'w3' },
        ],
      },
    });
    const [, second] = await call('wall.get', { owner_id: owner, count: '2', offset: '2' });
    expect((second as { response: { items: { id: number }[] } }).response.items[0]?.id).toBe(ids[1]);
    if (community) community.pinnedPostId = undefined;
  });

  it('makes the write, then answers code 10 or a broken body for the after-commit faults', async () => {
    const before = fake.posts.all().length;
    fake.faults.set({ kind: 'acceptThenServerError', call: 'wall.post', times: 1 });
    expect(await call('wall.post', { owner_id: `-${groupId}`, from_group: '1', message: 'a' })).toMatchObject(
      [200, { error: { error_code: 10, error_msg: 'Internal server error' } }],
    );
    fake.faults.set({ kind: 'acceptThenMalformed', call: 'wall.post', times: 1 });
    const broken = await fetch(`${fake.url}/method/wall.post`, {
      method: 'POST',
      body: new URLSearchParams({ access_token: token, v: '5.199', owner_id: `-${groupId}`, message: 'b' }),
    });
    expect(broken.status).toBe(200);
    await expect(broken.json()).rejects.toThrow(SyntaxError);
    expect(
      fake.posts
        .all()
        .slice(before)
        .map((p) => p.text),
    ).toEqual(['a', 'b']);
  });

  it('takes a photo on the upload URL it hands out and saves it once', async () => {
    const [, server] = await call('photos.getWallUploadServer', { group_id: String(groupId) });
    const url = (server as { response: { upload_url: string } }).response.upload_url;
    expect(url.startsWith(`${fake.url}/upload/photo/`)).toBe(true);
    const form = new FormData();
    form.set(
      'photo',
      new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])], { type: 'image/jpeg' }),
      'a.jpg',
    );
    const uploaded = (await (await fetch(url, { method: 'POST', body: form })).json()) as Record<
      string,
      unknown
    >;
    expect(uploaded).toMatchObject({ server: expect.any(Number), hash: expect.any(String) });
    const save = {
      group_id: String(groupId),
      ...Object.fromEntries(Object.entries(uploaded).map(([k, v]) => [k, String(v)])),
    };
    const [, saved] = await call('photos.saveWallPhoto', save);
    expect(saved).toMatchObject({ response: [{ owner_id: -groupId }] });
    expect(await call('photos.saveWallPhoto', save)).toMatchObject([200, { error: { error_code: 121 } }]);
  });

  it('says error 5 once the hour of an access token is over', async () => {
    now = new Date(now.getTime() + 3601_000);
    expect(await call('groups.get', { filter: 'admin' })).toMatchObject([
      200,
      { error: { error_code: 5, error_msg: 'User authorization failed: access_token has expired.' } },
    ]);
  });
});
