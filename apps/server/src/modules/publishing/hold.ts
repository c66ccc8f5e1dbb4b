import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { channelAccounts, publications } from '../../db/schema.ts';
import type { Notifier } from '../messages/notifier.ts';
import { move } from './states.ts';

/**
 * Releasing an account holds what was waiting to go out on it (issue 20, item 6): each
 * scheduled or queued publication moves to 'held' and its author is told, so nothing is sent
 * with a grant that is gone and nothing is silently dropped. Returns how many were held.
 */
export async function holdAccountPublications(
  db: Db,
  notifier: Notifier,
  accountId: number,
  input: { actorId: number; at: Date },
): Promise<number> {
  const waiting = await db
    .select({ id: publications.id, authorId: publications.authorId, title: publications.title })
    .from(publications)
    .where(and(eq(publications.accountId, accountId), inArray(publications.status, ['scheduled', 'queued'])));
  const [account] = await db
    .select({ name: channelAccounts.name })
    .from(channelAccounts)
    .where(eq(channelAccounts.id, accountId));
  let held = 0;
  for (const publication of waiting) {
    const moved = await move(db, {
      id: publication.id,
      from: ['scheduled', 'queued'],
      to: 'held',
      actorId: input.actorId,
      detail: { why: 'accountReleased' },
      at: input.at,
      also: async (tx) => {
        await notifier.notify(tx, {
          userIds: [publication.authorId],
          type: 'publish_held',
          title: publication.title,
          channelName: account?.name ?? '',
          oppId: publication.id,
          content: 'accountReleased',
        });
      },
    });
    if (moved) held += 1;
  }
  return held;
}
