import { type LinkedInFake, startLinkedInFake } from '@postdeck/platform-fakes/linkedin/server';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { testMedia } from '../../test/media-files.ts';
import type { AccountAccess, Grant, PlatformAdapter, PostInput } from '../adapter.ts';
import {
  REDIRECT,
  connectByConsent,
  expectFailure,
  failure,
  itMapsAccountFaults,
  itReadsMetrics,
  itRemovesTwice,
  type PostsFixture,
} from '../adapter-testing.ts';
import { type LinkedInAdapterSettings, createLinkedInAdapter } from './adapter.ts';

const CLIENT = { clientId: 'postdeck-li', clientSecret: 'li-secret' };
const SCOPES = [
  'openid',
  'profile',
  'w_organization_social',
  'r_organization_social',
  'rw_organization_admin',
];
const DAY = 86_400_000;
const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
const waits: number[] = [];
let fake: LinkedInFake;
let adapter: PlatformAdapter;
let grant: Grant;
let account: AccountAccess;
let memberUrn: string;
let orgs: { co: string; labs: string; other: string };

function settings(extra: Partial<LinkedInAdapterSettings> = {}): LinkedInAdapterSettings {
  const host = fake.url;
  return {
    ...CLIENT,
    hosts: { api: host, authorize: host, token: host, web: host },
    clock,
    pollIntervalMs: 1500,
    maxPolls: 5,
    wait: async (ms) => {
      waits.push(ms);
    },
    ...extra,
  };
}

beforeAll(async () => {
  fake = await startLinkedInFake({ now: clock.now, clients: [CLIENT], videoPartBytes: 32 });
  const member = fake.addMember({ givenName: 'Ada', familyName: 'Admin' });
  const someoneElse = fake.addMember({ givenName: 'Other', familyName: 'Person' });
  memberUrn = `urn:li:person:${member.id}`;
  const urn = (org: { id: string }) => `urn:li:organization:${org.id}`;
  orgs = {
    co: urn(
      fake.addOrganization({
        localizedName: 'Acme Co',
        vanityName: 'acme-co',
        admins: [{ memberId: member.id }],
      }),
    ),
    labs: urn(
      fake.addOrganization({
        localizedName: 'Acme Labs',
        vanityName: 'acme-labs',
        admins: [{ memberId: member.id, role: 'CONTENT_ADMINISTRATOR' }],
      }),
    ),
    other: urn(
      fake.addOrganization({
        localizedName: 'Watched Only',
        vanityName: 'watched',
        admins: [
          { memberId: member.id, role: 'ANALYST' },
          { memberId: someoneElse.id, role: 'ADMINISTRATOR' },
        ],
      }),
    ),
  };
  adapter = createLinkedInAdapter(settings());
  grant = await connect();
  account = { externalId: orgs.co, grant };
});
afterEach(() => {
  fake.faults.clear();
  waits.length = 0;
});
afterAll(() => fake.stop());

const connect = () => connectByConsent(adapter, { answer: { userId: [...fake.state.members.keys()][0] } });

const post = (text: string, media: PostInput['media'] = []): PostInput => ({
  text,
  media,
  idempotencyKey: `key-${text}`,
});

/** The shared post tests' view of this suite. */
const fixture = (): PostsFixture => ({ adapter, account, posts: fake.posts, now: () => clock.now(), post });

