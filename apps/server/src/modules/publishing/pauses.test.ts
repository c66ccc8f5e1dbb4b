import type { ChannelAccount } from '@postdeck/contract/channels';
import type { Publication } from '@postdeck/contract/publishing';
import type { PublishingPause } from '@postdeck/contract/publishing-pauses';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, publicationEvents, publications, publishingPauses } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { signUpPeople } from '../../test/people.ts';
import { connectSandboxAccount } from '../../test/sandbox-accounts.ts';
import { type TestApp, call, createTestApp } from '../../test/test-app.ts';
import { sendSeam } from './pauses.ts';

/**
 * Pausing publishing (issue 20, items 6 and 10) on the sandbox's Telegram server: a pause holds
 * what is due, a resume sends it in the order it was due, and a pause that lands while a worker
 * takes a publication either holds it or counts it as sending, never both, never neither.
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
const get = <T>(path: string, who: string) =>
  call(t.app, 'GET', path, { token: tokens[who] }) as Promise<Answer<T>>;
const post = <T>(path: string, who: string, body: unknown) =>
  call(t.app, 'POST', path, { token: tokens[who], body }) as Promise<Answer<T>>;

type PauseAnswer = { pause: PublishingPause; alreadySending: number; waiting: number };
const pause = (who: string, body: Record<string, unknown>) =>
  post<PauseAnswer>('/content/publish/pause/create', who, body);
const resume = (who: string, id: number) =>
  post<{ pause: PublishingPause; released: number }>('/content/publish/pause/resume', who, { id });

async function publishNew(text: string, scheduledAt?: Date) {
  const content = await post<{ id: number }>('/content/create', 'lead', {
    title: `Story ${text}`,
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
    departmentId: dept.news,
  });
  const made = await post<{ publications: Publication[] }>('/content/publish/create', 'lead', {
    contentId: content.body.data.id,
    targets: [{ accountId: telegram.id }],
    ...(scheduledAt ? { scheduledAt: scheduledAt.toISOString() } : {}),
  });
  if (made.status !== 200) throw new Error(`publish: ${JSON.stringify(made.body)}`);
  return made.body.data.publications[0]?.id ?? 0;
}

async function postTexts(): Promise<string[]> {
  const posts = (await (await fetch(`${telegramServer}/__fake/posts`)).json()) as { text: string }[];
  return posts.map((p) => p.text);
}

const row = async (id: number) => {
  const [found] = await t.db.select().from(publications).where(eq(publications.id, id));
  if (!found) throw new Error(`no publication ${id}`);
  return found;
};

/** Lifts every pause left by a test, so the next starts with publishing open. */
async function resumeAll() {
  await t.db
    .update(publishingPauses)
    .set({ resumedAt: clock.now() })
    .where(isNull(publishingPauses.resumedAt));
}

/** What a test left waiting would count in the next one's answers. */
async function cancelWaiting() {
  await t.db
    .update(publications)
    .set({ status: 'cancelled' })
    .where(inArray(publications.status, ['queued', 'scheduled']));
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  dept = await departmentTree(t.db);
  ({ tokens, signInAgain } = await signUpPeople(
    t,
    [
      ['lead', dept.news, 'dept_admin'],
      ['intl', dept.intl, 'dept_admin'],
      ['editor', dept.news, 'editor'],
    ],
    { prefix: 'z', name: 'Zoe', password: PASSWORD },
  ));
  telegram = await connectSandboxAccount(t.app, tokens['lead'], 'telegram', dept.news);
  const [origin] = await t.app.platforms.sandboxOrigins('telegram');
  telegramServer = `http://${origin}`;
});
afterAll(() => t.close());
afterEach(async () => {
  sendSeam.run = undefined;
  await resumeAll();
  await cancelWaiting();
});

