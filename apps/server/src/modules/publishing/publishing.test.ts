import type { ChannelAccount } from '@postdeck/contract/channels';
import type { Publication } from '@postdeck/contract/publishing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, publications, users } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { signUpPeople } from '../../test/people.ts';
import { connectSandboxAccount } from '../../test/sandbox-accounts.ts';
import { type TestApp, call, createTestApp, login } from '../../test/test-app.ts';
import { createUser } from '../users/user-repo.ts';

/**
 * The publishing pipeline end to end on the sandbox's Telegram server (issue 20): the composer's
 * call makes the publications, the worker sends them (driven by hand here: no job queue), and
 * the local server holds the posts, which the tests count.
 */
const PASSWORD = 'Secr3t!pw';
const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
let t: TestApp;
let dept: Awaited<ReturnType<typeof departmentTree>>;
let tokens: Record<string, string>;
let signInAgain: () => Promise<void>;
let telegram: ChannelAccount;
let telegramServer: string;

type Answer<T> = { status: number; body: { code: number; msg: string; data: T } };
const get = <T>(path: string, who: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', path, { token: tokens[who], query }) as Promise<Answer<T>>;
const post = <T>(path: string, who: string, body: unknown) =>
  call(t.app, 'POST', path, { token: tokens[who], body }) as Promise<Answer<T>>;
const fields = (answer: Answer<unknown>) =>
  ((answer.body.data as { errors?: { field: string; message: string }[] } | null)?.errors ?? []).map(
    (e) => e.field,
  );

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

async function content(who: string, text: string, departmentId = dept.news) {
  const res = await post<{ id: number }>('/content/create', who, {
    title: `Story ${text.slice(0, 20)}`,
    body: { type: 'doc', content: [paragraph(text)] },
    departmentId,
  });
  if (res.status !== 200) throw new Error(`content: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

async function publish(who: string, body: Record<string, unknown>) {
  return post<{ parentId: number; publications: Publication[] }>('/content/publish/create', who, body);
}

async function fakePosts(): Promise<{ id: string; text: string; deletedAt: string | null }[]> {
  return (await fetch(`${telegramServer}/__fake/posts`)).json() as Promise<
    { id: string; text: string; deletedAt: string | null }[]
  >;
}

async function fault(body: Record<string, unknown>) {
  const res = await fetch(`${telegramServer}/__fake/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(204);
}

/** Moves the clock, and signs everyone in again past their access tokens' 15 minutes. */
async function advance(ms: number) {
  clock.advance(ms);
  await signInAgain();
}

const row = async (id: number) => {
  const [found] = await t.db.select().from(publications).where(eq(publications.id, id));
  if (!found) throw new Error(`no publication ${id}`);
  return found;
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  dept = await departmentTree(t.db);
  ({ tokens, signInAgain } = await signUpPeople(
    t,
    [
      ['lead', dept.news, 'dept_admin'],
      ['intl', dept.intl, 'dept_admin'],
    ],
    { prefix: 'p', name: 'Pia', password: PASSWORD },
  ));
  telegram = await connectSandboxAccount(t.app, tokens['lead'], 'telegram', dept.news);
  const [origin] = await t.app.platforms.sandboxOrigins('telegram');
  telegramServer = `http://${origin}`;
});
afterAll(() => t.close());
beforeEach(async () => {
  await fetch(`${telegramServer}/__fake/faults`, { method: 'DELETE' });
});

describe('the targets', () => {
  it("are the accounts of the caller's scope, the last choice ticked", async () => {
    const targets = await get<{ accounts: { id: number; platform: string }[]; lastChoice: number[] }>(
      '/content/publish/targets',
      'lead',
    );
    expect(targets.body.data.accounts.map((a) => a.id)).toContain(telegram.id);
    const none = await get<{ accounts: unknown[] }>('/content/publish/targets', 'intl');
    expect(none.body.data.accounts).toEqual([]);
  });
});

describe('publish now', () => {
  it('makes a parent and a child per account, and the worker sends it once', async () => {
    const contentId = await content('lead', 'Breaking: the pipeline works');
    const made = await publish('lead', { contentId, targets: [{ accountId: telegram.id }] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const [child] = made.body.data.publications;
    expect(child).toMatchObject({
      parentId: made.body.data.parentId,
      status: 'queued',
      text: 'Breaking: the pipeline works',
      account: { id: telegram.id, platform: 'telegram' },
    });
    const before = (await fakePosts()).length;
    await Promise.all([t.app.publishing.send(child?.id ?? 0), t.app.publishing.send(child?.id ?? 0)]);
    const posts = await fakePosts();
    expect(posts.length - before).toBe(1);
    expect(posts.at(-1)?.text).toBe('Breaking: the pipeline works');
    const detail = await get<Publication & { events: { from: string | null; to: string }[] }>(
      '/content/publish/detail',
      'lead',
      { id: String(child?.id) },
    );
    expect(detail.body.data.status).toBe('published');
    expect(detail.body.data.externalUrl).toMatch(/^http/);
    expect(detail.body.data.events.map((e) => e.to)).toEqual(['queued', 'publishing', 'published']);
    const targets = await get<{ lastChoice: number[] }>('/content/publish/targets', 'lead');
    expect(targets.body.data.lastChoice).toEqual([telegram.id]);
  });

  it('is a snapshot: editing the content afterwards changes nothing queued', async () => {
    const contentId = await content('lead', 'First words');
    const made = await publish('lead', {
      contentId,
      targets: [{ accountId: telegram.id, text: 'Own words' }],
    });
    const id = made.body.data.publications[0]?.id ?? 0;
    await post('/content/update', 'lead', {
      id: contentId,
      title: 'Changed',
      body: { type: 'doc', content: [paragraph('Changed words')] },
      version: 1,
    });
    await t.app.publishing.send(id);
    expect((await fakePosts()).at(-1)?.text).toBe('Own words');
  });
});

describe('what the server refuses', () => {
  it("refuses a time in the past, another department's account or content, and names the field", async () => {
    const contentId = await content('lead', 'Refusals');
    const past = await publish('lead', {
      contentId,
      targets: [{ accountId: telegram.id }],
      scheduledAt: new Date(clock.now().getTime() - 60_000).toISOString(),
    });
    expect([past.status, past.body.code, fields(past)]).toEqual([400, 103001, ['scheduledAt']]);
    const foreign = await publish('intl', { contentId, targets: [{ accountId: telegram.id }] });
    expect([foreign.status, fields(foreign)]).toEqual([400, ['contentId']]);
    const intlContent = await content('intl', 'Elsewhere', dept.intl);
    const account = await publish('intl', { contentId: intlContent, targets: [{ accountId: telegram.id }] });
    expect([account.status, fields(account)]).toEqual([400, ['targets.0.accountId']]);
    const twice = await publish('lead', {
      contentId,
      targets: [{ accountId: telegram.id }, { accountId: telegram.id }],
    });
    expect([twice.status, fields(twice)]).toEqual([400, ['targets.1.accountId']]);
    const options = await publish('lead', {
      contentId,
      targets: [{ accountId: telegram.id, options: { silent: 'yes', title: 'not Telegram' } }],
    });
    expect(options.status).toBe(400);
    expect(fields(options).sort()).toEqual(['targets.0.options', 'targets.0.options.silent'].sort());
  });

  it('repeats the preflight: a text longer than the platform counts is refused with its figures', async () => {
    const contentId = await content('lead', 'x'.repeat(4097));
    const long = await call(t.app, 'POST', '/content/publish/create', {
      token: tokens['lead'],
      body: { contentId, targets: [{ accountId: telegram.id }] },
      headers: { 'accept-language': 'en' },
    });
    expect([long.status, long.body.code]).toEqual([400, 103003]);
    expect(long.body.data.errors).toEqual([
      { field: 'targets.0.text', message: expect.stringMatching(/4097 characters .* at most 4096/) },
    ]);
  });
});

describe('failures', () => {
  it('a refusal fails at once, keeps the platform words, and tells the author (the bell and banner)', async () => {
    const contentId = await content('lead', 'Will be refused');
    const made = await publish('lead', { contentId, targets: [{ accountId: telegram.id }] });
    const id = made.body.data.publications[0]?.id ?? 0;
    await fault({ kind: 'contentRejected', message: 'Bad Request: message is too long', times: 1 });
    await t.app.publishing.send(id);
    const failed = await row(id);
    expect(failed.status).toBe('failed');
    expect(failed.errorKind).toBe('rejected');
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.oppId, id), eq(notifications.type, 'publish_failure')));
    expect(notice).toMatchObject({
      title: 'Story Will be refused',
      channelName: telegram.name,
      readStatus: 1,
    });
  });

  it("also tells the administrators who asked for their departments' failures, and only them", async () => {
    const writer = await createUser(t.db, {
      account: 'p_writer',
      name: 'Pia writer',
      password: PASSWORD,
      departmentId: dept.news,
      roleCodes: ['editor'],
    });
    tokens['writer'] = (await login(t.app, 'p_writer', PASSWORD)).accessToken;
    for (const who of ['lead', 'intl'])
      await post('/infor/preferences', who, {
        publishFailure: true,
        publishSuccess: true,
        tip: true,
        departmentFailures: true,
      });
    const contentId = await content('writer', 'Refused for the newsroom');
    const made = await publish('writer', { contentId, targets: [{ accountId: telegram.id }] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.publications[0]?.id ?? 0;
    await fault({ kind: 'contentRejected', message: 'Bad Request: chat not found', times: 1 });
    await t.app.publishing.send(id);
    const told = await t.db
      .select({ account: users.account })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(notifications.oppId, id), eq(notifications.type, 'publish_failure')));
    // The author, and the newsroom's administrator who asked; not International's.
    expect(told.map((n) => n.account).sort()).toEqual(['p_lead', 'p_writer']);
    expect(writer).toBeTruthy();
  });

  it('a transient failure is retried later with backoff, and goes out then', async () => {
    const contentId = await content('lead', 'Retry me');
    const made = await publish('lead', { contentId, targets: [{ accountId: telegram.id }] });
    const id = made.body.data.publications[0]?.id ?? 0;
    await fault({ kind: 'rateLimited', retryAfterS: 30, times: 1 });
    await t.app.publishing.send(id);
    const waiting = await row(id);
    expect(waiting.status).toBe('queued');
    expect(waiting.nextAttemptAt?.getTime()).toBe(clock.now().getTime() + 30_000);
    // Not yet due: nothing is sent.
    const before = (await fakePosts()).length;
    await t.app.publishing.send(id);
    expect((await fakePosts()).length).toBe(before);
    await advance(30_000);
    await t.app.publishing.send(id);
    expect((await row(id)).status).toBe('published');
    expect((await fakePosts()).length).toBe(before + 1);
  });
});