describe('LinkedIn: connect', () => {
  it('asks for consent with our scopes (no PKCE: a web client with a secret)', () => {
    const url = new URL(
      adapter.authorizationUrl?.({ state: 's', redirectUri: REDIRECT, codeChallenge: 'c' }) ?? '',
    );
    expect(url.origin + url.pathname).toBe(`${fake.url}/oauth/v2/authorization`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      state: 's',
      scope: SCOPES.join(' '),
    });
  });

  it('exchanges the code for a 60-day grant with a 365-day refresh token and the member', () => {
    expect(grant).toMatchObject({
      scopes: SCOPES,
      expiresAt: new Date(clock.now().getTime() + 60 * DAY).toISOString(),
      refreshExpiresAt: new Date(clock.now().getTime() + 365 * DAY).toISOString(),
      context: { memberUrn },
    });
    expect(grant.refreshToken).toMatch(/^li-rt-/);
  });

  it("brings back a cancel as LinkedIn's user_cancelled_authorize with the state; a replayed code fails", async () => {
    const url = adapter.authorizationUrl?.({ state: 'd', redirectUri: REDIRECT }) ?? '';
    const denied = await submitConsent(url, { decision: 'deny' });
    expect(denied.searchParams.get('error')).toBe('user_cancelled_authorize');
    expect(denied.searchParams.get('state')).toBe('d');
    const code = (await submitConsent(url, { decision: 'approve' })).searchParams.get('code') ?? '';
    await adapter.exchangeCode?.({ code, redirectUri: REDIRECT });
    const replayed = await failure(adapter.exchangeCode?.({ code, redirectUri: REDIRECT }));
    expect(replayed.kind).toBe('rejected');
    expect(replayed.detail.platformCode).toBe('invalid_request');
    expect(replayed.detail.platformMessage).toMatch(/^Unable to retrieve access token/);
  });

  it('refreshes past expiry: the old token fails reauthorize, the new one works, the refresh token keeps its end', async () => {
    const old = await connect();
    clock.advance(61 * DAY);
    const expired = await failure(adapter.targets(old));
    expect([expired.kind, expired.detail.platformCode]).toEqual(['reauthorize', 'EXPIRED_ACCESS_TOKEN']);
    const renewed = await adapter.refresh?.(old);
    if (!renewed) throw new Error('no refresh');
    expect(renewed.accessToken).not.toBe(old.accessToken);
    expect(renewed.refreshToken).toBe(old.refreshToken);
    expect(renewed.refreshExpiresAt).toBe(old.refreshExpiresAt);
    expect(renewed.context).toEqual(old.context);
    expect(await adapter.targets(renewed)).toHaveLength(2);
    clock.advance(305 * DAY);
    expect((await failure(adapter.refresh?.(renewed))).kind).toBe('reauthorize');
    account = { ...account, grant: await connect() };
  });

  it('keeps the scopes as granted: without w_organization_social the organisations list but publishing is refused', async () => {
    const url = adapter.authorizationUrl?.({ state: 'u', redirectUri: REDIRECT }) ?? '';
    const back = await submitConsent(url, { decision: 'approve', untick: ['w_organization_social'] });
    const partial = await adapter.exchangeCode?.({
      code: back.searchParams.get('code') ?? '',
      redirectUri: REDIRECT,
    });
    if (!partial) throw new Error('no exchangeCode');
    expect(partial.scopes).not.toContain('w_organization_social');
    expect(await adapter.targets(partial)).toHaveLength(2);
    const refused = await failure(adapter.publish({ externalId: orgs.co, grant: partial }, post('No scope')));
    expect([refused.kind, refused.detail.status, refused.detail.platformCode]).toEqual([
      'rejected',
      403,
      'ACCESS_DENIED',
    ]);
  });

  it('lists the organisations the member may post for, with logo and page', async () => {
    const targets = await adapter.targets(account.grant);
    expect(targets.map((t) => t.externalId)).toEqual([orgs.co, orgs.labs]);
    expect(targets[0]).toEqual({
      externalId: orgs.co,
      name: 'Acme Co',
      handle: 'acme-co',
      avatarUrl: expect.stringMatching(new RegExp(`^${fake.url}/dms/media/`)) as unknown,
      profileUrl: `${fake.url}/company/acme-co`,
    });
    expect((await fetch(targets[0]?.avatarUrl ?? '')).headers.get('content-type')).toBe('image/png');
  });
});

