import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGraphSandbox } from './sandbox.ts';
import { type GraphFake, startGraphFake } from './server.ts';

const MP4 = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0]);
let fake: GraphFake;
let pageId: string;
let token: string;

beforeAll(async () => {
  fake = await startGraphFake({ now: () => new Date('2026-03-01T10:00:00Z'), videoChunkBytes: 64 });
  const sandbox = seedGraphSandbox(fake);
  pageId = sandbox.pages[0]?.id ?? '';
  // A page token, as /me/accounts hands it out.
  token = fake.state.oauth.issue('app', sandbox.user.id, ['pages_manage_posts'], { page: [pageId] }).access
    .token;
});
afterAll(() => fake.stop());

interface Answer {
  id?: string;
  post_id?: string;
  upload_session_id?: string;
  video_id?: string;
  data?: { key: string; type: string }[];
  error?: Record<string, unknown>;
}

const post = async (path: string, form: Record<string, string> | FormData) => {
  const answer = await fetch(`${fake.url}/v23.0/${pageId}/${path}?access_token=${token}`, {
    method: 'POST',
    body: form instanceof FormData ? form : new URLSearchParams(form),
  });
  return { status: answer.status, body: (await answer.json()) as Answer };
};

let serial = 0;
const feed = (targeting: string) => post('feed', { message: `Targeted ${++serial}`, targeting });

describe('Graph fake: a post’s targeting', () => {
  it('keeps the targeting of a feed post and says on its public page who sees it', async () => {
    const targeting = { geo_locations: { countries: ['ES'], cities: [{ key: '296875' }] } };
    const { status, body } = await feed(JSON.stringify(targeting));
    expect(status).toBe(200);
    expect(fake.state.pagePosts.get(body.id ?? '')?.targeting).toEqual(targeting);
    const page = await (await fetch(`${fake.url}/${body.id}`)).text();
    expect(page).toContain('Shown only to people in: Spain (country), Toronto (city)');
    const plain = await feed('{"geo_locations":{"regions":[{"key":"528","name":"Ontario"}]}}');
    expect(plain.status).toBe(200);
    const untargeted = await post('feed', { message: 'Everyone' });
    expect(fake.state.pagePosts.get(untargeted.body.id ?? '')?.targeting).toBeUndefined();
    expect(await (await fetch(`${fake.url}/${untargeted.body.id}`)).text()).not.toContain('Shown only');
  });

  it('takes the keys its adgeolocation search answers', async () => {
    const search = await fetch(
      `${fake.url}/v23.0/search?${new URLSearchParams({ type: 'adgeolocation', q: 'tokyo', access_token: token })}`,
    );
    const found = ((await search.json()) as Answer).data ?? [];
    expect(found.map((l) => `${l.type} ${l.key}`)).toEqual(['region 2163', 'city 2459115']);
    for (const place of found) {
      const kind = place.type === 'region' ? 'regions' : 'cities';
      const { status } = await feed(JSON.stringify({ geo_locations: { [kind]: [{ key: place.key }] } }));
      expect(status).toBe(200);
    }
    // A city's key is not a region's.
    const swapped = await feed(JSON.stringify({ geo_locations: { regions: [{ key: '2459115' }] } }));
    expect(swapped.body.error).toMatchObject({ code: 100, message: expect.stringContaining('2459115') });
  });

  it.each([
    ['malformed JSON', '{"geo_locations":', /JSON-encoded object/],
    ['not an object', '["CA"]', /JSON-encoded object/],
    ['an unknown key', '{"geo_locations":{"countries":["CA"]},"audience":1}', /Invalid keys "audience"/],
    ['an unknown geo key', '{"geo_locations":{"planets":["Mars"]}}', /Invalid keys "planets"/],
    ['an unknown key in a city', '{"geo_locations":{"cities":[{"key":"296875","x":1}]}}', /Invalid keys "x"/],
    ['an unknown country', '{"geo_locations":{"countries":["ZZ"]}}', /Invalid country key "ZZ"/],
    ['no place at all', '{"geo_locations":{}}', /at least one location/],
    ['countries not a list', '{"geo_locations":{"countries":"CA"}}', /must be an array/],
  ])('refuses %s with 100 invalid parameter', async (_what, targeting, message) => {
    const { status, body } = await feed(targeting);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      code: 100,
      type: 'OAuthException',
      message: expect.stringMatching(message),
    });
    expect(body.error?.['message']).toMatch(/^\(#100\) /);
  });

  it('refuses places inside one another: "Some of your locations overlap"', async () => {
    const { body } = await feed(
      JSON.stringify({ geo_locations: { countries: ['CA'], cities: [{ key: '296875' }] } }),
    );
    expect(body.error).toMatchObject({
      code: 100,
      message: 'Invalid parameter',
      error_user_msg: 'Some of your locations overlap. Try removing a location.',
    });
    const regionAndCity = await feed(
      JSON.stringify({ geo_locations: { regions: [{ key: '528' }], cities: [{ key: '296875' }] } }),
    );
    expect(regionAndCity.body.error).toMatchObject({ code: 100 });
  });

  it('takes targeting on photos and on a video’s finish, and refuses it malformed there too', async () => {
    const targeting = JSON.stringify({ geo_locations: { countries: ['JP'] } });
    const photo = new FormData();
    photo.set('source', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])]), 'a.jpg');
    photo.set('message', 'A photo for Japan');
    photo.set('targeting', targeting);
    const published = await post('photos', photo);
    expect(fake.state.pagePosts.get(published.body.post_id ?? '')?.targeting).toEqual(JSON.parse(targeting));
    photo.set('targeting', '{"geo_locations":{"countries":["JP"]},"genders":[1]}');
    expect((await post('photos', photo)).body.error).toMatchObject({ code: 100 });

    const start = await post('videos', { upload_phase: 'start', file_size: String(MP4.byteLength) });
    const chunk = new FormData();
    chunk.set('upload_phase', 'transfer');
    chunk.set('upload_session_id', start.body.upload_session_id ?? '');
    chunk.set('start_offset', '0');
    chunk.set('video_file_chunk', new Blob([MP4]), 'v.mp4');
    await post('videos', chunk);
    const finish = { upload_phase: 'finish', upload_session_id: start.body.upload_session_id ?? '' };
    const refused = await post('videos', { ...finish, targeting: 'CA' });
    expect(refused.body.error).toMatchObject({ code: 100 });
    expect((await post('videos', { ...finish, targeting, description: 'A clip' })).status).toBe(200);
    const video = fake.state.videos.get(start.body.video_id ?? '');
    expect(fake.state.pagePosts.get(video?.postId ?? '')?.targeting).toEqual(JSON.parse(targeting));
  });
});
