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

/**
 * What a take needs to know of one key, read in one statement: the latest time counted (sent or
 * booked; a new turn goes after it), the entry whose window must pass before `cost` more fits
 * beside the newer ones (of all entries, and of those really sent), and the post's own turn.
 * The publication's own turn is left out of the first two. What the window has passed is deleted
 * as it is read (the statement's read does not see its own delete).
 */
type KeyState = {
  latest: string | Date | null;
  blocking: string | Date | null;
  sent_blocking: string | Date | null;
  own_id: string | null;
  own_at: string | Date | null;
};

function keyState(tx: Db, take: BudgetTake, cost: number, now: Date, publicationId: number) {
  const since = new Date(now.getTime() - windowMs(take.bucket)).toISOString();
  const room = take.bucket.capacity - cost;
  return rawRows<KeyState>(
    tx,
    sql`with passed as (delete from rate_sends where key = ${take.key} and at <= ${since}::timestamptz),
      live as (select id, publication_id, cost, at, sent from rate_sends where key = ${take.key} and at > ${since}::timestamptz),
      own as (select id, at from live where publication_id = ${publicationId} and not sent order by at desc limit 1),
      others as (select * from live where id not in (select id from own)),
      counted as (select at, sum(cost) over (order by at desc, id desc) as total from others),
      sent_counted as (select at, sum(cost) over (order by at desc, id desc) as total from live where sent)
    select
      (select max(at) from others) as latest,
      (select at from counted where total > ${room} order by total limit 1) as blocking,
      (select at from sent_counted where total > ${room} order by total limit 1) as sent_blocking,
      (select id from own) as own_id,
      (select at from own) as own_at`,
  ).then((rows) => rows[0] as KeyState);
}

const time = (value: string | Date | null) => (value === null ? undefined : new Date(value).getTime());

/**
 * Takes `cost` of every limit of `takes` for publication `publicationId` at `now`, in one
 * transaction: true when it may be sent now (its share is counted from now), else how many ms to
 * wait for its turn, which is booked for it. What is counted (rate_sends, per key): what was sent,
 * when; and the turns booked for posts waiting, so that each of them comes back once, at a time
 * it can go, rather than all of them at the first free moment (a hundred posts waiting on one X
 * account would each have tried again at every refill). A turn is not a licence: when its post
 * comes back, what was really sent in the window before is counted again, so a post coming back
 * late (a busy queue) never makes the sends closer than the limit allows; it keeps its turn and
 * waits until the send in the way leaves the window. Turns are given in order (a new post waits
 * behind those booked), and a turn left unused (its post cancelled) counts until its window
 * passes, erring on the safe side.
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
  const cost = (take: BudgetTake) => Math.min(take.cost, take.bucket.capacity);
  const nowMs = now.getTime();
  return db.transaction(async (tx) => {
    const states: KeyState[] = [];
    for (const take of ordered) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${take.key}, 7226))`);
      states.push(await keyState(tx, take, cost(take), now, publicationId));
    }
    if (states.every((state) => state.own_id !== null)) {
      const turnAt = Math.max(...states.map((state) => time(state.own_at) ?? 0));
      if (turnAt > nowMs) return turnAt - nowMs;
      // Its turn came: what was really sent in the window before now must leave room for it.
      const wait = Math.max(
        0,
        ...ordered.map(
          (take, i) => (time(states[i]?.sent_blocking ?? null) ?? -Infinity) + windowMs(take.bucket) - nowMs,
        ),
      );
      if (wait > 0) return Math.ceil(wait);
      for (const state of states)
        await tx.execute(
          sql`update rate_sends set sent = true, at = ${now.toISOString()}::timestamptz where id = ${state.own_id}`,
        );
      return true;
    }
    // A turn, behind every turn booked; what is left of an old one (some keys only) is given up.
    let at = nowMs;
    for (const [i, take] of ordered.entries()) {
      const state = states[i] as KeyState;
      if (state.own_id !== null) await tx.execute(sql`delete from rate_sends where id = ${state.own_id}`);
      at = Math.max(
        at,
        time(state.latest) ?? at,
        (time(state.blocking) ?? -Infinity) + windowMs(take.bucket),
      );
    }
    const sent = at <= nowMs;
    for (const take of ordered)
      await tx.execute(
        sql`insert into rate_sends (key, publication_id, cost, at, sent)
            values (${take.key}, ${publicationId}, ${cost(take)}, ${new Date(at).toISOString()}::timestamptz, ${sent})`,
      );
    return sent ? true : Math.max(1, Math.ceil(at - nowMs));
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