describe('LinkedIn: publish, find, metrics, remove', () => {
  it('publishes text as the organisation, escaped for little text; the link as an article; the URL opens it', async () => {
    const published = await adapter.publish(account, {
      ...post('Hello (LinkedIn) #news'),
      link: 'https://example.org/a',
    });
    expect(published.externalId).toMatch(/^urn:li:share:\d+$/);
    expect(published.url).toBe(`${fake.url}/feed/update/${published.externalId}`);
    expect(fake.state.postBodies.get(published.externalId)).toMatchObject({
      author: orgs.co,
      commentary: 'Hello \\(LinkedIn\\) \\#news',
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      content: { article: { source: 'https://example.org/a', title: 'Hello (LinkedIn) #news' } },
    });
    const page = await fetch(published.url);
    expect(await page.text()).toContain('Hello (LinkedIn) #news');
  });

  it('publishes one image, then several as multiImage, each uploaded to its URL and read until AVAILABLE', async () => {
    const one = await adapter.publish(
      account,
      post('One photo', [{ ...testMedia('image'), altText: 'A cat' }]),
    );
    const body = fake.state.postBodies.get(one.externalId) as {
      content: { media: { id: string; altText: string } };
    };
    expect(body.content.media.altText).toBe('A cat');
    expect(fake.state.media.get(body.content.media.id)).toMatchObject({
      owner: orgs.co,
      status: 'AVAILABLE',
      mime: 'image/jpeg',
    });
    const many = await adapter.publish(
      account,
      post('Two photos', [testMedia('image'), testMedia('image', 'b.jpg')]),
    );
    const multi = fake.state.postBodies.get(many.externalId) as {
      content: { multiImage: { images: unknown[] } };
    };
    expect(multi.content.multiImage.images).toHaveLength(2);
    expect(fake.posts.get(many.externalId)?.media).toHaveLength(2);
    expect(waits).toEqual([]);
  });

  it('publishes a video in parts: a PUT per upload instruction, finalize with the ETags, then waits for AVAILABLE', async () => {
    const video = testMedia('video');
    const published = await adapter.publish(account, {
      ...post('A clip', [video]),
      link: 'https://example.org/v',
    });
    const body = fake.state.postBodies.get(published.externalId) as {
      commentary: string;
      content: { media: { id: string } };
    };
    expect(body.commentary).toBe('A clip\n\nhttps://example.org/v');
    const stored = fake.state.media.get(body.content.media.id);
    expect(stored?.parts.map((p) => [p.firstByte, p.lastByte, p.bytes?.byteLength])).toEqual([
      [0, 31, 32],
      [32, 63, 32],
      [64, video.bytes - 1, video.bytes - 64],
    ]);
    expect(stored?.bytes?.byteLength).toBe(video.bytes);
    expect(waits).toEqual([1500]);
  });

  it('publishes for the second organisation too', async () => {
    const labs = { ...account, externalId: orgs.labs };
    const published = await adapter.publish(labs, post('From the labs'));
    expect(fake.posts.get(published.externalId)?.account).toBe(orgs.labs);
  });

  it('finds a post whose answer was lost among the organisation’s posts', async () => {
    const since = clock.now().toISOString();
    clock.advance(1000);
    const published = await adapter.publish(account, post('Findable [1]'));
    expect(await adapter.find?.(account, post('Findable [1]'), since)).toEqual(published);
    expect(await adapter.find?.(account, post('Never sent'), since)).toBeNull();
    clock.advance(1000);
    expect(await adapter.find?.(account, post('Findable [1]'), clock.now().toISOString())).toBeNull();
  });

  it('pages through the organisation’s posts until past the attempt’s start', async () => {
    const since = clock.now().toISOString();
    clock.advance(1000);
    const wanted = await adapter.publish(account, post('Deep in the feed'));
    // 120 newer posts push it onto the third page of 50.
    const fillers = Array.from({ length: 120 }, (_, i) => `urn:li:share:99${i}`);
    for (const [i, id] of fillers.entries()) {
      clock.advance(1000);
      fake.posts.add({ id, account: orgs.co, text: `Filler ${i}`, media: [], createdAt: clock.now() });
    }
    expect(await adapter.find?.(account, post('Deep in the feed'), since)).toEqual(wanted);
    expect(await adapter.find?.(account, post('Deep in the feed'), clock.now().toISOString())).toBeNull();
    for (const id of fillers) fake.posts.markDeleted(id, clock.now());
  });

  it('sends the visibility the options choose, PUBLIC otherwise', async () => {
    const members = await adapter.publish(account, {
      ...post('Members only'),
      options: { visibility: 'LOGGED_IN' },
    });
    expect(fake.state.postBodies.get(members.externalId)).toMatchObject({ visibility: 'LOGGED_IN' });
    const open = await adapter.publish(account, post('Everyone'));
    expect(fake.state.postBodies.get(open.externalId)).toMatchObject({ visibility: 'PUBLIC' });
  });

  it('tells each file’s URN as LinkedIn hands it out; a later attempt reuses an upload LinkedIn holds', async () => {
    const told: Record<string, string>[] = [];
    const onProgress = async (ids: Record<string, string>) => {
      told.push(ids);
    };
    const files = [testMedia('video')];
    fake.faults.set({ kind: 'acceptThenMalformed', call: 'POST /rest/posts', times: 1 });
    const lost = await failure(adapter.publish(account, { ...post('Resumed clip', files), onProgress }));
    expect(lost.kind).toBe('outcomeUnknown');
    expect(told).toEqual([{ media0: expect.stringMatching(/^urn:li:video:/) as unknown }]);
    const progress = { media0: told[0]?.['media0'] ?? '' };
    fake.posts.markDeleted(fake.posts.all().at(-1)?.id ?? '', clock.now());
    const uploads = fake.state.media.size;
    const again = await adapter.publish(account, { ...post('Resumed clip', files), progress });
    expect(fake.state.media.size).toBe(uploads);
    expect(fake.state.postMedia.get(again.externalId)).toEqual([progress.media0]);

    // An upload whose bytes never came, or one LinkedIn does not know, goes again.
    const waiting = fake.state.media.get(progress.media0);
    if (waiting) waiting.status = 'WAITING_UPLOAD';
    const clip = await adapter.publish(account, { ...post('Fresh clip', files), progress });
    const photo = await adapter.publish(account, {
      ...post('Fresh photo', [testMedia('image')]),
      progress: { media0: 'urn:li:image:D4E10AQunknown' },
    });
    expect(fake.state.media.size).toBe(uploads + 2);
    expect(fake.state.postMedia.get(clip.externalId)).not.toEqual([progress.media0]);
    expect(fake.state.postMedia.get(photo.externalId)?.[0]).toMatch(/^urn:li:image:/);
  });

  itReadsMetrics(
    'reads share statistics: impressions, unique impressions, likes, comments, shares, clicks',
    { views: 500, reach: 320, reactions: 12, shares: 3, comments: 4, linkClicks: 9 },
    fixture,
  );

  it('leaves out what share statistics do not give (saves, video views, watch time)', async () => {
    const published = await adapter.publish(account, post('Partly counted'));
    const stored = fake.posts.get(published.externalId);
    if (stored) stored.metrics = { views: 10, saves: 4, videoViews: 7, watchTimeS: 30 };
    expect(await adapter.metrics?.(account, published.externalId)).toEqual({
      views: 10,
      reach: 0,
      reactions: 0,
      comments: 0,
      shares: 0,
      linkClicks: 0,
      at: clock.now().toISOString(),
    });
  });

  it('a count LinkedIn leaves out of totalShareStatistics stays absent, not 0', async () => {
    const published = await adapter.publish(account, post('No clicks counted'));
    const stored = fake.posts.get(published.externalId);
    if (stored) stored.metrics = { views: 50, reactions: 2, linkClicks: 6 };
    const withoutClicks: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (!String(input).includes('/rest/organizationalEntityShareStatistics')) return answer;
      const body = (await answer.json()) as { elements: { totalShareStatistics: Record<string, unknown> }[] };
      for (const element of body.elements) {
        delete element.totalShareStatistics['clickCount'];
        delete element.totalShareStatistics['uniqueImpressionsCount'];
      }
      return Response.json(body);
    };
    const metrics = await createLinkedInAdapter(settings({ fetch: withoutClicks })).metrics?.(
      account,
      published.externalId,
    );
    expect(metrics).toEqual({
      views: 50,
      reactions: 2,
      comments: 0,
      shares: 0,
      at: clock.now().toISOString(),
    });
  });

  it("reads the organisation's followers from networkSizes (COMPANY_FOLLOWED_BY_MEMBER)", async () => {
    const org = fake.state.organizations.get(account.externalId.split(':').at(-1) ?? '');
    if (org) org.followers = 8_765;
    expect(await adapter.accountMetrics?.(account)).toEqual({
      followers: 8_765,
      at: clock.now().toISOString(),
    });
  });

  it('share statistics are for ADMINISTRATORs: a content administrator gets 403 (rejected)', async () => {
    const labs = { ...account, externalId: orgs.labs };
    const published = await adapter.publish(labs, post('Posted by a content admin'));
    await expectFailure(adapter.metrics?.(labs, published.externalId), { kind: 'rejected', status: 403 });
  });

  itRemovesTwice('removes a post (204), and a second removal is done too', fixture);
});