describe('a pause', () => {
  it('holds what is due, shows its reason in the composer, and a resume sends it in the order it was due', async () => {
    const later = await publishNew('Due second', new Date(clock.now().getTime() + 600_000));
    const paused = await pause('lead', {
      scope: 'account',
      targetId: telegram.id,
      reason: 'Election silence',
    });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.data).toMatchObject({
      pause: {
        scope: 'account',
        target: { id: telegram.id, name: telegram.name },
        reason: 'Election silence',
      },
      alreadySending: 0,
      waiting: 1,
    });
    const targets = await get<{ accounts: { id: number; paused: unknown; unavailable: unknown }[] }>(
      '/content/publish/targets',
      'lead',
    );
    expect(targets.body.data.accounts.find((a) => a.id === telegram.id)).toMatchObject({
      unavailable: null,
      paused: { scope: 'account', reason: 'Election silence' },
    });

    const before = await postTexts();
    const first = await publishNew('Due first');
    await t.app.publishing.send(first);
    expect(await row(first)).toMatchObject({
      status: 'queued',
      errorKind: 'paused',
      errorMessage: 'Election silence',
    });
    clock.advance(600_000);
    await signInAgain();
    await t.app.publishing.send(later);
    const third = await publishNew('Due third');
    await t.app.publishing.send(third);
    // A job sent twice adds nothing: the timeline says "paused" once.
    await t.app.publishing.send(third);
    expect(await postTexts()).toEqual(before);
    expect((await row(later)).status).toBe('queued');
    // The sweeper leaves them to the resume.
    clock.advance(120_000);
    await signInAgain();
    expect((await t.app.publishing.sweep()).due).toBe(0);

    const resumed = await resume('lead', paused.body.data.pause.id);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.data.released).toBe(3);
    // Released (and their jobs queued) in due order, not in the order they were made.
    const events = await t.db
      .select({ publicationId: publicationEvents.publicationId, detail: publicationEvents.detail })
      .from(publicationEvents)
      .where(inArray(publicationEvents.publicationId, [first, later, third]))
      .orderBy(asc(publicationEvents.id));
    const released = events.filter((e) => 'resumed' in (e.detail as object)).map((e) => e.publicationId);
    expect(released).toEqual([first, later, third]);
    expect(events.filter((e) => 'pausedBy' in (e.detail as object)).length).toBe(3);
    for (const id of released) await t.app.publishing.send(id);
    expect((await postTexts()).slice(before.length)).toEqual(['Due first', 'Due second', 'Due third']);
    expect((await row(third)).errorKind).toBeNull();
    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `pause:${paused.body.data.pause.id}`));
    expect(audit.map((a) => a.action).sort()).toEqual(['publish.pause', 'publish.resume']);
  });

  it("of a department holds its accounts' publications; of everything, everyone's", async () => {
    for (const body of [
      { scope: 'department', targetId: dept.news, reason: 'Desk audit' },
      { scope: 'all', reason: 'Incident' },
    ]) {
      const paused = await pause(body.scope === 'all' ? 'admin' : 'lead', body);
      expect(paused.status, JSON.stringify(paused.body)).toBe(200);
      const id = await publishNew(`Held by ${body.scope}`);
      await t.app.publishing.send(id);
      expect(await row(id)).toMatchObject({ status: 'queued', errorMessage: body.reason });
      await resumeAll();
      await cancelWaiting();
    }
  });
});

describe('who may pause', () => {
  it('answers 404 for a department or account outside the data scope, 403 for everything without a scope of all', async () => {
    const foreignAccount = await pause('intl', { scope: 'account', targetId: telegram.id, reason: 'x' });
    expect([foreignAccount.status, foreignAccount.body.code]).toEqual([404, 404]);
    const foreignDept = await pause('intl', { scope: 'department', targetId: dept.news, reason: 'x' });
    expect(foreignDept.status).toBe(404);
    const unknown = await pause('lead', { scope: 'account', targetId: 2_147_483_000, reason: 'x' });
    expect(unknown.status).toBe(404);
    const everything = await pause('lead', { scope: 'all', reason: 'x' });
    expect([everything.status, everything.body.code]).toEqual([403, 403]);
    const editor = await pause('editor', { scope: 'account', targetId: telegram.id, reason: 'x' });
    expect(editor.status).toBe(403);
    expect((await get('/content/publish/pause/list', 'editor')).status).toBe(403);
    const blank = await pause('lead', { scope: 'account', targetId: telegram.id, reason: '   ' });
    expect(blank.status).toBe(400);
    expect(await t.db.select().from(publishingPauses).where(isNull(publishingPauses.resumedAt))).toEqual([]);
  });

  it("lists what concerns the caller's scope, and lifts only what the caller may", async () => {
    const mine = await pause('lead', { scope: 'department', targetId: dept.news, reason: 'Desk audit' });
    const all = await pause('admin', { scope: 'all', reason: 'Incident' });
    const listed = await get<{ items: PublishingPause[] }>('/content/publish/pause/list', 'intl');
    expect(listed.body.data.items.map((p) => [p.scope, p.canResume])).toEqual([['all', false]]);
    const lead = await get<{ items: PublishingPause[] }>('/content/publish/pause/list', 'lead');
    expect(lead.body.data.items.map((p) => [p.scope, p.target?.name ?? null, p.canResume])).toEqual([
      ['department', 'Newsroom', true],
      ['all', null, false],
    ]);
    expect((await resume('intl', mine.body.data.pause.id)).status).toBe(404);
    expect((await resume('intl', all.body.data.pause.id)).status).toBe(403);
    expect((await resume('lead', all.body.data.pause.id)).status).toBe(403);
    expect((await resume('admin', all.body.data.pause.id)).status).toBe(200);
    expect((await resume('lead', 2_147_483_000)).status).toBe(404);
  });
});

