import type { Publication } from '@postdeck/contract/publishing';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publicationEvents, publications } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { connectSandboxAccount } from '../../test/sandbox-accounts.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { image, type LibraryApp, libraryApp, materialOf } from '../materials/test-support.ts';
import { sendSeam } from './pauses.ts';

/**
 * Issue 22 item 6: the object store goes down while a publication's media are on their way to
 * the platform. The send must not fail, nor count as sent: nothing reached the platform, so the
 * publication waits and is tried again, and goes out once when the store is back.
 */
const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
let s3: TestS3Server;
let t: LibraryApp;
let telegramServer: string;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await libraryApp({ storage: s3.settings('outage/'), clock });
  const [origin] = await t.app.platforms.sandboxOrigins('telegram');
  telegramServer = `http://${origin}`;
});
afterEach(() => {
  sendSeam.run = undefined;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const posts = async () =>
  (await (await fetch(`${telegramServer}/__fake/posts`)).json()) as { id: string; text: string }[];

describe('the object store down during a send', () => {
  it('makes the publication wait and retry, then go out once', async () => {
    const account = await connectSandboxAccount(t.app, t.token('lead'), 'telegram', t.dept['news'] as number);
    const added = materialOf(await t.add('lead', await image(640, 480, 'jpeg'), 'photo.jpg'));
    await t.process(added.id);
    const content = await t.post<{ id: number }>('/content/create', 'lead', {
      title: 'Outage',
      body: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'A photo through an outage' }] }],
      },
      departmentId: t.dept['news'],
      materialIds: [added.id],
    });
    const made = await t.post<{ publications: Publication[] }>('/content/publish/create', 'lead', {
      contentId: content.body.data.id,
      targets: [{ accountId: account.id, text: 'A photo through an outage' }],
    });
    const id = made.body.data.publications[0]?.id ?? 0;
    const before = (await posts()).length;

    // The store goes down once the send is taken, before the adapter reads the photo.
    sendSeam.run = async (phase) => {
      if (phase === 'taken') await s3.stop();
    };
    await t.app.publishing.send(id);
    sendSeam.run = undefined;
    const [waiting] = await t.db.select().from(publications).where(eq(publications.id, id));
    expect(waiting?.status).toBe('queued');
    expect(waiting?.nextAttemptAt?.getTime()).toBeGreaterThan(clock.now().getTime());
    const events = await t.db.select().from(publicationEvents).where(eq(publicationEvents.publicationId, id));
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'publishing',
      toStatus: 'queued',
      detail: { kind: 'transient', message: 'media storage unavailable' },
    });
    expect(await posts()).toHaveLength(before);

    await s3.start();
    clock.set(waiting?.nextAttemptAt ?? clock.now());
    await t.app.publishing.send(id);
    const [sent] = await t.db.select().from(publications).where(eq(publications.id, id));
    expect(sent?.status).toBe('published');
    expect(sent?.attempts).toBe(2);
    const after = await posts();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)?.text).toContain('A photo through an outage');
  });
});
