import { describe, expect, it } from 'vitest';
import { countsOf, grownCounts } from './grown-counts.ts';

const createdAt = new Date('2026-03-01T10:00:00Z');
const hours = (h: number) => new Date(createdAt.getTime() + h * 3_600_000);

describe('grown counts (the sandbox)', () => {
  it('are nothing at publication and grow with age, each count non-decreasing', () => {
    const post = { id: '1860000000000000042', createdAt };
    expect(Object.values(grownCounts(post, createdAt)).every((n) => n === 0)).toBe(true);
    let before = grownCounts(post, createdAt);
    for (const h of [1, 6, 24, 72, 168, 720]) {
      const after = grownCounts(post, hours(h));
      for (const [name, n] of Object.entries(after))
        expect(n, `${name} at ${h} h`).toBeGreaterThanOrEqual(before[name as keyof typeof before] ?? 0);
      before = after;
    }
    expect(before.views).toBeGreaterThan(0);
    expect(before.reactions).toBeGreaterThan(0);
  });

  it('are the same for the same post and time, and differ from post to post', () => {
    const at = hours(30);
    expect(grownCounts({ id: 'a', createdAt }, at)).toEqual(grownCounts({ id: 'a', createdAt }, at));
    expect(grownCounts({ id: 'a', createdAt }, at)).not.toEqual(grownCounts({ id: 'b', createdAt }, at));
  });

  it('give way to counts set on the post, and apply only where counts grow', () => {
    const post = { id: 'c', account: 'x', text: '', media: [], createdAt, metrics: {} };
    expect(countsOf(post, hours(30), false)).toEqual({});
    expect(countsOf(post, hours(30), true)).toEqual(grownCounts(post, hours(30)));
    const set = { ...post, metrics: { views: 5 } };
    expect(countsOf(set, hours(30), true)).toEqual({ views: 5 });
  });
});
