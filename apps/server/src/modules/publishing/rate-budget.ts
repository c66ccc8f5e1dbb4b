import type { PublishingPlatform } from '@postdeck/contract/platforms';
import { sql } from 'drizzle-orm';
import { type Db, rawRows } from '../../db/client.ts';

/** A token bucket: at most `capacity` at once, refilled at `perSecond`. */
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
 * Takes `cost` from a bucket in one statement, refilled for the time since it was last touched:
 * true when it had enough. Every worker takes from the same row, so a burst of due posts never
 * exceeds the limit however many processes send them.
 */
async function takeOne(db: Db, take: BudgetTake, now: Date): Promise<number | true> {
  const { key, bucket, cost } = take;
  const at = now.toISOString();
  const refilled = sql`least(${bucket.capacity}::float8, rate_budgets.tokens + greatest(0, extract(epoch from (${at}::timestamptz - rate_budgets.refreshed_at))) * ${bucket.perSecond}::float8)`;
  const taken = await rawRows<{ tokens: number }>(
    db,
    sql`insert into rate_budgets (key, tokens, refreshed_at)
        values (${key}, ${bucket.capacity - cost}::float8, ${at}::timestamptz)
        on conflict (key) do update set tokens = ${refilled} - ${cost}::float8, refreshed_at = ${at}::timestamptz
        where ${refilled} >= ${cost}::float8
        returning tokens`,
  );
  if (taken.length > 0) return true;
  const [row] = await rawRows<{ tokens: number | string }>(
    db,
    sql`select ${refilled} as tokens from rate_budgets where key = ${key}`,
  );
  const available = Number(row?.tokens ?? 0);
  return Math.max(1, Math.ceil(((cost - available) / bucket.perSecond) * 1000));
}

/**
 * Takes from every bucket or from none (one transaction): true, or how many ms to wait before
 * the emptiest of them has enough again.
 */
export async function takeBudget(db: Db, takes: readonly BudgetTake[], now: Date): Promise<true | number> {
  class Short extends Error {
    readonly waitMs: number;
    constructor(waitMs: number) {
      super('rate budget short');
      this.waitMs = waitMs;
    }
  }
  try {
    await db.transaction(async (tx) => {
      for (const take of takes) {
        const result = await takeOne(tx, take, now);
        if (result !== true) throw new Short(result);
      }
    });
    return true;
  } catch (error) {
    if (error instanceof Short) return error.waitMs;
    throw error;
  }
}

/** The buckets one post to an account draws on. */
export function budgetsFor(platform: PublishingPlatform, accountId: number, cost = 1): BudgetTake[] {
  const limits = RATE_LIMITS[platform];
  return [
    { key: `account:${accountId}`, bucket: limits.account, cost },
    ...(limits.platform ? [{ key: `platform:${platform}`, bucket: limits.platform, cost }] : []),
  ];
}
