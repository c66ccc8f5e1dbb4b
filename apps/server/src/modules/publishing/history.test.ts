import type { ChannelAccount } from '@postdeck/contract/channels';
import type { PublishHistoryList, WithdrawArticleResult } from '@postdeck/contract/publish-history';
import type { Publication } from '@postdeck/contract/publishing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, publicationEvents, publications } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { signUpPeople } from '../../test/people.ts';
import { type SandboxPlatform, connectSandboxAccount } from '../../test/sandbox-accounts.ts';
import { type TestApp, call, createTestApp } from '../../test/test-app.ts';

/**
 * The publish history and withdrawing from the platforms (issue 21, spec §7) on the sandbox's
 * local servers: the lists and their filters, scope by list and by id, withdrawArticle on every
 * platform whose local server can delete (the post is gone there), the checklist of those that
 * cannot, and a withdraw that meets a publication still going out.
 */
const PASSWORD = 'Secr3t!pw';
const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
let t: TestApp;
let dept: Awaited<ReturnType<typeof departmentTree>>;
let tokens: Record<string, string>;
let signInAgain: () => Promise<void>;
const accounts = {} as Record<SandboxPlatform, ChannelAccount>;
let intlPage: ChannelAccount;
/** Platforms whose adapter deletes (canDelete) and that take a text post alone. */
const DELETABLE = ['telegram', 'facebook', 'mastodon', 'x', 'linkedin', 'vk'] as const;

type Answer<T> = { status: number; body: { code: number; msg: string; data: T } };
const get = <T>(path: string, who: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', path, { token: tokens[who], query }) as Promise<Answer<T>>;
const post = <T>(path: string, who: string, body: unknown) =>
  call(t.app, 'POST', path, { token: tokens[who], body }) as Promise<Answer<T>>;
const fields = (answer: Answer<unknown>) =>
  ((answer.body.data as { errors?: { field: string }[] } | null)?.errors ?? []).map((e) => e.field);

const history = (list: 'pubHistory' | 'pubDepHistory' | 'pubAdmHistory', who: string, query = {}) =>
  get<PublishHistoryList>(`/content/publish/${list}`, who, query);
const withdraw = (who: string, body: Record<string, unknown>) =>
  post<WithdrawArticleResult>('/content/publish/withdrawArticle', who, body);

async function content(who: string, title: string, departmentId = dept.news) {
  const res = await post<{ id: number }>('/content/create', who, {
    title,
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: title }] }] },
    departmentId,
  });
  if (res.status !== 200) throw new Error(`content: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** Publishes a new content to the accounts now, sends every child, and answers the parent's id. */
async function published(who: string, title: string, targets: ChannelAccount[], departmentId = dept.news) {
  const contentId = await content(who, title, departmentId);
  const made = await post<{ parentId: number; publications: Publication[] }>('/content/publish/create', who, {
    contentId,
    targets: targets.map((account) => ({ accountId: account.id })),
  });
  if (made.status !== 200) throw new Error(`publish: ${JSON.stringify(made.body)}`);
  for (const child of made.body.data.publications) await t.app.publishing.send(child.id);
  return { parentId: made.body.data.parentId, children: made.body.data.publications.map((c) => c.id) };
}

/** The posts on a platform's local servers whose text holds `marker`. */
async function postsOn(platform: SandboxPlatform, marker: string) {
  const found: { text: string; deletedAt: string | null }[] = [];
  for (const origin of await t.app.platforms.sandboxOrigins(platform)) {
    const res = await fetch(`http://${origin}/__fake/posts`).catch(() => undefined);
    if (!res?.ok) continue;
    const posts = (await res.json()) as { text: string; deletedAt: string | null }[];
    found.push(...posts.filter((p) => p.text.includes(marker)));
  }
  return found;
}

const statusOf = async (id: number) =>
  (await t.db.select({ status: publications.status }).from(publications).where(eq(publications.id, id)))[0]
    ?.status;

let leadsParent: { parentId: number; children: number[] };
let writersParent: { parentId: number; children: number[] };
let intlParent: { parentId: number; children: number[] };

