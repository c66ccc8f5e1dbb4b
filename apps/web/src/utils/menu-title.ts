import { type MenuTitles, menuTitle } from '@postdeck/contract/menu-item';
import type { TFunction } from 'i18next';
import { builtInRouteTitle, currentLanguage } from '../i18n/i18n';

/**
 * A menu entry's title in the interface language, from the entry itself: the administrator's
 * name for it, else the built-in translation of its key. Unlike routeTitle it ignores the names
 * of the signed-in user's loaded menu, so the editors show exactly what they hold.
 */
export const localMenuTitle = (name: string, titles: MenuTitles, t: TFunction): string =>
  menuTitle({ menu_name: name, titles }, currentLanguage(), (key) => builtInRouteTitle(key, t));
