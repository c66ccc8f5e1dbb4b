import { type ContentListFilters, contentListQuerySchema } from '@postdeck/contract/content';
import { urlFilters } from '../../utils/url-filters';

/** The list's filters, paging and sort as the contract reads them (defaults filled in). */
export type ContentFilters = ContentListFilters;

const filters = urlFilters(contentListQuerySchema);

export const readContentFilters = filters.read;
export const writeContentFilters = filters.write;
export const toContentQuery = filters.toQuery;
