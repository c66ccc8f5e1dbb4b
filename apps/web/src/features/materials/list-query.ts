import { type MaterialListFilters, materialListQuerySchema } from '@postdeck/contract/materials';
import { urlFilters } from '../../utils/url-filters';

/** The library's filters, paging and sort as the contract reads them (defaults filled in). */
export type MaterialFilters = MaterialListFilters;

export const MATERIAL_VIEWS = ['grid', 'list'] as const;
export type MaterialView = (typeof MATERIAL_VIEWS)[number];

const filters = urlFilters(materialListQuerySchema);

export const readMaterialFilters = filters.read;
export const toMaterialQuery = filters.toQuery;

/** Grid unless the address says list. */
export const readView = (params: URLSearchParams): MaterialView =>
  params.get('view') === 'list' ? 'list' : 'grid';

/** The address for the filters and the view. */
export function writeMaterialFilters(values: Partial<MaterialFilters>, view: MaterialView): URLSearchParams {
  const params = filters.write(values);
  if (view !== 'grid') params.set('view', view);
  return params;
}
