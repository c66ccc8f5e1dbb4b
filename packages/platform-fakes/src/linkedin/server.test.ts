import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LinkedInFake, seedLinkedInSandbox, startLinkedInFake } from './server.ts';

let fake: LinkedInFake;
let token: string;
let orgUrn: string;

beforeAll(async () => {
  fake = await startLinkedInFake({
    clients: [{ clientId: 'postdeck-sandbox', clientSecret: 'postdeck-sandbox-secret' }],
  });
  const { member, organizations } = seedLinkedInSandbox(fake);
  orgUrn = `urn:li:organization:${organizations[0]?.id ?? ''}`;
  token = fake.state.oauth.issue('postdeck-sandbox', member.id, [
    'w_organization_social',
    'r_organization_social',
    'rw_organization_admin',
  ]).access.token;
});
afterAll(() => fake.stop());

const versioned = { 'linkedin-version': '202601', 'x-restli-protocol-version': '2.0.0' };
const call = (path: string, init: RequestInit = {}, headers: Record<string, string> = versioned) =>
  fetch(`${fake.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...headers, ...init.headers },
  });

describe('LinkedIn fake', () => {
  it('seeds a member administering two organisations, once', async () => {
    seedLinkedInSandbox(fake);
    const acls = (await (await call('/rest/organizationAcls?q=roleAssignee')).json()) as {
      elements: { role: string }[];
    };
    expect(acls.elements.map((e) => e.role)).toEqual(['ADMINISTRATOR', 'CONTENT_ADMINISTRATOR']);
  });

  it('wants LinkedIn-Version and X-Restli-Protocol-Version on /rest/ calls', async () => {
    const bare = await call('/rest/organizationAcls?q=roleAssignee', {}, {});
    expect([bare.status, ((await bare.json()) as { code: string }).code]).toEqual([400, 'VERSION_MISSING']);
    const old = await call(
      '/rest/organizationAcls?q=roleAssignee',
      {},
      { ...versioned, 'linkedin-version': '202201' },
    );
    expect([old.status, ((await old.json()) as { code: string }).code]).toEqual([426, 'NONEXISTENT_VERSION']);
    const noRestli = await call(
      '/rest/organizationAcls?q=roleAssignee',
      {},
      { 'linkedin-version': '202601' },
    );
    expect(noRestli.status).toBe(400);
  });

  it('creates a post with 201, an empty body and the URN in x-restli-id; deleting twice answers 204 twice', async () => {
    const created = await call('/rest/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        author: orgUrn,
        commentary: 'Hello',
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED' },
        lifecycleState: 'PUBLISHED',
      }),
    });
    const urn = created.headers.get('x-restli-id') ?? '';
    expect([created.status, await created.text(), urn]).toEqual([
      201,
      '',
      expect.stringMatching(/^urn:li:share:/),
    ]);
    expect((await fetch(`${fake.url}/feed/update/${urn}`)).status).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await call(`/rest/posts/${encodeURIComponent(urn)}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('refuses to post for an organisation the member does not administer', async () => {
    const refused = await call('/rest/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ author: 'urn:li:organization:1', commentary: 'x', lifecycleState: 'PUBLISHED' }),
    });
    expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([
      403,
      'ACCESS_DENIED',
    ]);
  });
});

describe('LinkedIn fake: counts', () => {
  it("answers an organisation's followers from networkSizes, wanting edgeType", async () => {
    const encoded = encodeURIComponent(orgUrn);
    const sized = await call(`/rest/networkSizes/${encoded}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`);
    expect([sized.status, await sized.json()]).toEqual([200, { firstDegreeSize: 2_310 }]);
    const bare = await call(`/rest/networkSizes/${encoded}`);
    expect(bare.status).toBe(400);
    const unknown = await call(
      `/rest/networkSizes/${encodeURIComponent('urn:li:organization:1')}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`,
    );
    expect(unknown.status).toBe(404);
  });

  it("answers a post's share statistics in LinkedIn's names, engagement included", async () => {
    const created = await call('/rest/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        author: orgUrn,
        commentary: 'Counted',
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED' },
        lifecycleState: 'PUBLISHED',
      }),
    });
    const id = created.headers.get('x-restli-id') ?? '';
    const stored = fake.posts.get(id);
    if (stored)
      stored.metrics = { views: 100, reach: 80, reactions: 6, comments: 2, shares: 1, linkClicks: 1 };
    const url = `/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent(orgUrn)}&shares=List(${encodeURIComponent(id)})`;
    const body = (await (await call(url)).json()) as { elements: { totalShareStatistics: object }[] };
    expect(body.elements[0]?.totalShareStatistics).toEqual({
      impressionCount: 100,
      uniqueImpressionsCount: 80,
      likeCount: 6,
      commentCount: 2,
      shareCount: 1,
      clickCount: 1,
      engagement: 0.1,
      shareMentionsCount: 0,
      commentMentionsCount: 0,
    });
  });
});