beforeAll(async () => {
  t = await createTestApp({ clock });
  dept = await departmentTree(t.db);
  ({ tokens, signInAgain } = await signUpPeople(
    t,
    [
      ['lead', dept.news, 'dept_admin'],
      ['writer', dept.news, 'editor'],
      ['intl', dept.intl, 'dept_admin'],
    ],
    { prefix: 'h', name: 'Hal', password: PASSWORD },
  ));
  for (const platform of DELETABLE)
    accounts[platform] = await connectSandboxAccount(t.app, tokens['lead'], platform, dept.news);
  accounts.instagram = await connectSandboxAccount(t.app, tokens['lead'], 'instagram', dept.news);
  intlPage = await connectSandboxAccount(t.app, tokens['intl'], 'facebook', dept.intl, 1);

  leadsParent = await published('lead', 'Lead story', [
    accounts.telegram,
    accounts.facebook,
    accounts.mastodon,
  ]);
  clock.advance(60_000);
  writersParent = await published('writer', 'Writer piece', [accounts.x]);
  clock.advance(60_000);
  intlParent = await published('intl', 'Intl dispatch', [intlPage], dept.intl);
}, 120_000);
afterAll(() => t.close());

describe('the history lists', () => {
  it('answer data.items with each publish action and its accounts, and data.param (spec §3)', async () => {
    const mine = await history('pubHistory', 'lead');
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data.items.map((item) => item.id)).toEqual([leadsParent.parentId]);
    const [item] = mine.body.data.items;
    expect(item?.children.map((c) => [c.account.platform, c.status])).toEqual([
      ['telegram', 'published'],
      ['facebook', 'published'],
      ['mastodon', 'published'],
    ]);
    expect(item).toMatchObject({ title: 'Lead story', mediaType: 'text', author: { name: 'Hal lead' } });
    expect(mine.body.data.param.statusList).toContain('unconfirmed');
    expect(mine.body.data.param.mediaType).toEqual(['text', 'image', 'video']);
  });

  it("keep to the caller: mine, the data scope's, and every department's for administrators only", async () => {
    const ids = (answer: Answer<PublishHistoryList>) => answer.body.data.items.map((item) => item.id);
    expect(ids(await history('pubDepHistory', 'lead'))).toEqual([
      writersParent.parentId,
      leadsParent.parentId,
    ]);
    expect(ids(await history('pubDepHistory', 'intl'))).toEqual([intlParent.parentId]);
    expect(ids(await history('pubHistory', 'writer'))).toEqual([writersParent.parentId]);
    expect(ids(await history('pubAdmHistory', 'admin'))).toEqual([
      intlParent.parentId,
      writersParent.parentId,
      leadsParent.parentId,
    ]);
    expect((await history('pubAdmHistory', 'lead')).status).toBe(403);
    expect((await history('pubAdmHistory', 'writer')).status).toBe(403);
    // Another department's publication by its id: as if it did not exist.
    const opp = await history('pubDepHistory', 'intl', { oppId: String(leadsParent.children[0]) });
    expect(opp.body.data.items).toEqual([]);
  });

  it('filter by state, platform, account, author, media, words, time and oppId', async () => {
    const ids = async (query: Record<string, string>) =>
      (await history('pubAdmHistory', 'admin', query)).body.data.items.map((item) => item.id);
    expect(await ids({ platform: 'x' })).toEqual([writersParent.parentId]);
    expect(await ids({ accountId: String(accounts.mastodon.id) })).toEqual([leadsParent.parentId]);
    expect(await ids({ status: 'failed' })).toEqual([]);
    expect(await ids({ status: 'published', departmentId: String(dept.intl) })).toEqual([
      intlParent.parentId,
    ]);
    expect(await ids({ keyword: 'writer' })).toEqual([writersParent.parentId]);
    expect(await ids({ mediaType: 'video' })).toEqual([]);
    expect(await ids({ time: '2026-06-01T08:00:30Z,2026-06-01T08:01:30Z' })).toEqual([
      writersParent.parentId,
    ]);
    // The failure banner's link names an account's publication: its publish action's row alone.
    expect(await ids({ oppId: String(leadsParent.children[1]) })).toEqual([leadsParent.parentId]);
    expect(await ids({ oppId: String(leadsParent.parentId), platform: 'facebook' })).toEqual([
      leadsParent.parentId,
    ]);
  });

  it('page by cursor through both readings without a row twice or missed', async () => {
    for (const query of [{}, { status: 'published' }]) {
      const seen: number[] = [];
      let after: string | undefined;
      for (let i = 0; i < 5; i++) {
        const page = await history('pubAdmHistory', 'admin', {
          pageSize: '1',
          ...query,
          ...(after ? { after } : {}),
        });
        expect(page.body.data.total).toBe(3);
        seen.push(...page.body.data.items.map((item) => item.id));
        if (!page.body.data.next) break;
        after = page.body.data.next;
      }
      expect(seen).toEqual([intlParent.parentId, writersParent.parentId, leadsParent.parentId]);
    }
  });

  it('refuse bad filters with the field named, never a 500', async () => {
    for (const [query, field] of [
      [{ status: 'lost' }, 'status'],
      [{ platform: 'myspace' }, 'platform'],
      [{ accountId: 'abc' }, 'accountId'],
      [{ time: 'yesterday' }, 'time'],
      [{ mediaType: 'gif' }, 'mediaType'],
      [{ after: '!!' }, 'after'],
      [{ oppId: '99999999999' }, 'oppId'],
    ] as const) {
      const answer = await history('pubHistory', 'lead', query);
      expect([answer.status, fields(answer)], JSON.stringify(query)).toEqual([400, [field]]);
    }
  });
});

