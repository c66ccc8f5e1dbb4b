import type { ChannelAccount } from '@postdeck/contract/channels';
import type { Publication } from '@postdeck/contract/publishing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publications } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { connectSandboxAccount } from '../../test/sandbox-accounts.ts';
import { ADMIN_PASSWORD, type TestApp, call, createTestApp, login } from '../../test/test-app.ts';

/**
 * Every log line of the publishing pipeline carries the publication and the attempt it is about
 * (issue 22), read here from the app's own JSON log lines around sends on the sandbox's Telegram
 * server: one that goes out, one refused, one whose answer is lost.
 */
const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
const lines: Record<string, unknown>[] = [];
let t: TestApp;
let admin: string;
let departmentId: number;
let telegram: ChannelAccount;
let telegramServer: string;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  departmentId = (await departmentTree(t.db)).news;
  admin = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
  telegram = await connectSandboxAccount(t.app, admin, 'telegram', departmentId);
  telegramServer = `http://${(await t.app.platforms.sandboxOrigins('telegram'))[0]}`;
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  await fetch(`${telegramServer}/__fake/faults`, { method: 'DELETE' });
});

async function publishNow(text: string): Promise<number> {
  const content = await call(t.app, 'POST', '/content/create', {
    token: admin,
    body: {
      title: text,
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
      departmentId,
    },
  });
  const made = await call(t.app, 'POST', '/content/publish/create', {
    token: admin,
    body: { contentId: (content.body.data as { id: number }).id, targets: [{ accountId: telegram.id }] },
  });
  const [child] = (made.body.data as { publications: Publication[] }).publications;
  if (!child) throw new Error(JSON.stringify(made.body));
  return child.id;
}

async function fault(body: Record<string, unknown>) {
  const answer = await fetch(`${telegramServer}/__fake/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(204);
}

/** The pipeline's lines a send wrote, and the attempt it made. */
async function send(id: number) {
  const from = lines.length;
  await t.app.publishing.send(id);
  const [row] = await t.db.select().from(publications).where(eq(publications.id, id));
  const written = lines.slice(from).filter((line) => String(line['msg']).startsWith('publishing: '));
  return { status: row?.status, attemptId: row?.attemptId, written };
}

describe("the pipeline's log lines", () => {
  it.each([
    ['goes out', undefined, 'published', 'publishing: published'],
    [
      'is refused',
      { kind: 'contentRejected', message: 'Bad Request: chat not found' },
      'failed',
      'publishing: failed',
    ],
    ['loses its answer', { kind: 'acceptThenServerError' }, 'unconfirmed', 'publishing: unconfirmed'],
  ])('of a send that %s carry its publication and attempt', async (_what, given, status, message) => {
    const id = await publishNow(`Logged ${status}`);
    if (given) await fault({ ...given, times: 1 });
    const sent = await send(id);
    expect(sent.status).toBe(status);
    expect(sent.attemptId).toEqual(expect.any(String));
    expect(sent.written.map((line) => line['msg'])).toContain(message);
    for (const line of sent.written)
      expect(line).toMatchObject({ publicationId: id, attemptId: sent.attemptId });
  });
});
