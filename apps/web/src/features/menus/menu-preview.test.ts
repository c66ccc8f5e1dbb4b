import type { MenuAdminItem, MenuItem } from '@postdeck/contract/menu';
import { describe, expect, it } from 'vitest';
import { visibleEntries } from '../../layout/sidebar/menu-items';
import { DRAFT_ID, applyDraft, previewMenu } from './menu-preview';

const entry = (
  id: number,
  name: string,
  parentId: number | null,
  extra: Partial<MenuAdminItem> = {},
): MenuAdminItem => ({
  id,
  parentId,
  builtIn: true,
  kind: 'menu',
  name,
  titles: {},
  url: `/${name}`,
  icon: '',
  hidden: false,
  alwaysShow: false,
  sort: 0,
  permissions: [],
  ...extra,
});

/** system (#) > users, departments (+ action 'dept edit'); reports (#) > statistics. */
const ITEMS = [
  entry(1, 'system', null, { url: '#', sort: 5, icon: 'SettingOutlined' }),
  entry(2, 'users', 1, { sort: 1 }),
  entry(3, 'departments', 1, { sort: 0 }),
  entry(4, 'deptEdit', 3, { kind: 'action', url: '' }),
  entry(5, 'reports', null, { url: '#', sort: 1 }),
  entry(6, 'statistics', 5),
];

/** Names by level: 'system(departments,users)'. */
const outline = (menu: readonly MenuItem[]): string =>
  menu
    .map((item) =>
      item.children.length > 0 ? `${item.menu_name}(${outline(item.children)})` : item.menu_name,
    )
    .join(',');

describe('previewMenu', () => {
  it('nests the menu entries by parent, in sort order, without the actions', () => {
    const menu = previewMenu(ITEMS);
    expect(outline(menu)).toBe('reports(statistics),system(departments,users)');
    expect(menu[1]).toMatchObject({ menu_id: 1, url: '#', icon: 'SettingOutlined', titles: {} });
  });

  it('puts sort ties in id order', () => {
    const items = [entry(9, 'late', null), entry(8, 'early', null)];
    expect(outline(previewMenu(items))).toBe('early,late');
  });

  it('applies the draft to the entry it edits, moving it when the parent changes', () => {
    const menu = previewMenu(ITEMS, {
      id: 2,
      parentId: 5,
      titles: { en: '  People ', zh: '' },
      icon: 'UserOutlined',
      sort: 0,
    });
    expect(outline(menu)).toBe('reports(users,statistics),system(departments)');
    // A built-in entry keeps its key as name; empty titles are left out, the rest trimmed.
    expect(menu[0]?.children[0]).toMatchObject({
      menu_id: 2,
      menu_name: 'users',
      titles: { en: 'People' },
      icon: 'UserOutlined',
      url: '/users',
    });
  });

  it('adds a new entry, named by its English title', () => {
    const menu = previewMenu(ITEMS, {
      parentId: 1,
      kind: 'menu',
      titles: { en: 'Menus', ja: 'メニュー' },
      url: '/menus',
      sort: 3,
    });
    expect(outline(menu)).toBe('reports(statistics),system(departments,users,Menus)');
    expect(menu[1]?.children[2]).toMatchObject({
      menu_id: DRAFT_ID,
      menu_name: 'Menus',
      titles: { en: 'Menus', ja: 'メニュー' },
    });
  });

  it('renames an added entry with its English title, as the server does', () => {
    const items = [entry(7, 'Old name', null, { builtIn: false, titles: { en: 'Old name' } })];
    expect(applyDraft(items, { id: 7, titles: { en: 'New name' } })[0]?.name).toBe('New name');
    expect(applyDraft(items, { id: 7, titles: {} })[0]?.name).toBe('Old name');
  });

  it('leaves out a draft that is an action, and what it turns into an action', () => {
    expect(outline(previewMenu(ITEMS, { parentId: 1, kind: 'action', titles: { en: 'Export' } }))).toBe(
      'reports(statistics),system(departments,users)',
    );
    expect(outline(previewMenu(ITEMS, { id: 5, kind: 'action' }))).toBe('system(departments,users)');
  });

  it('keeps hidden entries for the sidebar to drop, with a group left empty', () => {
    const menu = previewMenu(ITEMS, { id: 6, hidden: true });
    expect(outline(menu)).toBe('reports(statistics),system(departments,users)');
    expect(outline(visibleEntries(menu))).toBe('system(departments,users)');
  });
});
