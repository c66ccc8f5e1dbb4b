import type { MenuItem } from '@postdeck/contract/menu';
import { describe, expect, it } from 'vitest';
import { affixViews, scrollLeftFor, wheelScrollDelta } from './tags-view';

const entry = (url: string, name: string, children: MenuItem[] = []): MenuItem => ({
  menu_id: 1,
  menu_name: name,
  titles: {},
  url,
  icon: '',
  hidden: false,
  alwaysShow: false,
  sort: 0,
  children,
});

describe('affixViews (TV-8)', () => {
  it('pins the landing page when the menu has it', () => {
    const menu = [entry('#', 'content', [entry('/api/content/contentList/deplist', 'departmentContent')])];
    expect(affixViews(menu)).toEqual([
      {
        path: '/api/content/contentList/deplist',
        fullPath: '/api/content/contentList/deplist',
        name: '/api/content/contentList/deplist',
        title: 'departmentContent',
        affix: true,
      },
    ]);
    expect(affixViews([entry('/other', 'other')])).toEqual([]);
  });
});

describe('wheelScrollDelta (TV-18)', () => {
  it('uses wheelDelta, else -deltaY*40, divided by 4', () => {
    expect(wheelScrollDelta({ deltaY: 3, wheelDelta: -120 })).toBe(-30);
    expect(wheelScrollDelta({ deltaY: 3 })).toBe(-30);
    expect(wheelScrollDelta({ deltaY: -1 })).toBe(10);
  });
});

describe('scrollLeftFor (TV-18)', () => {
  // Five 100 px tags, 5 px apart, in a 250 px bar.
  const tags = [0, 1, 2, 3, 4].map((i) => ({ left: 5 + i * 105, width: 100 }));
  const bar = (scrollLeft: number) => ({ scrollLeft, clientWidth: 250, scrollWidth: 530 });

  it('scrolls the first tag to the start and the last to the end', () => {
    expect(scrollLeftFor(tags, 0, bar(200))).toBe(0);
    expect(scrollLeftFor(tags, 4, bar(0))).toBe(280);
  });

  it('shows the next tag and 4 px past it when it lies beyond the right edge', () => {
    // Tag 2's next neighbour ends at 420; plus 4 px, minus the bar width.
    expect(scrollLeftFor(tags, 2, bar(0))).toBe(420 + 4 - 250);
  });

  it('shows the previous tag and 4 px before it when it lies before the left edge', () => {
    // Tag 1's previous neighbour starts at 5: the bar goes back to 1.
    expect(scrollLeftFor(tags, 1, bar(300))).toBe(1);
  });

  it('stays put when both neighbours are already visible', () => {
    const wide = { scrollLeft: 0, clientWidth: 600, scrollWidth: 600 };
    expect(scrollLeftFor(tags, 2, wide)).toBe(0);
  });
});
