import type { ChannelAccount } from '@postdeck/contract/channels';
import { ERRORS } from '@postdeck/contract/errors';
import type { Publication } from '@postdeck/contract/publishing';
import type { PublishingPause } from '@postdeck/contract/publishing-pauses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { connectSandboxAccount } from '../../test/sandbox-accounts.ts';
import { ADMIN_PASSWORD, type TestApp, call, createTestApp, login } from '../../test/test-app.ts';

/**
 * Moving a scheduled publication (POST /content/publish/update with scheduledAt, the scheduled
 * page's drag) while a pause holds its account: refused with 409 publicationPausedHere naming the
 * account and the pause's reason, whichever scope the pause has; its text can still be edited,
 * and once publishing resumes the move goes through.
 */
const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
let t: TestApp;
let admin: string;
let account: ChannelAccount;
let publication: Publication;

type Answer<T> = { status: number; body: { code: number; msg: string; data: T } };
const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', path, { token: admin, body, headers }) as Promise<Answer<T>>;
const update = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  post<Publication>('/content/publish/update', { id: publication.id, ...body }, headers);
const pause = (body: Record<string, unknown>) =>
  post<{ pause: PublishingPause }>('/content/publish/pause/create', body);
const resume = (id: number) => post('/content/publish/pause/resume', { id });

beforeAll(async () => {
  t = await createTestApp({ clock });
  const dept = await departmentTree(t.db);
  admin = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
  account = await connectSandboxAccount(t.app, admin, 'telegram', dept.news);
  const content = await post<{ id: number }>('/content/create', {
    title: 'Harbour',
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Boats' }] }] },
    departmentId: dept.news,
  });
  const made = await post<{ publications: Publication[] }>('/content/publish/create', {
    contentId: content.body.data.id,
    targets: [{ accountId: account.id }],
    scheduledAt: '2026-06-02T09:00:00Z',
  });
  const [child] = made.body.data.publications;
  if (!child) throw new Error(JSON.stringify(made.body));
  publication = child;
}, 60_000);
afterAll(() => t.close());

describe('moving a publication while its account is paused', () => {
  it.each([
    ['account', () => ({ scope: 'account', targetId: account.id })],
    ['department', () => ({ scope: 'department', targetId: account.department.id })],
    ['all', () => ({ scope: 'all' })],
  ])('is refused under a pause of %s, naming the account and the reason', async (_scope, target) => {
    const paused = await pause({ ...target(), reason: 'Election silence' });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    try {
      const moved = await update({ scheduledAt: '2026-06-03T09:00:00Z' });
      expect([moved.status, moved.body.code]).toEqual([409, ERRORS.publicationPausedHere.code]);
      expect(moved.body.msg).toBe(
        `Publishing to ${account.name} is paused (Election silence): it can be moved once publishing resumes`,
      );
      // Publish now is a new time too.
      expect((await update({ scheduledAt: null })).status).toBe(409);
      const detail = await call(t.app, 'GET', '/content/publish/detail', {
        token: admin,
        query: { id: String(publication.id) },
      });
      expect((detail.body.data as Publication).scheduledAt).toBe('2026-06-02T09:00:00.000Z');
    } finally {
      expect((await resume(paused.body.data.pause.id)).status).toBe(200);
    }
  });

  it("says so in the caller's language", async () => {
    const paused = await pause({ scope: 'account', targetId: account.id, reason: '选举静默期' });
    try {
      const moved = await update({ scheduledAt: '2026-06-03T09:00:00Z' }, { 'accept-language': 'zh' });
      expect(moved.body.msg).toBe(`${account.name} 的发布已暂停（选举静默期）：恢复发布后才能调整时间`);
    } finally {
      await resume(paused.body.data.pause.id);
    }
  });

  it('still takes an edit of the text, or the same time again', async () => {
    const paused = await pause({ scope: 'account', targetId: account.id, reason: 'Review' });
    try {
      const edited = await update({ text: 'Boats at dawn', scheduledAt: '2026-06-02T11:00:00+02:00' });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.data).toMatchObject({
        text: 'Boats at dawn',
        scheduledAt: '2026-06-02T09:00:00.000Z',
      });
    } finally {
      await resume(paused.body.data.pause.id);
    }
  });

  it('refuses a time in the past first, as before, and moves once publishing resumes', async () => {
    const paused = await pause({ scope: 'account', targetId: account.id, reason: 'Review' });
    const past = await update({ scheduledAt: '2026-05-01T09:00:00Z' });
    expect([past.status, past.body.code]).toEqual([400, ERRORS.publishInPast.code]);
    await resume(paused.body.data.pause.id);
    const moved = await update({ scheduledAt: '2026-06-03T09:00:00Z' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.scheduledAt).toBe('2026-06-03T09:00:00.000Z');
  });
});
