import type { PublishingPlatform } from '@postdeck/contract/platforms';
import { sql } from 'drizzle-orm';
import { type Db, rawRows } from '../../db/client.ts';

/**
 * A platform's limit: at most `capacity` in any `capacity / perSecond` seconds (a sliding window:
 * `per(100, 900)` is 100 in any 15 minutes, however they fall).
 */
export interface Bucket {
  capacity: number;
  perSecond: number;
}

const per = (count: number, seconds: number): Bucket => ({ capacity: count, perSecond: count / seconds });

/**
 * The posting limits of platforms.md, per account (the limit a platform keeps per user, page or
 * chat) and per platform (a limit of Postdeck's app as a whole). Where platforms.md gives no
 * figure, a cautious one; the platform's own 429 stays the last word and is honoured anyway.
 */
export const RATE_LIMITS: Readonly<
  Record<PublishingPlatform, { account: Bucket; platform?: Bucket | undefined }>
> = {
  // Business Use Case limits scale with the page's audience [doc]: 200 an hour is well inside.
  facebook: { account: per(200, 3600) },
  // content_publishing_limit: 50 posts in a moving 24 hours [doc].
  instagram: { account: per(50, 86_400) },
  // 100 videos.insert a day for the whole project [doc*].
  youtube: { account: per(100, 86_400), platform: per(100, 86_400) },
  // POST /2/tweets: 100 per 15 minutes per user, 10,000 per 24 hours per app [doc].
  x: { account: per(100, 900), platform: per(10_000, 86_400) },
  // 3 requests a second for a user token [unverified].
  vk: { account: per(3, 1) },
  // At most 20 messages a minute to one group or channel, about 30 a second overall [doc].
  telegram: { account: per(20, 60), platform: per(30, 1) },
  // Not published as figures [unverified]: a member's daily cap of 150 is the usual guidance.
  linkedin: { account: per(150, 86_400) },
  // 300 requests per 5 minutes per account [doc]; a post with media takes several.
  mastodon: { account: per(300, 300) },
  // 5,000 write points an hour per DID, a create costs 3 [doc].
  bluesky: { account: per(1666, 3600) },
  // 6 init calls a minute per user token [doc].
  tiktok: { account: per(6, 60) },
};

export interface BudgetTake {
  key: string;
  bucket: Bucket;
  cost: number;
}

/**
 * The window a limit is counted over, with a margin for the time a request takes to reach the
 * platform after it was let go (1 % of the window, at most a second).
 */
export function windowMs(bucket: Bucket): number {
  const ms = (bucket.capacity / bucket.perSecond) * 1000;
  return ms + Math.min(1000, ms / 100);
}

type Entry = { id: string; publication_id: number; cost: number; at: Date | string; sent: boolean };

/**
 * Takes `cost` of every limit of `takes` for publication `publicationId` at `now`, in one
 * transaction: true when it may be sent now (its share is counted from now), else how many ms to
 * wait for its turn, which is booked for it. What is counted (rate_sends, per key): what was sent,
 * when; and the turns booked for posts waiting, so that each of them comes back once, at a time
 * it can go, rather than all of them at the first free moment (a hundred posts waiting on one X
 * account would each have tried again at every refill). A turn is not a licence: when its post
 * comes back, what was really sent in the window before is counted again, so a post coming back
 * late (a busy queue) never makes the sends closer than the limit allows; a post that finds its
 * turn taken books another. Turns are given in order (a new post waits behind those booked), and
 * a turn left unused (its post cancelled) counts until its window passes, erring on the safe side.
 *
 * Every process takes from the same rows, each key under a transaction-scoped advisory lock, so a
 * burst of due posts never exceeds a limit however many workers send them.
 */
export async function takeBudget(
  db: Db,
  takes: readonly BudgetTake[],
  now: Date,
  publicationId: number,
): Promise<true | number> {
  const ordered = [...takes].sort((a, b) => a.key.localeCompare(b.key));
  return db.transaction(async (tx) => {
    const entries = new Map<string, Entry[]>();
    for (const take of ordered) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${take.key}, 7226))`);
      // What the window has passed is deleted as it is read (one statement: the delete is not seen by the read).
      const since = new Date(now.getTime() - windowMs(take.bucket)).toISOString();
      entries.set(
        take.key,
        await rawRows<Entry>(
          tx,
          sql`with passed as (delete from rate_sends where key = ${take.key} and at <= ${since}::timestamptz)
              select id, publication_id, cost, at, sent from rate_sends
              where key = ${take.key} and at > ${since}::timestamptz order by at desc, id desc`,
        ),
      );
    }
    const time = (entry: Entry) => new Date(entry.at).getTime();
    const ownTurn = ordered.map((take) =>
      entries.get(take.key)?.find((e) => e.publication_id === publicationId && !e.sent),
    );
    const cost = (take: BudgetTake) => Math.min(take.cost, take.bucket.capacity);
    if (ownTurn.every((turn) => turn !== undefined)) {
      const turnAt = Math.max(...ownTurn.map((turn) => time(turn as Entry)));
      if (turnAt > now.getTime()) return turnAt - now.getTime();
      // Its turn came: what was really sent in the window before now must leave room for it. If
      // not yet (the posts of the turn before went out late), it keeps its turn and waits until
      // the send in the way leaves the window.
      let wait = 0;
      for (const take of ordered) {
        let counted = 0;
        const blocking = (entries.get(take.key) ?? []).find(
          (e) => e.sent && (counted += e.cost) > take.bucket.capacity - cost(take),
        );
        if (blocking) wait = Math.max(wait, time(blocking) + windowMs(take.bucket) - now.getTime());
      }
      if (wait > 0) return Math.ceil(wait);
      for (const turn of ownTurn)
        await tx.execute(
          sql`update rate_sends set sent = true, at = ${now.toISOString()}::timestamptz where id = ${(turn as Entry).id}`,
        );
      return true;
    }
    // A turn, behind every turn booked; what is left of an old one (some keys only) is given up.
    for (const [index, take] of ordered.entries()) {
      const turn = ownTurn[index];
      if (!turn) continue;
      await tx.execute(sql`delete from rate_sends where id = ${turn.id}`);
      entries.set(
        take.key,
        (entries.get(take.key) ?? []).filter((e) => e.id !== turn.id),
      );
    }
    let at = now.getTime();
    for (const take of ordered) {
      const list = entries.get(take.key) ?? [];
      at = Math.max(at, ...list.map(time));
      // Newest first: the entry whose window must pass before this cost fits beside the newer ones.
      let counted = 0;
      const blocking = list.find((e) => (counted += e.cost) > take.bucket.capacity - cost(take));
      if (blocking) at = Math.max(at, time(blocking) + windowMs(take.bucket));
    }
    const sent = at <= now.getTime();
    for (const take of ordered)
      await tx.execute(
        sql`insert into rate_sends (key, publication_id, cost, at, sent)
            values (${take.key}, ${publicationId}, ${cost(take)}, ${new Date(at).toISOString()}::timestamptz, ${sent})`,
      );
    return sent ? true : Math.max(1, Math.ceil(at - now.getTime()));
  });
}

/** The limits one post to an account draws on. */
export function budgetsFor(platform: PublishingPlatform, accountId: number, cost = 1): BudgetTake[] {
  const limits = RATE_LIMITS[platform];
  return [
    { key: `account:${accountId}`, bucket: limits.account, cost },
    ...(limits.platform ? [{ key: `platform:${platform}`, bucket: limits.platform, cost }] : []),
  ];
}