describe('getPubHistoryByParentId', () => {
  it("gives a parent's children in the caller's scope; 404 elsewhere or for a child's id", async () => {
    const children = await get<{ items: Publication[] }>('/content/publish/getPubHistoryByParentId', 'lead', {
      id: String(leadsParent.parentId),
    });
    expect(children.body.data.items.map((c) => c.id)).toEqual(leadsParent.children);
    const query = { id: String(leadsParent.parentId) };
    expect((await get('/content/publish/getPubHistoryByParentId', 'intl', query)).status).toBe(404);
    const child = { id: String(leadsParent.children[0]) };
    expect((await get('/content/publish/getPubHistoryByParentId', 'lead', child)).status).toBe(404);
  });
});

describe('retry', () => {
  it('sends a failed publication again, once, and leaves any other state as it is', async () => {
    const [origin] = await t.app.platforms.sandboxOrigins('telegram');
    const faults = `http://${origin}/__fake/faults`;
    await fetch(faults, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'contentRejected', message: 'Bad Request: chat not found', times: 1 }),
    });
    const marker = `Retry me ${Date.now()}`;
    const made = await published('lead', marker, [accounts.telegram]);
    const [id] = made.children as [number];
    expect(await statusOf(id)).toBe('failed');
    expect((await post('/content/publish/retry', 'intl', { id })).status).toBe(404);
    const [first, second] = await Promise.all([
      post<{ retried: number[]; kept: { id: number; status: string }[] }>('/content/publish/retry', 'lead', {
        id: made.parentId,
      }),
      post<{ retried: number[]; kept: { id: number; status: string }[] }>('/content/publish/retry', 'lead', {
        id,
      }),
    ]);
    expect([...first.body.data.retried, ...second.body.data.retried]).toEqual([id]);
    expect(await statusOf(id)).toBe('queued');
    await t.app.publishing.send(id);
    expect(await statusOf(id)).toBe('published');
    expect(await postsOn('telegram', marker)).toHaveLength(1);
    const again = await post<{ retried: number[]; kept: unknown[] }>('/content/publish/retry', 'lead', {
      id,
    });
    expect(again.body.data).toEqual({ retried: [], kept: [{ id, status: 'published' }] });
  });
});

