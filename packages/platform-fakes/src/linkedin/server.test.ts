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
