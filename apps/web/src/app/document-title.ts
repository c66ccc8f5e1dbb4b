import type { TFunction } from 'i18next';
import { routeTitle } from '../i18n/i18n';

/** Checklist PG-1: '<page title> - Postdeck', or 'Postdeck' for a page without a title. */
export function documentTitle(titleKey: string | undefined, t: TFunction): string {
  const app = t('app.title');
  return titleKey ? `${routeTitle(titleKey, t)} - ${app}` : app;
}