describe('withdrawArticle', () => {
  it("deletes a publish action's posts from every platform's local server", async () => {
    const marker = `Withdraw everywhere ${Date.now()}`;
    const made = await published(
      'lead',
      marker,
      DELETABLE.map((platform) => accounts[platform]),
    );
    for (const platform of DELETABLE) expect(await postsOn(platform, marker), platform).toHaveLength(1);
    const answer = await withdraw('lead', { id: made.parentId });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ withdrawn: made.children, cancelled: [], manual: [], kept: [] });
    for (const platform of DELETABLE) {
      const left = (await postsOn(platform, marker)).filter((p) => !p.deletedAt);
      expect(left, `${platform} still shows the post`).toEqual([]);
    }
    for (const id of made.children) expect(await statusOf(id)).toBe('withdrawn');
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'publish.withdraw'), eq(auditLog.target, `publication:${made.children[0]}`)),
      );
    expect(audited).toHaveLength(1);
    // Again: nothing left to withdraw, each said as it is.
    const again = await withdraw('lead', { id: made.parentId });
    expect(again.body.data.kept.map((k) => k.status)).toEqual(DELETABLE.map(() => 'withdrawn'));
  });

  it('tells apart one still going out, cancels one not sent yet, and two at once make one change', async () => {
    const contentId = await content('lead', 'Racing');
    const made = await post<{ parentId: number; publications: Publication[] }>(
      '/content/publish/create',
      'lead',
      {
        contentId,
        targets: [
          { accountId: accounts.vk.id },
          { accountId: accounts.x.id },
          { accountId: accounts.linkedin.id },
        ],
      },
    );
    const [vk, x, linkedin] = made.body.data.publications.map((p) => p.id) as [number, number, number];
    // The worker took the VK one: it is sending now (its attempt open).
    await t.db
      .update(publications)
      .set({ status: 'publishing', attemptStartedAt: clock.now(), attemptId: crypto.randomUUID() })
      .where(eq(publications.id, vk));
    const sending = await withdraw('lead', { id: vk });
    expect([sending.status, sending.body.code]).toEqual([409, 103004]);
    await t.app.publishing.send(x);
    const [first, second] = await Promise.all([withdraw('lead', { id: x }), withdraw('lead', { id: x })]);
    expect([first?.status, second?.status]).toEqual([200, 200]);
    expect([...first.body.data.withdrawn, ...second.body.data.withdrawn]).toContain(x);
    const events = await t.db
      .select()
      .from(publicationEvents)
      .where(and(eq(publicationEvents.publicationId, x), eq(publicationEvents.toStatus, 'withdrawn')));
    expect(events).toHaveLength(1);
    const all = await withdraw('lead', { id: made.body.data.parentId });
    expect(all.body.data.cancelled).toEqual([linkedin]);
    expect(all.body.data.kept).toEqual([
      { id: vk, status: 'publishing', error: null },
      { id: x, status: 'withdrawn', error: null },
    ]);
    expect(await statusOf(vk)).toBe('publishing');
  });

  it('offers a checklist where the platform cannot delete, and takes a note to mark it withdrawn', async () => {
    const made = await published('lead', 'Old Telegram post', [accounts.telegram]);
    const [id] = made.children as [number];
    clock.advance(49 * 3_600_000);
    await signInAgain();
    const checklist = await withdraw('lead', { id });
    expect(checklist.body.data.manual).toEqual([
      { id, platform: 'telegram', url: expect.stringMatching(/^http/), reason: 'tooOld' },
    ]);
    expect(await statusOf(id)).toBe('published');
    // Instagram has no delete at all: straight to the checklist, the platform never asked.
    const [sibling] = await t.db.select().from(publications).where(eq(publications.id, id));
    if (!sibling) throw new Error('no publication');
    const [instagram] = await t.db
      .insert(publications)
      .values({
        parentId: made.parentId,
        contentId: sibling.contentId,
        departmentId: dept.news,
        authorId: sibling.authorId,
        createdAt: sibling.createdAt,
        accountId: accounts.instagram.id,
        platform: 'instagram',
        status: 'published',
        title: 'Old Telegram post',
        externalId: '17890000000000001',
        externalUrl: 'https://www.instagram.com/p/abc/',
        publishedAt: clock.now(),
      })
      .returning({ id: publications.id });
    const both = await withdraw('lead', { id: made.parentId });
    expect(both.body.data.manual.map((m) => [m.id, m.reason])).toEqual([
      [id, 'tooOld'],
      [instagram?.id, 'platformCannotDelete'],
    ]);

    expect((await withdraw('lead', { id, note: '   ' })).status).toBe(400);
    expect(fields(await withdraw('lead', { id: made.parentId, note: 'deleted' }))).toEqual(['id']);
    expect((await withdraw('intl', { id, note: 'not mine' })).status).toBe(404);
    const marked = await withdraw('lead', { id, note: 'Deleted in the Telegram app' });
    expect(marked.body.data.withdrawn).toEqual([id]);
    const [event] = await t.db
      .select()
      .from(publicationEvents)
      .where(and(eq(publicationEvents.publicationId, id), eq(publicationEvents.toStatus, 'withdrawn')));
    expect(event?.detail).toEqual({ how: 'manual', note: 'Deleted in the Telegram app' });
    const twice = await withdraw('lead', { id, note: 'again' });
    expect([twice.status, twice.body.code]).toEqual([409, 103010]);
  });

  it('refuses bad input with the field named and another scope with 404', async () => {
    expect(fields(await withdraw('lead', { id: 'x' }))).toEqual(['id']);
    expect(fields(await withdraw('lead', { id: 1, note: 'n'.repeat(501) }))).toEqual(['note']);
    expect((await withdraw('intl', { id: leadsParent.parentId })).status).toBe(404);
    expect((await withdraw('lead', { id: 2_000_000_000 })).status).toBe(404);
  });
});