describe('two at once', () => {
  it('two pauses of the same scope make one; two resumes lift it once', async () => {
    const body = { scope: 'account', targetId: telegram.id, reason: 'Twice' };
    const answers = await Promise.all([pause('lead', body), pause('admin', body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409);
    expect(refused?.body.code).toBe(103008);
    const errors = (refused?.body.data as unknown as { errors: { field: string }[] }).errors;
    expect(errors.map((e) => e.field)).toEqual(['targetId']);
    const active = await t.db
      .select()
      .from(publishingPauses)
      .where(and(eq(publishingPauses.targetId, telegram.id), isNull(publishingPauses.resumedAt)));
    expect(active).toHaveLength(1);
    const id = active[0]?.id ?? 0;
    const resumes = await Promise.all([resume('lead', id), resume('admin', id)]);
    expect(resumes.map((a) => [a.status, a.body.code]).sort()).toEqual([
      [200, 200],
      [409, 103009],
    ]);
  });
});

describe('a pause between dequeue and send', () => {
  const reason = 'Landed mid-send';
  const pauseAccount = () => pause('lead', { scope: 'account', targetId: telegram.id, reason });

  it('committed after the worker read the publication and before its move: holds it, nothing is sent', async () => {
    const id = await publishNew('Read, then paused');
    let answer: Answer<PauseAnswer> | undefined;
    sendSeam.run = async (phase) => {
      if (phase === 'read') answer = await pauseAccount();
    };
    const before = await postTexts();
    await t.app.publishing.send(id);
    expect(answer?.body.data).toMatchObject({ alreadySending: 0, waiting: 1 });
    expect(await row(id)).toMatchObject({ status: 'queued', errorKind: 'paused' });
    expect(await postTexts()).toEqual(before);
  });

  it('landing while the move holds its locks: waits for it, then counts the send, which goes out once', async () => {
    const id = await publishNew('Taken, then paused');
    let pending: Promise<Answer<PauseAnswer>> | undefined;
    let settled = false;
    sendSeam.run = async (phase) => {
      if (phase === 'locked') {
        pending = pauseAccount().finally(() => {
          settled = true;
        });
        // On PostgreSQL the pause runs on its own connection and blocks on the scope's lock; on
        // PGlite it waits for the transaction. Either way it cannot finish before the move.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(settled).toBe(false);
      }
      // Held until the pause has answered, so it meets the publication while it is sending.
      if (phase === 'taken') await pending;
    };
    const before = await postTexts();
    await t.app.publishing.send(id);
    const answer = await pending;
    expect(answer?.status).toBe(200);
    expect(answer?.body.data).toMatchObject({ alreadySending: 1, waiting: 0 });
    expect((await row(id)).status).toBe('published');
    expect((await postTexts()).slice(before.length)).toEqual(['Taken, then paused']);
  });

  it('committed after the move: the send has begun; the pause says so and does not stop it', async () => {
    const id = await publishNew('Sending, then paused');
    let answer: Answer<PauseAnswer> | undefined;
    sendSeam.run = async (phase) => {
      if (phase === 'taken') answer = await pauseAccount();
    };
    const before = await postTexts();
    await t.app.publishing.send(id);
    expect(answer?.body.data).toMatchObject({ alreadySending: 1, waiting: 0 });
    expect((await row(id)).status).toBe('published');
    expect((await postTexts()).slice(before.length)).toEqual(['Sending, then paused']);
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(publishingPauses)
      .where(isNull(publishingPauses.resumedAt));
    expect(count?.n).toBe(1);
  });
});
