import type { ChannelAccount } from '@postdeck/contract/channels';
import type { Publication } from '@postdeck/contract/publishing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, publications } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { signUpPeople } from '../../test/people.ts';
import { connectSandboxAccount } from '../../test/sandbox-accounts.ts';
import { type TestApp, call, createTestApp } from '../../test/test-app.ts';

/**
 * UTM tags on a publish action's links (issue 23, item 3): the text each account is sent carries
 * them, tagged for its platform, as the local platform servers receive it; the preflight counts
 * the longer text; the parent remembers the choice for the next publish and for later edits.
 */
const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
let t: TestApp;
let tokens: Record<string, string>;
let telegram: ChannelAccount;
let mastodon: ChannelAccount;
const servers: Record<string, string> = {};

type Answer<T> = { status: number; body: { code: number; msg: string; data: T } };
const post = <T>(path: string, body: unknown) =>
  call(t.app, 'POST', path, { token: tokens['lead'], body }) as Promise<Answer<T>>;
const fields = (answer: Answer<unknown>) =>
  ((answer.body.data as { errors?: { field: string }[] } | null)?.errors ?? []).map((e) => e.field);
const lastUtm = async () =>
  (
    (await call(t.app, 'GET', '/content/publish/targets', { token: tokens['lead'] })) as Answer<{
      lastUtm: boolean;
    }>
  ).body.data.lastUtm;

async function content(text: string) {
  const res = await post<{ id: number }>('/content/create', {
    title: 'Tagged story',
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
    departmentId: dept,
  });
  if (res.status !== 200) throw new Error(`content: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}
let dept: number;

const publish = (body: Record<string, unknown>) =>
  post<{ parentId: number; publications: Publication[] }>('/content/publish/create', body);

async function sentTexts(platform: string): Promise<string[]> {
  const posts = (await (await fetch(`${servers[platform]}/__fake/posts`)).json()) as { text: string }[];
  return posts.map((p) => p.text);
}

/** Sends every child of a publish action, as the worker does when its job runs. */
async function sendAll(made: Answer<{ publications: Publication[] }>) {
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  for (const child of made.body.data.publications) await t.app.publishing.send(child.id);
}

const tags = (platform: string, contentId: number) =>
  `utm_source=${platform}&utm_medium=social&utm_campaign=content-${contentId}`;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const tree = await departmentTree(t.db);
  dept = tree.news;
  ({ tokens } = await signUpPeople(t, [['lead', tree.news, 'dept_admin']], {
    prefix: 'u',
    name: 'Uma',
    password: 'Secr3t!pw',
  }));
  telegram = await connectSandboxAccount(t.app, tokens['lead'], 'telegram', tree.news);
  mastodon = await connectSandboxAccount(t.app, tokens['lead'], 'mastodon', tree.news);
  for (const platform of ['telegram', 'mastodon'] as const) {
    const [origin] = await t.app.platforms.sandboxOrigins(platform);
    servers[platform] = `http://${origin}`;
  }
});
afterAll(() => t.close());

describe('a publish action with utm on', () => {
  it("sends each account its links tagged for its platform, keeping the author's query, fragment and own tags", async () => {
    expect(await lastUtm()).toBe(false);
    const contentId = await content(
      'Read https://news.example/a?b=1#top. Also https://news.example/b?utm_campaign=spring, mailto:desk@news.example',
    );
    const made = await publish({
      contentId,
      utm: true,
      targets: [{ accountId: telegram.id }, { accountId: mastodon.id, text: 'Own: https://news.example/c' }],
    });
    await sendAll(made);
    expect((await sentTexts('telegram')).at(-1)).toBe(
      `Read https://news.example/a?b=1&${tags('telegram', contentId)}#top. ` +
        'Also https://news.example/b?utm_campaign=spring&utm_source=telegram&utm_medium=social, ' +
        'mailto:desk@news.example',
    );
    expect((await sentTexts('mastodon')).at(-1)).toBe(
      `Own: https://news.example/c?${tags('mastodon', contentId)}`,
    );
    // What is stored is what was sent; the parent keeps the choice, and the audit says it.
    const [telegramChild] = made.body.data.publications;
    expect(telegramChild?.text).toContain(tags('telegram', contentId));
    const [parent] = await t.db
      .select({ options: publications.options })
      .from(publications)
      .where(eq(publications.id, made.body.data.parentId));
    expect(parent?.options).toEqual({ utm: true });
    const audits = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.target, `publication:${made.body.data.parentId}`));
    expect(audits.map((a) => a.detail)).toEqual([expect.objectContaining({ utm: true })]);
    // The next publish starts with the switch as it was left.
    expect(await lastUtm()).toBe(true);
  });

  it('tags the new text of an edit before it goes out, as the action chose', async () => {
    const contentId = await content('Later: https://news.example/later');
    const made = await publish({
      contentId,
      utm: true,
      targets: [{ accountId: telegram.id }],
      scheduledAt: new Date(clock.now().getTime() + 600_000).toISOString(),
    });
    const id = made.body.data.publications[0]?.id ?? 0;
    const edited = await post<Publication>('/content/publish/update', {
      id,
      text: 'Now: https://news.example/now',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.text).toBe(`Now: https://news.example/now?${tags('telegram', contentId)}`);
  });
});

describe('a publish action with utm off', () => {
  it('sends the links as written, and is remembered off', async () => {
    const text = 'Plain https://news.example/plain?x=1#y';
    const contentId = await content(text);
    await sendAll(await publish({ contentId, utm: false, targets: [{ accountId: telegram.id }] }));
    expect((await sentTexts('telegram')).at(-1)).toBe(text);
    expect(await lastUtm()).toBe(false);
    // Left out is off too.
    await sendAll(await publish({ contentId, targets: [{ accountId: mastodon.id }] }));
    expect((await sentTexts('mastodon')).at(-1)).toBe(text);
    expect(await lastUtm()).toBe(false);
  });
});

describe('the preflight', () => {
  it('counts the tagged text: a text that fits untagged is refused tagged, with the longer length', async () => {
    const link = 'https://news.example/a';
    // Telegram counts UTF-16 units, links as written: 4096 at most.
    const text = `${'x'.repeat(4096 - link.length - 1)} ${link}`;
    const contentId = await content(text);
    const tagged = await publish({ contentId, utm: true, targets: [{ accountId: telegram.id }] });
    expect([tagged.status, tagged.body.code, fields(tagged)]).toEqual([400, 103003, ['targets.0.text']]);
    const length = 4096 + 1 + tags('telegram', contentId).length;
    expect(JSON.stringify(tagged.body.data)).toContain(String(length));
    const plain = await publish({ contentId, targets: [{ accountId: telegram.id }] });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
  });
});

describe('what arrives', () => {
  it('refuses a utm that is not a boolean with a 400 naming the field', async () => {
    const contentId = await content('Types');
    for (const utm of ['true', 1, null, [], {}, 'on']) {
      const answer = await publish({ contentId, utm, targets: [{ accountId: telegram.id }] });
      expect([answer.status, fields(answer)], JSON.stringify(utm)).toEqual([400, ['utm']]);
    }
  });
});
