import type { MenuItem } from '@postdeck/contract/menu';
import { describe, expect, it } from 'vitest';
import { affixViews, wheelScrollDelta } from './tags-view';

const entry = (url: string, name: string, children: MenuItem[] = []): MenuItem => ({
  menu_id: 1,
  menu_name: name,
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
