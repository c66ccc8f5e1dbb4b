import type { Language } from './constants.ts';

// The menu's shape and url rules without zod: the web shell reads them before it loads any
// schema (menu.ts holds the schemas and re-exports these for the server).

/**
 * An entry's name in each interface language, set by an administrator. A language left empty
 * falls back to `menu_name` (an i18n key for built-in entries, route.<name>).
 */
export type MenuTitles = Partial<Record<Language, string>>;
export const MENU_TITLE_MAX = 64;

/** A server menu entry as spec §3 names it, plus the ordering and display flags the shell needs. */
export interface MenuItem {
  menu_id: number;
  menu_name: string;
  url: string;
  icon: string;
  hidden: boolean;
  alwaysShow: boolean;
  sort: number;
  titles: MenuTitles;
  children: MenuItem[];
}

/** A url of '#' is a group with no page; http(s) urls are external links (spec §2). */
export const isGroupUrl = (url: string) => url === '#';
export const isExternalUrl = (url: string) => /^(https?:|mailto:|tel:)/.test(url);

/** The title a menu entry shows in `lang`: the administrator's, else the i18n key's. */
export const menuTitle = (
  entry: Pick<MenuItem, 'menu_name' | 'titles'>,
  lang: Language,
  translateKey: (name: string) => string,
) => entry.titles[lang] || translateKey(entry.menu_name);
