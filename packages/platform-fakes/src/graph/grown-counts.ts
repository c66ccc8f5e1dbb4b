import type { FakeMetrics, FakePost } from '../posts.ts';

/**
 * A sandbox post's counts as they grow with its age (issue 23): a fresh sandbox shows statistics
 * without anyone setting them. Deterministic: the same post at the same time always has the same
 * counts, its size seeded by its id, every count non-decreasing as the post ages (most of it in
 * the first day or two, as on the platforms). Counts set on the post (tests, the inspection
 * routes) win over it: `countsOf`. Shared by the Graph, X, TikTok and YouTube fakes; each answers
 * only the metrics its platform documents.
 */

/** Each count as a share of the views it ends at (watch time: seconds per view). */
const PER_VIEW: Required<Record<keyof FakeMetrics, number>> = {
  views: 1,
  reach: 0.72,
  reactions: 0.06,
  comments: 0.012,
  shares: 0.009,
  saves: 0.007,
  videoViews: 0.55,
  watchTimeS: 9,
  linkClicks: 0.021,
};

/** Hours in which a post gets about 63% of what it ends at. */
const GROWTH_H = 20;

/** FNV-1a of the text, as a fraction in [0, 1). */
function seeded(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 2 ** 32;
}

export function grownCounts(post: Pick<FakePost, 'id' | 'createdAt'>, now: Date): FakeMetrics {
  const ageH = Math.max(0, (now.getTime() - post.createdAt.getTime()) / 3_600_000);
  const reached = 1 - Math.exp(-ageH / GROWTH_H);
  const finalViews = 300 + Math.floor(seeded(post.id) * 9_700);
  return Object.fromEntries(
    Object.entries(PER_VIEW).map(([name, share]) => {
      // A steady factor per post and count (0.75-1.25): posts differ, and each count only grows.
      const spread = 0.75 + seeded(`${post.id}:${name}`) / 2;
      return [name, Math.floor(finalViews * reached * share * spread)];
    }),
  );
}

/** The counts a fake answers for a post: those set on it, else, where counts grow, its grown ones. */
export function countsOf(post: FakePost, now: Date, grow: boolean): FakeMetrics {
  return grow && Object.keys(post.metrics).length === 0 ? grownCounts(post, now) : post.metrics;
}