describe('LinkedIn: faults', () => {
  const revoked = 'The token used in the request has been revoked by the user';
  itMapsAccountFaults(
    {
      expiredToken: {
        kind: 'reauthorize',
        status: 401,
        platformMessage: 'The token used in the request has expired',
      },
      revokedGrant: { kind: 'reauthorize', status: 401, platformMessage: revoked },
      // A 5xx to a post leaves it unknown whether LinkedIn made it (DESIGN.md §6).
      serverError: { kind: 'outcomeUnknown', status: 500, platformMessage: 'Internal Server Error' },
    },
    (kind) => {
      fake.faults.set({ kind, account: memberUrn, times: 1 });
      return adapter.publish(account, post(kind));
    },
  );

  it('metrics and followers: 429 → rateLimited, a revoked token → reauthorize', async () => {
    const published = await adapter.publish(account, post('Counted later'));
    fake.faults.set({ kind: 'rateLimited', call: 'GET /rest/organizationalEntityShareStatistics', times: 1 });
    await expectFailure(adapter.metrics?.(account, published.externalId), {
      kind: 'rateLimited',
      status: 429,
    });
    fake.faults.set({ kind: 'rateLimited', call: 'GET /rest/networkSizes/:urn', times: 1 });
    await expectFailure(adapter.accountMetrics?.(account), { kind: 'rateLimited', status: 429 });
    fake.faults.set({ kind: 'revokedGrant', call: 'GET /rest/networkSizes/:urn', times: 1 });
    await expectFailure(adapter.accountMetrics?.(account), {
      kind: 'reauthorize',
      status: 401,
      platformMessage: revoked,
    });
  });

  it('a 5xx to a read, or to an upload nothing points to yet, is transient', async () => {
    fake.faults.set({ kind: 'serverError', call: 'GET /rest/organizationAcls', times: 1 });
    await expectFailure(adapter.targets(account.grant), { kind: 'transient', status: 500 });
    fake.faults.set({ kind: 'serverError', call: 'POST /rest/images?action=initializeUpload', times: 1 });
    await expectFailure(adapter.publish(account, post('Upload failed', [testMedia('image')])), {
      kind: 'transient',
      status: 500,
    });
  });

  for (const kind of ['acceptThenServerError', 'acceptThenMalformed'] as const)
    it(`${kind} on the post → outcomeUnknown; LinkedIn holds the post and find brings it back`, async () => {
      const since = clock.now().toISOString();
      fake.faults.set({ kind, call: 'POST /rest/posts', times: 1 });
      const error = await failure(adapter.publish(account, post(`Answer lost: ${kind}`)));
      expect(error.kind).toBe('outcomeUnknown');
      const stored = fake.posts.all().at(-1);
      expect(stored?.text).toBe(`Answer lost: ${kind}`);
      expect(await adapter.find?.(account, post(`Answer lost: ${kind}`), since)).toEqual({
        externalId: stored?.id,
        url: `${fake.url}/feed/update/${stored?.id}`,
      });
    });

  it('a malformed answer to an upload is transient: nothing points to the file yet', async () => {
    fake.faults.set({
      kind: 'acceptThenMalformed',
      call: 'POST /rest/videos?action=initializeUpload',
      times: 1,
    });
    const before = fake.posts.all().length;
    const error = await failure(adapter.publish(account, post('Clip, answer garbled', [testMedia('video')])));
    expect(error.kind).toBe('transient');
    expect(fake.posts.all()).toHaveLength(before);
  });

  it('a lookup that cannot finish throws rather than answering "not there"', async () => {
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 60, call: 'GET /rest/posts', times: 1 });
    await expectFailure(adapter.find?.(account, post('Anything'), clock.now().toISOString()), {
      kind: 'rateLimited',
    });
  });

  it('429 → rateLimited with the wait from Retry-After', async () => {
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 120, call: 'POST /rest/posts', times: 1 });
    await expectFailure(adapter.publish(account, post('Too fast')), {
      kind: 'rateLimited',
      retryAfterMs: 120_000,
      platformCode: 'TOO_MANY_REQUESTS',
    });
  });

  it("content rejected → rejected with LinkedIn's message; a duplicate is a 422 naming the first", async () => {
    fake.faults.set({
      kind: 'contentRejected',
      message: 'The content violates the Professional Community Policies.',
      times: 1,
    });
    const error = await failure(adapter.publish(account, post('Rude')));
    expect([error.kind, error.detail.status, error.detail.platformMessage]).toEqual([
      'rejected',
      422,
      'The content violates the Professional Community Policies.',
    ]);
    const first = await adapter.publish(account, post('Said once'));
    const duplicate = await failure(adapter.publish(account, post('Said once')));
    expect([duplicate.kind, duplicate.detail.status, duplicate.detail.platformMessage]).toEqual([
      'rejected',
      422,
      `Content is a duplicate of ${first.externalId}`,
    ]);
  });

  it('a file LinkedIn cannot process → mediaInvalid with its reason', async () => {
    const broken = testMedia('image', 'broken.jpg', new Uint8Array([1, 2, 3, 4]));
    const image = await failure(adapter.publish(account, post('Broken', [broken])));
    expect([image.kind, image.detail.platformMessage]).toEqual([
      'mediaInvalid',
      'Unable to process the uploaded image: unsupported format',
    ]);
    const notVideo = testMedia('video', 'fake.mp4', new Uint8Array(40).fill(9));
    const video = await failure(adapter.publish(account, post('Not a video', [notVideo])));
    expect([video.kind, video.detail.platformMessage]).toEqual([
      'mediaInvalid',
      'Video format is not supported',
    ]);
  });

  it('slow processing: reads through the injected wait until AVAILABLE, or gives up (transient) past maxPolls', async () => {
    fake.faults.set({
      kind: 'slowProcessing',
      polls: 4,
      call: 'POST /rest/videos?action=finalizeUpload',
      times: 1,
    });
    await adapter.publish(account, post('Slow clip', [testMedia('video')]));
    expect(waits).toEqual([1500, 1500, 1500, 1500]);
    waits.length = 0;
    fake.faults.set({ kind: 'slowProcessing', polls: 50, call: 'PUT /dms-uploads', times: 1 });
    const before = fake.posts.all().length;
    const error = await failure(adapter.publish(account, post('Too slow', [testMedia('image')])));
    expect(error.kind).toBe('transient');
    expect(waits).toHaveLength(5);
    expect(fake.posts.all()).toHaveLength(before);
  });

  it('accept then hang → outcomeUnknown; the post exists and find brings it back', async () => {
    const since = clock.now().toISOString();
    const impatient = createLinkedInAdapter(settings({ timeoutMs: 300 }));
    fake.faults.set({ kind: 'acceptThenHang', call: 'POST /rest/posts', times: 1 });
    const error = await failure(impatient.publish(account, post('Lost answer')));
    expect(error.kind).toBe('outcomeUnknown');
    const stored = fake.posts.all().at(-1);
    expect(stored?.text).toBe('Lost answer');
    expect((await adapter.find?.(account, post('Lost answer'), since))?.externalId).toBe(stored?.id);
  });

  it('without the versioned headers LinkedIn answers 400, which is a refusal', async () => {
    const unversioned = createLinkedInAdapter(settings({ version: '' }));
    const error = await failure(unversioned.targets(account.grant));
    expect([error.kind, error.detail.status, error.detail.platformCode]).toEqual([
      'rejected',
      400,
      'VERSION_MISSING',
    ]);
  });
});