describe('schedule and cancel', () => {
  it('waits for its time, then goes out; a cancel before that leaves nothing on the platform', async () => {
    const contentId = await content('lead', 'Later');
    const at = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const made = await publish('lead', { contentId, targets: [{ accountId: telegram.id }], scheduledAt: at });
    const id = made.body.data.publications[0]?.id ?? 0;
    expect(made.body.data.publications[0]).toMatchObject({ status: 'scheduled', scheduledAt: at });
    await t.app.publishing.send(id);
    expect((await row(id)).status).toBe('scheduled');
    await advance(3_600_000);
    await t.app.publishing.send(id);
    expect((await row(id)).status).toBe('published');

    const second = await publish('lead', {
      contentId,
      targets: [{ accountId: telegram.id }],
      scheduledAt: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    const parentId = second.body.data.parentId;
    const cancelled = await post<{ cancelled: number[] }>('/content/publish/withdrawal', 'lead', {
      id: parentId,
    });
    expect(cancelled.body.data.cancelled).toEqual([second.body.data.publications[0]?.id]);
    const before = (await fakePosts()).length;
    await advance(120_000);
    await t.app.publishing.send(second.body.data.publications[0]?.id ?? 0);
    expect((await fakePosts()).length).toBe(before);
  });

  it("is 404 outside the caller's scope", async () => {
    const contentId = await content('lead', 'Mine');
    const made = await publish('lead', { contentId, targets: [{ accountId: telegram.id }] });
    const id = made.body.data.publications[0]?.id ?? 0;
    expect((await post('/content/publish/withdrawal', 'intl', { id })).status).toBe(404);
    expect((await get('/content/publish/detail', 'intl', { id: String(id) })).status).toBe(404);
  });
});

describe('a lost answer', () => {
  it('on Telegram, which cannot be searched, ends unconfirmed; "it is there" settles it, checked against the account', async () => {
    const contentId = await content('lead', 'Lost answer');
    const made = await publish('lead', { contentId, targets: [{ accountId: telegram.id }] });
    const id = made.body.data.publications[0]?.id ?? 0;
    await fault({ kind: 'acceptThenServerError', times: 1 });
    const before = (await fakePosts()).length;
    await t.app.publishing.send(id);
    // The post is there, but the answer said nothing: it is not sent again.
    expect((await fakePosts()).length).toBe(before + 1);
    expect((await row(id)).status).toBe('unconfirmed');
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.oppId, id), eq(notifications.type, 'publish_failure')));
    expect(notice?.content).toBe('outcomeUnknown');

    const elsewhere = await post('/content/publish/settle', 'lead', {
      id,
      outcome: 'published',
      url: 'https://example.com/not-telegram/1',
    });
    expect([elsewhere.status, elsewhere.body.code, fields(elsewhere)]).toEqual([400, 103006, ['url']]);
    const profile = new URL(telegram.profileUrl ?? '');
    const settled = await post<Publication>('/content/publish/settle', 'lead', {
      id,
      outcome: 'published',
      url: `${profile.origin}${profile.pathname}/99`,
    });
    expect(settled.body.data.status).toBe('published');
    const again = await post('/content/publish/settle', 'lead', { id, outcome: 'again' });
    expect([again.status, again.body.code]).toEqual([409, 103005]);
  });

  it('"publish again" twice at once queues it once', async () => {
    const contentId = await content('lead', 'Again');
    const made = await publish('lead', { contentId, targets: [{ accountId: telegram.id }] });
    const id = made.body.data.publications[0]?.id ?? 0;
    await fault({ kind: 'acceptThenServerError', times: 1 });
    await t.app.publishing.send(id);
    expect((await row(id)).status).toBe('unconfirmed');
    const answers = await Promise.all([
      post('/content/publish/settle', 'lead', { id, outcome: 'again' }),
      post('/content/publish/settle', 'lead', { id, outcome: 'again' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    await t.app.publishing.send(id);
    expect((await row(id)).status).toBe('published');
  });
});

describe('editing before it goes out', () => {
  it('moves the time and the text (checked again), and an edit while it sends is refused', async () => {
    const contentId = await content('lead', 'Edit me');
    const made = await publish('lead', {
      contentId,
      targets: [{ accountId: telegram.id }],
      scheduledAt: new Date(clock.now().getTime() + 600_000).toISOString(),
    });
    const id = made.body.data.publications[0]?.id ?? 0;
    const later = new Date(clock.now().getTime() + 1_200_000).toISOString();
    const edited = await post<Publication>('/content/publish/update', 'lead', {
      id,
      scheduledAt: later,
      text: 'Edited',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ status: 'scheduled', scheduledAt: later, text: 'Edited' });
    const tooLong = await post('/content/publish/update', 'lead', { id, text: 'y'.repeat(5000) });
    expect([tooLong.status, tooLong.body.code, fields(tooLong)]).toEqual([400, 103003, ['text']]);
    const past = await post('/content/publish/update', 'lead', {
      id,
      scheduledAt: new Date(clock.now().getTime() - 1000).toISOString(),
    });
    expect([past.status, fields(past)]).toEqual([400, ['scheduledAt']]);
    const now = await post<Publication>('/content/publish/update', 'lead', { id, scheduledAt: null });
    expect(now.body.data.status).toBe('queued');
    await t.db.update(publications).set({ status: 'publishing' }).where(eq(publications.id, id));
    const sending = await post('/content/publish/update', 'lead', { id, text: 'Too late' });
    expect([sending.status, sending.body.code]).toEqual([409, 103004]);
    await t.db.update(publications).set({ status: 'published' }).where(eq(publications.id, id));
    const sent = await post('/content/publish/update', 'lead', { id, text: 'Too late' });
    expect([sent.status, sent.body.code]).toEqual([409, 103007]);
  });
});

describe('races', () => {
  it('a cancel while it sends is refused as sending, and the send finishes', async () => {
    const contentId = await content('lead', 'Sending now');
    const made = await publish('lead', { contentId, targets: [{ accountId: telegram.id }] });
    const id = made.body.data.publications[0]?.id ?? 0;
    // A worker has taken it (the state a send holds while the platform is called).
    const attemptId = crypto.randomUUID();
    await t.db
      .update(publications)
      .set({ status: 'publishing', attemptId, attemptStartedAt: clock.now() })
      .where(eq(publications.id, id));
    const cancel = await post('/content/publish/withdrawal', 'lead', { id });
    expect([cancel.status, cancel.body.code]).toEqual([409, 103004]);
    expect((await row(id)).status).toBe('publishing');
  });
});

describe('releasing an account', () => {
  it('holds what waits to go out on it, tells the author, and counts them in the answer', async () => {
    const contentId = await content('lead', 'Held on release');
    const made = await publish('lead', {
      contentId,
      targets: [{ accountId: telegram.id }],
      scheduledAt: new Date(clock.now().getTime() + 600_000).toISOString(),
    });
    const id = made.body.data.publications[0]?.id ?? 0;
    const released = await post<{ heldPublications: number }>('/channel/account/release', 'lead', {
      id: telegram.id,
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body.data.heldPublications).toBeGreaterThanOrEqual(1);
    expect((await row(id)).status).toBe('held');
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.oppId, id), eq(notifications.type, 'publish_held')));
    expect(notice?.channelName).toBe(telegram.name);
    // The composer offers it no more, and a publish to it is refused on the field.
    const again = await publish('lead', { contentId, targets: [{ accountId: telegram.id }] });
    expect([again.status, again.body.code, fields(again)]).toEqual([400, 103002, ['targets.0.accountId']]);
    const targets = await get<{ accounts: { id: number; unavailable: string | null }[] }>(
      '/content/publish/targets',
      'lead',
    );
    expect(targets.body.data.accounts.find((a) => a.id === telegram.id)?.unavailable).toBe('released');
  });
});
