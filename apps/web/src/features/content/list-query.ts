import {
  type ContentListFilters,
  type ContentListQuery,
  contentListQuerySchema,
} from '@postdeck/contract/content';

/** The list's filters, paging and sort as the contract reads them (defaults filled in). */
export type ContentFilters = ContentListFilters;

const DEFAULTS = contentListQuerySchema.parse({});

/**
 * The filters from the address. The contract's own schema reads them, so the page accepts
 * exactly what the server does; a value it refuses is dropped rather than breaking the page.
 */
export function readContentFilters(params: URLSearchParams): ContentFilters {
  const raw: Record<string, string> = Object.fromEntries(params);
  const parsed = contentListQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key)));
  return contentListQuerySchema.safeParse(kept).data ?? DEFAULTS;
}

/** The address for the filters: defaults and empty values left out, so links stay short. */
export function writeContentFilters(filters: Partial<ContentFilters>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || value === DEFAULTS[key as keyof ContentFilters]) continue;
    params.set(key, String(value));
  }
  return params;
}

/** The request query: the filters without defaults the server fills in itself. */
export const toContentQuery = (filters: ContentFilters): ContentListQuery =>
  Object.fromEntries(writeContentFilters(filters)) as ContentListQuery;
