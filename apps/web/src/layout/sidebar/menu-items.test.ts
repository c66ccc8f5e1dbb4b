import type { MenuItem } from '@postdeck/contract/menu';
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { buildMenuItems, openKeysFor, visibleEntries } from './menu-items';

let nextId = 1;
const entry = (name: string, url: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  menu_id: nextId++,
  menu_name: name,
  titles: {},
  url,
  icon: `${name}Icon`,
  hidden: false,
  alwaysShow: false,
  sort: 0,
  children: [],
  ...extra,
});

const render = {
  title: (entry: MenuItem) => `T(${entry.menu_name})`,
  icon: (name: string) => (name ? `I(${name})` : undefined),
};

describe('buildMenuItems', () => {
  it('leaves out hidden entries and groups with nothing left to show', () => {
    const menu = [
      entry('content', '#', {
        children: [entry('list', '/list'), entry('secret', '/secret', { hidden: true })],
        alwaysShow: true,
      }),
      entry('empty', '#', { children: [entry('hiddenOnly', '/h', { hidden: true })] }),
      entry('hiddenTop', '/top', { hidden: true }),
    ];
    const items = buildMenuItems(menu, render);

    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      label: 'T(content)',
      icon: 'I(contentIcon)',
      children: [{ key: '/list', label: 'T(list)' }],
    });
  });

  it('shows a group with one visible child as that child, with the parent icon as fallback', () => {
    const menu = [entry('reports', '#', { children: [entry('statistics', '/stats', { icon: '' })] })];
    expect(buildMenuItems(menu, render)).toEqual([
      { key: '/stats', label: 'T(statistics)', title: 'T(statistics)', icon: 'I(reportsIcon)' },
    ]);
  });

  it('keeps the submenu for one child when alwaysShow is set or the child has children', () => {
    const always = entry('logs', '#', { alwaysShow: true, children: [entry('audit', '/audit')] });
    const nested = entry('outer', '#', {
      children: [entry('inner', '#', { children: [entry('a', '/a'), entry('b', '/b')] })],
    });
    const [first, second] = buildMenuItems([always, nested], render);

    expect(first).toMatchObject({ label: 'T(logs)', children: [{ key: '/audit' }] });
    expect(second).toMatchObject({
      label: 'T(outer)',
      children: [{ label: 'T(inner)', children: [{ key: '/a' }, { key: '/b' }] }],
    });
  });

  it('shows a page entry without visible children as a leaf at its own url', () => {
    const menu = [entry('list', '/list', { children: [entry('publish', '', { hidden: true })] })];
    expect(buildMenuItems(menu, render)).toMatchObject([{ key: '/list', label: 'T(list)' }]);
  });

  it('opens external links in a new tab instead of routing to them', () => {
    const [item] = buildMenuItems([entry('docs', 'https://docs.example.com')], render);
    const label = (item as { label: unknown }).label;

    expect(item).toMatchObject({ key: 'https://docs.example.com' });
    expect(isValidElement(label)).toBe(true);
    expect((label as { type: string; props: Record<string, unknown> }).props).toMatchObject({
      href: 'https://docs.example.com',
      target: '_blank',
      rel: 'noopener',
      children: 'T(docs)',
    });
  });

  it('orders entries by sort', () => {
    const menu = [entry('b', '/b', { sort: 20 }), entry('a', '/a', { sort: 10 })];
    expect(visibleEntries(menu).map((e) => e.menu_name)).toEqual(['a', 'b']);
  });
});

describe('openKeysFor', () => {
  it('names the submenus leading to an item', () => {
    const inner = entry('inner', '#', { children: [entry('a', '/a'), entry('b', '/b')] });
    const outer = entry('outer', '#', { children: [inner, entry('c', '/c')] });
    const items = buildMenuItems([outer], render);

    expect(openKeysFor(items, '/b')).toEqual([`menu:${outer.menu_id}`, `menu:${inner.menu_id}`]);
    expect(openKeysFor(items, '/c')).toEqual([`menu:${outer.menu_id}`]);
    expect(openKeysFor(items, '/nowhere')).toEqual([]);
  });
});
