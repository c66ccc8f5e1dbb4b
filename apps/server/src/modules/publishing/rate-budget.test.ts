import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, rawRows } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { type BudgetTake, type Bucket, takeBudget, windowMs } from './rate-budget.ts';

/** mulberry32: a seeded sequence, so a failure can be repeated. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The rate budgets (DESIGN.md §6): at most a limit's capacity in any window of its length, however
 * the posts come, and posts that must wait come back once each, at their turn.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await runMigrations(database);
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`delete from rate_sends`);
});

const T0 = Date.parse('2026-06-01T08:00:00Z');
const at = (ms: number) => new Date(T0 + ms);
const three: Bucket = { capacity: 3, perSecond: 3 / 10 };
const take = (key: string, bucket: Bucket, cost = 1): BudgetTake => ({ key, bucket, cost });

describe('takeBudget', () => {
  it('lets a window take its capacity at once, then books the waiting posts turns in order', async () => {
    const account = [take('account:1', three)];
    const answers = [];
    for (let id = 1; id <= 7; id++) answers.push(await takeBudget(database.db, account, at(0), id));
    const window = windowMs(three);
    expect(window).toBe(10_100);
    // Three now; the next three when the first three's window has passed; the seventh a window later.
    expect(answers).toEqual([true, true, true, window, window, window, 2 * window]);
    // Coming back early changes nothing: the same turn.
    expect(await takeBudget(database.db, account, at(5_000), 4)).toBe(window - 5_000);
    // At its turn it goes; a newcomer then waits behind the turns booked.
    expect(await takeBudget(database.db, account, at(window), 4)).toBe(true);
    expect(await takeBudget(database.db, account, at(window), 8)).toBe(window);
    // The three sent at 0 left the window and their rows with it.
    const rows = await rawRows<{ n: number }>(database.db, sql`select count(*)::int as n from rate_sends`);
    expect(rows[0]?.n).toBe(5);
  });

  it('counts what was really sent when a turn comes back: posts that went late push the next turn back', async () => {
    const account = [take('account:2', three)];
    const window = windowMs(three);
    for (let id = 1; id <= 3; id++) expect(await takeBudget(database.db, account, at(0), id)).toBe(true);
    for (let id = 4; id <= 7; id++) await takeBudget(database.db, account, at(0), id);
    // Posts 4 to 6 come back 5 s after their turn (a busy queue) and go then.
    for (let id = 4; id <= 6; id++)
      expect(await takeBudget(database.db, account, at(window + 5_000), id)).toBe(true);
    // Post 7's turn was a window after theirs; they went 5 s late, so it waits 5 s more, keeping its turn.
    expect(await takeBudget(database.db, account, at(2 * window), 7)).toBe(5_000);
    // Then the window holds its turn and room for a newcomer beside it.
    expect(await takeBudget(database.db, account, at(2 * window + 5_000), 7)).toBe(true);
    expect(await takeBudget(database.db, account, at(2 * window + 5_000), 8)).toBe(true);
    expect(await takeBudget(database.db, account, at(2 * window + 5_000), 9)).toBe(true);
    expect(await takeBudget(database.db, account, at(2 * window + 5_000), 10)).toBe(window);
  });

  it('books a turn that fits every limit of the post (the account and the platform)', async () => {
    const platform: Bucket = { capacity: 2, perSecond: 2 / 60 };
    const posts = (account: number) => [take(`account:${account}`, three), take('platform:demo', platform)];
    expect(await takeBudget(database.db, posts(1), at(0), 1)).toBe(true);
    expect(await takeBudget(database.db, posts(2), at(0), 2)).toBe(true);
    // The accounts have room; the platform's window (60 s) has not.
    expect(await takeBudget(database.db, posts(3), at(0), 3)).toBe(windowMs(platform));
    expect(await takeBudget(database.db, posts(1), at(0), 4)).toBe(windowMs(platform));
    expect(await takeBudget(database.db, posts(1), at(0), 5)).toBe(2 * windowMs(platform));
  });

  it('never lets more than the capacity out in any window, each waiting post told its turn', async () => {
    const bucket: Bucket = { capacity: 5, perSecond: 5 / 20 };
    const limit = [take('account:9', bucket)];
    const random = prng(42);
    const sent: number[] = [];
    const tries = new Map<number, number>();
    // 120 posts due over a minute, each coming back at its turn plus up to 2 s of a busy queue.
    let queue = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, due: Math.floor(random() * 60_000) }));
    while (queue.length > 0) {
      queue.sort((a, b) => a.due - b.due);
      const [next, ...rest] = queue;
      if (!next) break;
      queue = rest;
      tries.set(next.id, (tries.get(next.id) ?? 0) + 1);
      const answer = await takeBudget(database.db, limit, at(next.due), next.id);
      if (answer === true) sent.push(next.due);
      else queue.push({ id: next.id, due: next.due + answer + Math.floor(random() * 2_000) });
    }
    expect(sent).toHaveLength(120);
    const window = (bucket.capacity / bucket.perSecond) * 1000;
    sent.sort((a, b) => a - b);
    for (const [index, time] of sent.entries()) {
      const within = sent.filter((other) => other > time - window && other <= time).length;
      expect(within, `sends in the window ending at send ${index}`).toBeLessThanOrEqual(bucket.capacity);
    }
    // Waiting posts are told their turn instead of all trying at every free moment: a few tries
    // each (the turn, and a short wait when the posts before it went out late), where trying at
    // each free moment takes some twenty (120 posts, 5 a window).
    const counts = [...tries.values()];
    expect(Math.max(...counts)).toBeLessThanOrEqual(10);
    expect(counts.reduce((sum, n) => sum + n, 0) / counts.length).toBeLessThan(5);
  });
});
