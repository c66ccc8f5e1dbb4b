import type { ChannelAccount } from '@postdeck/contract/channels';
import type { PublicationScreenshot } from '@postdeck/contract/publication-screenshot';
import type { Publication } from '@postdeck/contract/publishing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, materials, publications, users } from '../../db/schema.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { signUpPeople } from '../../test/people.ts';
import { connectSandboxAccount } from '../../test/sandbox-accounts.ts';
import { type TestApp, call, createTestApp } from '../../test/test-app.ts';
import { screenshotJob } from './screenshot-job.ts';

/**
 * The screenshot proof (issue 20 item 8) on the sandbox's Telegram: a post is published on its
 * local server, then the screenshot job is run by hand (no job queue here) and opens the post's
 * public page there in chromium; the picture becomes a material of the publication. Outside the
 * sandbox's own origins, nothing private is opened.
 */
const PASSWORD = 'Secr3t!pw';
let t: TestApp;
let dept: Awaited<ReturnType<typeof departmentTree>>;
let tokens: Record<string, string>;
let telegram: ChannelAccount;
let telegramServer: string;

type Answer<T> = { status: number; body: { code: number; msg: string; data: T } };
const get = <T>(path: string, who: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', path, { token: tokens[who], query }) as Promise<Answer<T>>;
const post = <T>(path: string, who: string, body: unknown) =>
  call(t.app, 'POST', path, { token: tokens[who], body }) as Promise<Answer<T>>;
const screenshotOf = (id: number, who = 'lead', again = false) =>
  get<PublicationScreenshot>('/content/publish/screenShot', who, {
    id: String(id),
    ...(again ? { again: 'true' } : {}),
  });

const row = async (id: number) => {
  const [found] = await t.db.select().from(publications).where(eq(publications.id, id));
  if (!found) throw new Error(`no publication ${id}`);
  return found;
};

/** A publication of `text` to the sandbox's Telegram, sent by the worker by hand; published unless `send` is false. */
async function published(text: string, send = true): Promise<number> {
  const content = await post<{ id: number }>('/content/create', 'lead', {
    title: `Story ${text}`,
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
    departmentId: dept.news,
  });
  const made = await post<{ publications: Publication[] }>('/content/publish/create', 'lead', {
    contentId: content.body.data.id,
    targets: [{ accountId: telegram.id }],
  });
  const id = made.body.data.publications[0]?.id ?? 0;
  if (send) await t.app.publishing.send(id);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  dept = await departmentTree(t.db);
  ({ tokens } = await signUpPeople(
    t,
    [
      ['lead', dept.news, 'dept_admin'],
      ['intl', dept.intl, 'dept_admin'],
    ],
    { prefix: 's', name: 'Sam', password: PASSWORD },
  ));
  telegram = await connectSandboxAccount(t.app, tokens['lead'], 'telegram', dept.news);
  const [origin] = await t.app.platforms.sandboxOrigins('telegram');
  telegramServer = `http://${origin}`;
});
afterAll(() => t.close());

describe('the screenshot of a published post', () => {
  it('is taken of the platform server’s public post page and filed as a PNG material of the publication', async () => {
    const id = await published('Proof of the pudding');
    const sent = await row(id);
    expect(sent.status).toBe('published');
    expect(sent.externalUrl?.startsWith(`${telegramServer}/`)).toBe(true);

    await screenshotJob(t.app.publicationScreenshots)({ data: { publicationId: id }, retryCount: 0 });

    const after = await row(id);
    expect(after.screenshotError).toBeNull();
    expect(after.screenshotAt).not.toBeNull();
    const [material] = await t.db
      .select()
      .from(materials)
      .where(eq(materials.id, after.screenshotMaterialId ?? 0));
    const [author] = await t.db.select({ id: users.id }).from(users).where(eq(users.account, 's_lead'));
    expect(material).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      departmentId: dept.news,
      uploaderId: author?.id,
    });

    const answer = await screenshotOf(id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ publicationId: id, externalUrl: sent.externalUrl, error: null });
    // The signed address serves the very PNG.
    const file = await t.app.inject({ method: 'GET', url: answer.body.data.screenshot?.url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('refuses a page on a private address outside the sandbox, records why and keeps the earlier picture', async () => {
    const id = await published('Moved house');
    await screenshotJob(t.app.publicationScreenshots)({ data: { publicationId: id }, retryCount: 0 });
    const earlier = (await row(id)).screenshotMaterialId;
    expect(earlier).not.toBeNull();

    for (const url of ['http://10.20.30.40/p/1', 'http://127.1/admin', 'http://[::ffff:127.0.0.1]/']) {
      await t.db.update(publications).set({ externalUrl: url }).where(eq(publications.id, id));
      // Refused for good: the job does not ask the queue to try again.
      await screenshotJob(t.app.publicationScreenshots)({ data: { publicationId: id }, retryCount: 0 });
      const after = await row(id);
      expect(after.screenshotError?.reason, url).toBe('refused');
      expect(after.screenshotMaterialId).toBe(earlier);
    }

    const answer = await screenshotOf(id);
    expect(answer.body.data.error).toMatchObject({ reason: 'refused' });
    expect(answer.body.data.error?.detail).toMatch(/not public unicast/);
    expect(answer.body.data.screenshot?.url).toMatch(new RegExp(`/material/file/${earlier}/original\\?`));
  });

  it('takes none of a publication that is not out, and says so without recording anything', async () => {
    const id = await published('Not yet', false);
    const answer = await screenshotOf(id, 'lead', true);
    expect(answer.body.data).toMatchObject({ screenshot: null, error: { reason: 'notPublished', at: null } });
    expect(await row(id)).toMatchObject({ screenshotAt: null, screenshotError: null });
  });

  it('takes one on demand, audited, and hides publications outside the caller’s scope', async () => {
    const id = await published('On demand');
    expect((await screenshotOf(id, 'intl', true)).status).toBe(404);
    const answer = await screenshotOf(id, 'lead', true);
    expect(answer.body.data.screenshot).not.toBeNull();
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `publication:${id}`));
    expect(entries.map((entry) => entry.action)).toContain('publish.screenshot');
  });
});

describe('the screenshot job', () => {
  const outcome = (reason: 'refused' | 'unreachable') => ({
    take: async () => ({ ok: false as const, reason, detail: null }),
  });

  it('asks the queue to try again what may mend, until its retries are spent; never a refusal', async () => {
    await expect(
      screenshotJob(outcome('unreachable'))({ data: { publicationId: 1 }, retryCount: 0 }),
    ).rejects.toThrow(/tried again/);
    await expect(
      screenshotJob(outcome('unreachable'))({ data: { publicationId: 1 }, retryCount: 2 }),
    ).resolves.toBeUndefined();
    await expect(
      screenshotJob(outcome('refused'))({ data: { publicationId: 1 }, retryCount: 0 }),
    ).resolves.toBeUndefined();
  });
});
