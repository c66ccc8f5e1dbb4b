import { LANGUAGES } from '@postdeck/contract/constants';
import type { MenuAdminItem, MenuItem, MenuTitles } from '@postdeck/contract/menu';
import { type TreeNode, nestTree } from '../../utils/tree';

/** The entry on the form, unsaved: any field may still be missing; no id for a new entry. */
export type MenuDraft = Partial<Omit<MenuAdminItem, 'id'>> & { id?: number };

/** The id an entry not saved yet has in the preview. */
export const DRAFT_ID = -1;

/** The order the server gives siblings: `sort`, then id (the older entry first). */
export const bySortThenId = (a: Pick<MenuAdminItem, 'sort' | 'id'>, b: Pick<MenuAdminItem, 'sort' | 'id'>) =>
  a.sort - b.sort || a.id - b.id;

const NEW_ENTRY: Omit<MenuAdminItem, 'id'> = {
  parentId: null,
  builtIn: false,
  kind: 'menu',
  name: '',
  titles: {},
  url: '',
  icon: '',
  hidden: false,
  alwaysShow: false,
  sort: 0,
  permissions: [],
};

/** Titles as the server keeps them: trimmed, empty ones left out. */
export function cleanTitles(titles: MenuTitles | undefined): MenuTitles {
  const clean: MenuTitles = {};
  for (const lang of LANGUAGES) {
    const title = titles?.[lang]?.trim();
    if (title) clean[lang] = title;
  }
  return clean;
}

/**
 * The entries with the draft in place of the entry it edits, or added when it is new. The
 * name follows the server's rule: an added entry is named by its English title (what the
 * other languages fall back to); a built-in one keeps its i18n key.
 */
export function applyDraft(items: readonly MenuAdminItem[], draft: MenuDraft): MenuAdminItem[] {
  const current = draft.id === undefined ? undefined : items.find((item) => item.id === draft.id);
  const given = Object.fromEntries(
    Object.entries(draft).filter(([, value]) => value !== undefined),
  ) as Partial<MenuAdminItem>;
  const merged: MenuAdminItem = { ...NEW_ENTRY, ...current, ...given, id: current?.id ?? DRAFT_ID };
  merged.titles = cleanTitles(merged.titles);
  merged.url = merged.url.trim();
  if (!merged.builtIn) merged.name = merged.titles.en ?? current?.name ?? '';
  return current ? items.map((item) => (item.id === current.id ? merged : item)) : [...items, merged];
}

const toMenuItems = (nodes: readonly TreeNode<MenuAdminItem>[]): MenuItem[] =>
  nodes
    // Actions are permissions, not places: they and anything under them never show.
    .filter((node) => node.kind === 'menu')
    .map((node) => ({
      menu_id: node.id,
      menu_name: node.name,
      url: node.url,
      icon: node.icon,
      hidden: node.hidden,
      alwaysShow: node.alwaysShow,
      sort: node.sort,
      titles: node.titles,
      children: toMenuItems(node.children ?? []),
    }));

/**
 * The whole menu in the shape the sidebar is given (the dashboard's menuList), with the unsaved
 * draft applied: what the side menu would be once the draft is saved, for a user granted every
 * entry. Without a draft, the menu as saved. Hidden entries and empty groups stay here; the
 * sidebar's visibleEntries drops them.
 */
export function previewMenu(items: readonly MenuAdminItem[], draft?: MenuDraft): MenuItem[] {
  const entries = draft ? applyDraft(items, draft) : [...items];
  return toMenuItems(nestTree(entries.sort(bySortThenId)));
}
