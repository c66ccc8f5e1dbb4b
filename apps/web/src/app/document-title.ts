import type { TFunction } from 'i18next';
import { routeTitle } from '../i18n/i18n';

/** 'Postdeck · <the spec §1 product title>' in the interface language. */
export const productName = (t: TFunction): string => `${t('app.title')} · ${t('app.product')}`;

/** Checklist PG-1: '<page title> - <product>', or the product alone for a page without a title. */
export function documentTitle(titleKey: string | undefined, t: TFunction): string {
  const product = productName(t);
  return titleKey ? `${routeTitle(titleKey, t)} - ${product}` : product;
}
